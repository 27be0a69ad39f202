import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconFileImport,
  IconRefresh,
  IconSchool,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  ROLES,
  USER_TOAST_MS,
  authAtom,
  errorMessageKey,
  type AppUser,
  type CreatedUser,
  type Role,
  type TeacherDeparture,
  type UserFilters,
} from '@portal/shared-data';
import { userMutations, userQueries } from '@portal/shared-data/queries';
import {
  ConfirmDialog,
  EmptyState,
  ErrorBanner,
  ListFilters,
  PagedResults,
  StatGrid,
  usePageOfFilters,
  useSearchParamAction,
  TemporaryPasswordDialog,
} from '@portal/shared-ui';
import { NEW_ITEM_PARAM } from '@portal/shared-data/paths';
import { namespace } from './i18n';
import { BulkUserActions } from './bulk-user-actions';
import { UsersExportButton } from './users-export-button';
import { TeacherDepartureDialog } from './teacher-departure-dialog';
import { userFailureText } from './user-failure';
import { UserFormModal } from './user-form-modal';
import { CorrectEmailModal } from './correct-email-modal';
import { ResetPasswordModal } from './reset-password-modal';
import { UserImportModal } from './user-import-modal';
import { UsersTable, type UserSort } from './users-table';

/** How long typing pauses before the search runs. */
const SEARCH_DEBOUNCE_MS = 300;

type Status = 'all' | 'active' | 'inactive';

type Filters = { search: string; role: Role | null; status: Status };

const NO_FILTERS: Filters = { search: '', role: null, status: 'all' };

/** Newest accounts first, the lists' default order. */
const DEFAULT_SORT: UserSort = { sortBy: 'createdAt', sortOrder: 'desc' };

type FormDialog = { kind: 'create' } | { kind: 'edit'; user: AppUser } | null;

/** A confirmation that keeps naming its user while it closes. */
type Confirming = { user: AppUser; open: boolean } | null;

const fullName = (user: AppUser) => `${user.firstName} ${user.lastName}`.trim();

/**
 * User Management (admins): the figures by role (one request), a server-side search over first
 * name, last name and email, role and status filters, sorting and paging on the server; create
 * (with a one-time temporary password), edit, deactivate or reactivate, reset two-factor sign-in
 * (a lost phone: every factor is removed, the person signs in with the password alone), delete, and
 * import from a CSV file. Deleting or deactivating a teacher asks what happens to their courses, as
 * Teacher Management does (the same hand-off dialog and calls). The database and the admin-users function refuse an admin's demoting, deactivating or
 * deleting themself; the screen does not offer it either.
 */
