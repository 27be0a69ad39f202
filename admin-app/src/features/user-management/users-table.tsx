import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Checkbox,
  Group,
  Menu,
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
  IconDots,
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

type RowMenuProps = Pick<
  UsersTableProps,
  | 'onToggleActive'
  | 'onDelete'
  | 'onResetTwoFactor'
  | 'onResetPassword'
  | 'onResendInvitation'
  | 'onCorrectEmail'
> & { user: AppUser; name: string };

/**
 * "More actions" of another person's row: each item an icon and its name. Only what applies to the
 * row is listed (reset two-factor only when the account has it on); the server decides the rest
 * (an invitation already accepted, say) and the dialog or toast says so. Mantine's Menu gives the
 * keyboard: Enter or Space opens it, the arrows move, Escape closes it and focus returns here.
 */
function RowMenu({
  user,
  name,
  onToggleActive,
  onDelete,
  onResetTwoFactor,
  onResetPassword,
  onResendInvitation,
  onCorrectEmail,
}: RowMenuProps) {
  const { t } = useTranslation(namespace);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('menu.more', { name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onResetPassword ? (
          <Menu.Item
            leftSection={<IconKey size={16} aria-hidden />}
            onClick={() => onResetPassword(user)}
          >
            {t('menu.resetPassword')}
          </Menu.Item>
        ) : null}
        {onResendInvitation ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={() => onResendInvitation(user)}
          >
            {t('menu.resendInvitation')}
          </Menu.Item>
        ) : null}
        {onCorrectEmail ? (
          <Menu.Item
            leftSection={<IconAt size={16} aria-hidden />}
            onClick={() => onCorrectEmail(user)}
          >
            {t('menu.correctEmail')}
          </Menu.Item>
        ) : null}
        {user.hasTwoFactor ? (
          <Menu.Item
            leftSection={<IconShieldOff size={16} aria-hidden />}
            onClick={() => onResetTwoFactor(user)}
          >
            {t('menu.resetTwoFactor')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          leftSection={
            user.isActive ? (
              <IconUserOff size={16} aria-hidden />
            ) : (
              <IconUserCheck size={16} aria-hidden />
            )
          }
          onClick={() => onToggleActive(user)}
        >
          {user.isActive ? t('menu.deactivate') : t('menu.reactivate')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onDelete(user)}
        >
          {t('menu.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * One page of users: who they are (with their email and status), role, when they joined, their last
 * sign-in or 'Never', Edit, and the other actions in a "More actions" menu (not on the
 * administrator's own row: they change their own account in their profile). Headers sort on the server.
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
                  {/* Edit, the everyday action, stays an icon; the rest are named in a menu, so
                      the row's actions fit one line at 375 px and no icon has to be guessed. */}
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.edit', { name })}
                      onClick={() => onEdit(user)}
                    >
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                    {self ? null : (
                      <RowMenu
                        user={user}
                        name={name}
                        onToggleActive={onToggleActive}
                        onDelete={onDelete}
                        onResetTwoFactor={onResetTwoFactor}
                        onResetPassword={onResetPassword}
                        onResendInvitation={onResendInvitation}
                        onCorrectEmail={onCorrectEmail}
                      />
                    )}
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
