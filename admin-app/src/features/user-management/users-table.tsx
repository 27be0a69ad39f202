import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconAt,
  IconKey,
  IconMailForward,
  IconPencil,
  IconShieldOff,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AppUser, UserSortKey } from '@portal/shared-data';
import { RoleBadge, formatDate, useLanguage } from '@portal/shared-ui';
import { namespace as bulkNamespace } from './bulk-i18n';
import { namespace } from './i18n';

export type UserSort = { sortBy: UserSortKey; sortOrder: 'asc' | 'desc' };

export interface UsersTableProps {
  users: readonly AppUser[];
  /** The signed-in administrator, who cannot deactivate or delete their own account. */
  currentUserId: string | undefined;
  sort: UserSort;
  onSortChange: (sort: UserSort) => void;
  onEdit: (user: AppUser) => void;
  onToggleActive: (user: AppUser) => void;
  onDelete: (user: AppUser) => void;
  /** Reset two-factor sign-in (a lost phone): offered for every account but the administrator's own. */
  onResetTwoFactor: (user: AppUser) => void;
  /** Reset password (a one-time password or the reset mail); without it the action is not offered. */
  onResetPassword?: (user: AppUser) => void;
  /** Send the welcome mail again; without it the action is not offered. */
  onResendInvitation?: (user: AppUser) => void;
  /** Correct a mistyped sign-in email (through a confirmation); without it the action is not offered. */
  onCorrectEmail?: (user: AppUser) => void;
  /**
   * The bulk actions' selection (ids): with it, each row has a checkbox and the header one selects
   * every user of the page but the administrator's own account.
   */
  selection?: {
    ids: ReadonlySet<string>;
    onChange: (ids: Set<string>) => void;
  };
}

/** A column's first click: names and roles A→Z, dates newest first. */
const FIRST_ORDER: Record<UserSortKey, 'asc' | 'desc'> = {
  name: 'asc',
  email: 'asc',
  role: 'asc',
  createdAt: 'desc',
  lastLogin: 'desc',
};