export default function UserManagementScreen() {
  const { t } = useTranslation(namespace);
  const { user: me } = useAtomValue(authAtom);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<UserSort>(DEFAULT_SORT);
  const [dialog, setDialog] = useState<FormDialog>(null);
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Confirming>(null);
  const [toggling, setToggling] = useState<Confirming>(null);
  const [resetting, setResetting] = useState<Confirming>(null);
  // A teacher leaving (deleted or deactivated) says what happens to their courses first.
  const [leaving, setLeaving] = useState<{ departure: TeacherDeparture; user: AppUser } | null>(
    null,
  );
  // Reset password: the dialog's user, then the one-time password it answered (shown once).
  const [resettingPassword, setResettingPassword] = useState<AppUser | null>(null);
  const [correctingEmail, setCorrectingEmail] = useState<AppUser | null>(null);
  const [oneTimePassword, setOneTimePassword] = useState<{ user: AppUser; password: string } | null>(
    null,
  );
  // The dashboard's Add User opens this screen with its dialog (`?new=1`).
  useSearchParamAction(NEW_ITEM_PARAM, () => setDialog({ kind: 'create' }));

  // A new search, filter or order starts again at page 1.
  const filterKey = JSON.stringify([search, filters.role, filters.status, sort]);
  const { page, setPage, settle } = usePageOfFilters(filterKey);
  const request: UserFilters = {
    search: search || undefined,
    role: filters.role ?? undefined,
    isActive: filters.status === 'all' ? undefined : filters.status === 'active',
    ...sort,
    page,
    limit: DEFAULT_PAGE_SIZE,
  };
  const users = useQuery(userQueries.list(request));
  const counts = useQuery(userQueries.roleCounts());
  const remove = useMutation(userMutations.adminDelete());
  const setActive = useMutation(userMutations.adminUpdate());
  const resetTwoFactor = useMutation(userMutations.adminResetTwoFactor());
  const resendInvitation = useMutation(userMutations.adminResendInvitation());

  // The bulk actions' selection: users of the shown page, kept with the page and filters it was
  // made on, so another page or filter starts with nothing selected.
  const selectionKey = `${filterKey}|${page}`;
  const [selectionOf, setSelectionOf] = useState<{ key: string; ids: Set<string> }>(() => ({
    key: selectionKey,
    ids: new Set(),
  }));
  const selection = selectionOf.key === selectionKey ? selectionOf.ids : new Set<string>();
  const setSelection = (ids: Set<string>) => setSelectionOf({ key: selectionKey, ids });

  const list = settle(users);
  const selectedUsers = (list?.items ?? []).filter(
    (user) => selection.has(user.id) && user.id !== me?.id,
  );
  const filtered =
    filters.search.trim() !== '' || filters.role !== null || filters.status !== 'all';
  const clearFilters = () => setFilters(NO_FILTERS);

  const failed = users.isError ? users : counts.isError ? counts : null;
  const refresh = () => {
    void users.refetch();
    void counts.refetch();
  };

  const toast = (message: string) =>
    notifications.show({ color: 'teal', message, autoClose: USER_TOAST_MS });

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove.mutateAsync(deleting.user.id);
    setDeleting((current) => current && { ...current, open: false });
    toast(t('toast.deleted'));
  };

  const confirmToggle = async () => {
    if (!toggling) return;
    const activate = !toggling.user.isActive;
    await setActive.mutateAsync({ id: toggling.user.id, changes: { isActive: activate } });
    setToggling((current) => current && { ...current, open: false });
    toast(activate ? t('toast.reactivated') : t('toast.deactivated'));
  };

  const nameOf = (user: AppUser) => fullName(user) || t('unknownPerson', { ns: 'common' });

  const confirmResetTwoFactor = async () => {
    if (!resetting) return;
    const { removed } = await resetTwoFactor.mutateAsync(resetting.user.id);
    setResetting((current) => current && { ...current, open: false });
    // Nothing to remove is said as it is, not as a success.
    if (removed === 0) {
      notifications.show({ color: 'blue', message: t('twoFactor.none'), autoClose: USER_TOAST_MS });
    } else {
      toast(t('twoFactor.done', { name: nameOf(resetting.user) }));
    }
  };

  // One click, no dialog: the mail only repeats what the account's creation sent.
  const sendInvitationAgain = (user: AppUser) =>
    resendInvitation.mutate(user.id, {
      onSuccess: () => toast(t('resendInvitation.sent', { email: user.email })),
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: t('resendInvitation.failed', {
            reason: userFailureText(error, t('resendInvitation.sendFailed'), t),
          }),
          autoClose: USER_TOAST_MS,
        }),
    });

  const roleOptions = ROLES.map((role) => ({
    value: role,
    label: t(`roles.${role}`, { ns: 'common' }),
  }));

  const togglingName = toggling
    ? fullName(toggling.user) || t('unknownPerson', { ns: 'common' })
    : '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t('subtitle')}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={users.isFetching && !users.isPending}
            onClick={refresh}
          >
            {t('refresh')}
          </Button>
          <UsersExportButton
            filters={{
              search: request.search,
              role: request.role,
              isActive: request.isActive,
              ...sort,
            }}
          />
          <Button
            variant="light"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            {t('importCsv')}
          </Button>
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('create')}
          </Button>
        </Group>
      </Group>

      <StatGrid
        loading={counts.isPending}
        items={[
          {
            label: t('stats.total'),
            value: counts.data?.total,
            icon: <IconUsers size={22} aria-hidden />,
          },
          {
            label: t('stats.students'),
            value: counts.data?.student,
            icon: <IconSchool size={22} aria-hidden />,
            color: 'blue',
          },
          {
            label: t('stats.teachers'),
            value: counts.data?.teacher,
            icon: <IconUsersGroup size={22} aria-hidden />,
            color: 'teal',
          },
          {
            label: t('stats.admins'),
            value: counts.data?.admin,
            icon: <IconShieldLock size={22} aria-hidden />,
            color: 'grape',
          },
        ]}
      />

      <ListFilters
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        search={filters.search}
        onSearchChange={(value) => setFilters((previous) => ({ ...previous, search: value }))}
        select={{
          label: t('filters.role'),
          allLabel: t('filters.allRoles'),
          options: roleOptions,
          value: filters.role,
          onChange: (value) =>
            setFilters((previous) => ({ ...previous, role: (value as Role | null) ?? null })),
        }}
        filtered={filtered}
        clearLabel={t('filters.clear')}
        onClear={clearFilters}
      >
        <SegmentedControl
          aria-label={t('filters.status')}
          value={filters.status}
          onChange={(value) => setFilters((previous) => ({ ...previous, status: value as Status }))}
          data={[
            { value: 'all', label: t('filters.all') },
            { value: 'active', label: t('filters.active') },
            { value: 'inactive', label: t('filters.inactive') },
          ]}
        />
      </ListFilters>

      {failed ? (
        <ErrorBanner
          title={t('loadError')}
          message={t(errorMessageKey(failed.error), { ns: 'errors' })}
          onRetry={refresh}
          retrying={users.isFetching || counts.isFetching}
        />
      ) : null}

      <BulkUserActions
        selected={selectedUsers}
        onClear={() => setSelection(new Set())}
        nameOf={nameOf}
      />

      <PagedResults
        results={list}
        countTitle={(count) => t('count', { count })}
        fetching={users.isFetching}
        loadingLabel={t('loading')}
        updatingLabel={t('updating')}
        filtered={filtered}
        filteredEmpty={{
          title: t('empty.filteredTitle'),
          description: t('empty.filteredDescription'),
          clearLabel: t('filters.clear'),
          onClear: clearFilters,
        }}
        empty={
          <EmptyState
            icon={<IconUsers aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
          />
        }
        page={page}
        onPageChange={setPage}
        pagerLabel={t('pager')}
      >
        <UsersTable
          users={list?.items ?? []}
          currentUserId={me?.id}
          sort={sort}
          onSortChange={setSort}
          onEdit={(user) => setDialog({ kind: 'edit', user })}
          onToggleActive={(user) =>
            user.role === 'teacher' && user.isActive
              ? setLeaving({ departure: 'deactivate', user })
              : setToggling({ user, open: true })
          }
          onDelete={(user) =>
            user.role === 'teacher'
              ? setLeaving({ departure: 'delete', user })
              : setDeleting({ user, open: true })
          }
          onResetTwoFactor={(user) => setResetting({ user, open: true })}
          onResetPassword={setResettingPassword}
          onResendInvitation={sendInvitationAgain}
          onCorrectEmail={setCorrectingEmail}
          selection={{ ids: selection, onChange: setSelection }}
        />
      </PagedResults>

      {dialog ? (
        <UserFormModal
          editing={dialog.kind === 'edit' ? dialog.user : null}
          currentUserId={me?.id}
          onClose={() => setDialog(null)}
          onCreated={(answer) => {
            setDialog(null);
            setCreated(answer);
            toast(t('toast.created'));
          }}
          onUpdated={() => {
            setDialog(null);
            toast(t('toast.updated'));
          }}
        />
      ) : null}

      {created ? (
        <TemporaryPasswordDialog
          title={t('password.title')}
          name={
            `${created.user.firstName} ${created.user.lastName}`.trim() ||
            t('unknownPerson', { ns: 'common' })
          }
          email={created.user.email}
          temporaryPassword={created.temporaryPassword}
          onClose={() => setCreated(null)}
        />
      ) : null}

      {resettingPassword ? (
        <ResetPasswordModal
          user={resettingPassword}
          name={nameOf(resettingPassword)}
          onClose={() => setResettingPassword(null)}
          onDone={({ temporaryPassword }) => {
            const user = resettingPassword;
            setResettingPassword(null);
            if (temporaryPassword) setOneTimePassword({ user, password: temporaryPassword });
            else toast(t('resetPassword.mailed', { email: user.email }));
          }}
        />
      ) : null}

      {correctingEmail ? (
        <CorrectEmailModal
          user={correctingEmail}
          name={nameOf(correctingEmail)}
          onClose={() => setCorrectingEmail(null)}
          onDone={(email) => {
            setCorrectingEmail(null);
            toast(t('correctEmail.sent', { email }));
          }}
        />
      ) : null}

      {oneTimePassword ? (
        <TemporaryPasswordDialog
          title={t('resetPassword.passwordTitle')}
          name={nameOf(oneTimePassword.user)}
          email={oneTimePassword.user.email}
          temporaryPassword={oneTimePassword.password}
          onClose={() => setOneTimePassword(null)}
        />
      ) : null}

      {importing ? <UserImportModal onClose={() => setImporting(false)} /> : null}

      {leaving ? (
        <TeacherDepartureDialog
          departure={leaving.departure}
          teacher={leaving.user}
          onClose={() => setLeaving(null)}
          onDone={(departure) => {
            setLeaving(null);
            toast(departure === 'delete' ? t('toast.deleted') : t('toast.deactivated'));
          }}
        />
      ) : null}

      <ConfirmDialog
        opened={deleting?.open ?? false}
        title={t('remove.title', {
          first: deleting?.user.firstName ?? '',
          last: deleting?.user.lastName ?? '',
        })}
        message={t('remove.message')}
        confirmLabel={t('remove.confirm')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => current && { ...current, open: false })}
        failedTitle={t('remove.failed')}
        describeError={(error) => userFailureText(error, t('remove.deleteFailed'), t)}
      />

      <ConfirmDialog
        opened={toggling?.open ?? false}
        title={
          toggling?.user.isActive === false
            ? t('status.reactivateTitle', { name: togglingName })
            : t('status.deactivateTitle', { name: togglingName })
        }
        message={
          toggling?.user.isActive === false
            ? t('status.reactivateMessage')
            : t('status.deactivateMessage')
        }
        confirmLabel={
          toggling?.user.isActive === false
            ? t('status.reactivateConfirm')
            : t('status.deactivateConfirm')
        }
        danger={toggling?.user.isActive !== false}
        onConfirm={confirmToggle}
        onCancel={() => setToggling((current) => current && { ...current, open: false })}
        failedTitle={t('status.failed')}
        describeError={(error) => userFailureText(error, t('form.saveFailed'), t)}
      />

      <ConfirmDialog
        opened={resetting?.open ?? false}
        title={t('twoFactor.title', { name: resetting ? nameOf(resetting.user) : '' })}
        message={t('twoFactor.message')}
        confirmLabel={t('twoFactor.confirm')}
        danger
        onConfirm={confirmResetTwoFactor}
        onCancel={() => setResetting((current) => current && { ...current, open: false })}
        failedTitle={t('twoFactor.failed')}
        describeError={(error) => userFailureText(error, t('twoFactor.resetFailed'), t)}
      />
    </Stack>
  );
}
