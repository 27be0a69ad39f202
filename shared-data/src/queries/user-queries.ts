import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { courseKeys, dashboardKeys, userKeys } from './keys';
import { unwrap } from './service-failure';
import {
  type BulkUserOperation,
  type NewUserInput,
  type PasswordResetMode,
  type UserChanges,
  type UserFilters,
  userManagementReadModel,
  usersService,
} from '@portal/shared-data';

export const userQueries = {
  list: (filters: UserFilters) =>
    queryOptions({
      queryKey: userKeys.list(filters),
      queryFn: () => unwrap(usersService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /**
   * Every user matching User Management's filters, for the CSV export. Read on demand with
   * `queryClient.fetchQuery(...)`; always fresh.
   */
  exportAll: (filters: Omit<UserFilters, 'page' | 'limit'>) =>
    queryOptions({
      queryKey: [...userKeys.all, 'export', filters],
      queryFn: () => unwrap(usersService.listForExport(filters)),
      staleTime: 0,
    }),
  teachers: () =>
    queryOptions({
      queryKey: userKeys.teachers(),
      queryFn: () => unwrap(usersService.listTeachers()),
    }),
  students: () =>
    queryOptions({
      queryKey: userKeys.students(),
      queryFn: () => unwrap(usersService.listStudents()),
    }),
  /** Users by role, in one request (the admin dashboard's cards). */
  roleCounts: () =>
    queryOptions({
      queryKey: userKeys.roleCounts(),
      queryFn: () => unwrap(userManagementReadModel.counts()),
    }),
  profile: (userId: string) =>
    queryOptions({
      queryKey: userKeys.profile(userId),
      queryFn: () => unwrap(usersService.getProfile(userId)),
    }),
  studentStats: (studentId: string) =>
    queryOptions({
      queryKey: userKeys.studentStats(studentId),
      queryFn: () => unwrap(usersService.getStudentStats(studentId)),
    }),
};

/** A person's name shows on courses, rosters and dashboards. */
const PEOPLE_VIEWS = [userKeys.all, courseKeys.all, dashboardKeys.all] as const;

export const userMutations = {
  /** The signed-in user's own personal fields. */
  update: () =>
    mutationOptions({
      mutationKey: ['users', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) =>
        unwrap(usersService.update(id, changes)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  uploadAvatar: () =>
    mutationOptions({
      mutationKey: ['users', 'upload-avatar'],
      mutationFn: ({ userId, file }: { userId: string; file: File }) =>
        unwrap(usersService.uploadAvatar(userId, file)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  /** The signed-in user's own avatar: the stored picture and the profile's URL. */
  removeAvatar: () =>
    mutationOptions({
      mutationKey: ['users', 'remove-avatar'],
      mutationFn: (userId: string) => unwrap(usersService.removeAvatar(userId)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  /** Admin: creates a user through the admin-users function (one-time temporary password). */
  adminCreate: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-create'],
      mutationFn: (input: NewUserInput) => unwrap(usersService.adminCreate(input)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  /**
   * Admin: imports the rows of a CSV file, in calls of USER_IMPORT_BATCH_SIZE; each row is created
   * or refused on its own (the result list, in order). `onProgress(done, total)` after each call.
   */
  adminImport: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-import'],
      mutationFn: ({
        users,
        onProgress,
      }: {
        users: readonly NewUserInput[];
        onProgress?: (done: number, total: number) => void;
      }) => unwrap(usersService.adminImport(users, onProgress)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  adminUpdate: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-update'],
      mutationFn: ({ id, changes }: { id: string; changes: UserChanges }) =>
        unwrap(usersService.adminUpdate(id, changes)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  adminDelete: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-delete'],
      mutationFn: (id: string) => unwrap(usersService.adminDelete(id)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  /** Admin: deactivates or deletes several accounts in one call; answers one result per id, in order. */
  adminBulk: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-bulk'],
      mutationFn: ({ operation, ids }: { operation: BulkUserOperation; ids: readonly string[] }) =>
        unwrap(usersService.adminBulk(operation, ids)),
      meta: { invalidates: PEOPLE_VIEWS },
    }),
  /** Admin: removes every two-factor factor of another account; answers `{ id, removed }`. */
  adminResetTwoFactor: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-reset-two-factor'],
      mutationFn: (id: string) => unwrap(usersService.adminResetTwoFactor(id)),
      meta: { invalidates: [userKeys.all] },
    }),
  /** Admin: a one-time password for another account, or its reset mail; answers `{ id, temporaryPassword }`. */
  adminResetPassword: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-reset-password'],
      mutationFn: ({
        id,
        mode,
        redirectTo,
      }: {
        id: string;
        mode: PasswordResetMode;
        redirectTo?: string;
      }) => unwrap(usersService.adminResetPassword(id, mode, redirectTo)),
    }),
  /** Admin: the welcome mail of an account again, until its owner has chosen a password. */
  adminResendInvitation: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-resend-invitation'],
      mutationFn: (id: string) => unwrap(usersService.adminResendInvitation(id)),
    }),
  /** Admin: mails a confirmation link to an account's corrected email; answers `{ id, pendingEmail }`. */
  adminCorrectEmail: () =>
    mutationOptions({
      mutationKey: ['users', 'admin-correct-email'],
      mutationFn: ({ id, email }: { id: string; email: string }) =>
        unwrap(usersService.adminCorrectEmail(id, email)),
    }),
};