function SortableHeader({
  label,
  sortKey,
  sort,
  onSortChange,
  wide = false,
}: {
  label: string;
  sortKey: UserSortKey;
  /** Shown from the `sm` breakpoint only (the phone layout folds the column into the user cell). */
  wide?: boolean;
  sort: UserSort;
  onSortChange: (sort: UserSort) => void;
}) {
  const active = sort.sortBy === sortKey;
  const Icon = !active ? IconArrowsSort : sort.sortOrder === 'asc' ? IconArrowUp : IconArrowDown;
  const next = (): UserSort =>
    active
      ? { sortBy: sortKey, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' }
      : { sortBy: sortKey, sortOrder: FIRST_ORDER[sortKey] };
  return (
    // aria-sort tells screen readers the column and direction of the order.
    <Table.Th
      aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : undefined}
      visibleFrom={wide ? 'sm' : undefined}
    >
      <UnstyledButton onClick={() => onSortChange(next())} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden stroke={active ? 2.2 : 1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * One page of users: who they are (with their email and status), role, when they joined, their last
 * sign-in or 'Never', and Edit / Deactivate or Reactivate / Reset two-factor sign-in / Delete. Headers sort on the server.
 * On phones the two date columns fold into a line under the name, so nothing scrolls sideways.
 */
export function UsersTable({
  users,
  currentUserId,
  sort,
  onSortChange,
  onEdit,
  onToggleActive,
  onDelete,
  onResetTwoFactor,
  onResetPassword,
  onResendInvitation,
  onCorrectEmail,
  selection,
}: UsersTableProps) {
  const { t } = useTranslation(namespace);
  const { t: tBulk } = useTranslation(bulkNamespace);
  const selectable = users.filter((user) => user.id !== currentUserId);
  const selectedCount = selectable.filter((user) => selection?.ids.has(user.id)).length;
  const toggle = (id: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.ids);
    if (on) next.add(id);
    else next.delete(id);
    selection.onChange(next);
  };
  const { language } = useLanguage();
  const header = { sort, onSortChange };

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table verticalSpacing="sm" highlightOnHover miw={{ sm: 760 }}>
        <Table.Caption>{t('table.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection ? (
              <Table.Th w={40}>
                {/* The column's name for screen readers; the checkbox says what it does. */}
                <VisuallyHidden>{tBulk('select.column')}</VisuallyHidden>
                <Checkbox
                  aria-label={tBulk('select.all')}
                  checked={selectable.length > 0 && selectedCount === selectable.length}
                  indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={(event) =>
                    selection.onChange(
                      new Set(event.currentTarget.checked ? selectable.map((user) => user.id) : []),
                    )
                  }
                />
              </Table.Th>
            ) : null}
            <SortableHeader label={t('table.user')} sortKey="name" {...header} />
            <SortableHeader label={t('table.role')} sortKey="role" wide {...header} />
            <SortableHeader label={t('table.joined')} sortKey="createdAt" wide {...header} />
            <SortableHeader label={t('table.lastLogin')} sortKey="lastLogin" wide {...header} />
            <Table.Th>{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
            const name =
              `${user.firstName} ${user.lastName}`.trim() || t('unknownPerson', { ns: 'common' });
            const self = user.id === currentUserId;
            const joined = formatDate(user.createdAt, language);
            const lastLogin = user.lastLogin
              ? formatDate(user.lastLogin, language)
              : t('table.never');
            return (
              <Table.Tr key={user.id}>
                {selection ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={self ? tBulk('select.self') : tBulk('select.row', { name })}
                      disabled={self}
                      checked={!self && selection.ids.has(user.id)}
                      onChange={(event) => toggle(user.id, event.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      src={user.avatar}
                      name={name}
                      color="initials"
                      alt=""
                      size="md"
                      visibleFrom="xs"
                    />
                    <Stack gap={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={600}>
                          {name}
                        </Text>
                        {self ? (
                          <Badge size="xs" variant="outline">
                            {t('table.you')}
                          </Badge>
                        ) : null}
                        {user.isActive ? null : (
                          <Badge size="xs" color="gray">
                            {t('table.inactive')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {user.email}
                      </Text>
                      <Text size="xs" c="dimmed" hiddenFrom="sm">
                        {t('table.datesLine', { joined, lastLogin })}
                      </Text>
                      {/* Phones: the role under the name, like the dates, so the row's actions fit
                          375 px and the badge is never squeezed to 'STU…'. */}
                      <Box hiddenFrom="sm" mt={4}>
                        <RoleBadge role={user.role} />
                      </Box>
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <RoleBadge role={user.role} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{joined}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" c={user.lastLogin ? undefined : 'dimmed'}>
                    {lastLogin}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* On a phone the actions wrap onto a second line rather than widen the table. */}
                  <Group gap={4} wrap="wrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.edit', { name })}
                      onClick={() => onEdit(user)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color={user.isActive ? 'orange' : 'teal'}
                      aria-label={
                        self
                          ? t('actions.deactivateSelf')
                          : user.isActive
                            ? t('actions.deactivate', { name })
                            : t('actions.reactivate', { name })
                      }
                      disabled={self}
                      onClick={() => onToggleActive(user)}
                    >
                      {user.isActive ? (
                        <IconUserOff size={18} aria-hidden />
                      ) : (
                        <IconUserCheck size={18} aria-hidden />
                      )}
                    </ActionIcon>
                    {onResetPassword ? (
                      <ActionIcon
                        variant="subtle"
                        color="indigo"
                        aria-label={
                          self ? t('actions.resetPasswordSelf') : t('actions.resetPassword', { name })
                        }
                        disabled={self}
                        onClick={() => onResetPassword(user)}
                      >
                        <IconKey size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                    {onResendInvitation && !self ? (
                      <ActionIcon
                        variant="subtle"
                        color="cyan"
                        aria-label={t('actions.resendInvitation', { name })}
                        onClick={() => onResendInvitation(user)}
                      >
                        <IconMailForward size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                    {onCorrectEmail && !self ? (
                      <ActionIcon
                        variant="subtle"
                        color="blue"
                        aria-label={t('actions.correctEmail', { name })}
                        onClick={() => onCorrectEmail(user)}
                      >
                        <IconAt size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                    {/* Offered only for an account with two-factor on (the list says so). */}
                    {user.hasTwoFactor ? (
                      <ActionIcon
                        variant="subtle"
                        color="grape"
                        aria-label={
                          self
                            ? t('actions.resetTwoFactorSelf')
                            : t('actions.resetTwoFactor', { name })
                        }
                        disabled={self}
                        onClick={() => onResetTwoFactor(user)}
                      >
                        <IconShieldOff size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={self ? t('actions.deleteSelf') : t('actions.delete', { name })}
                      disabled={self}
                      onClick={() => onDelete(user)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
