import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  toAppUser,
  USER_COLUMNS,
  USER_LIST_COLUMNS,
  type AppUser,
  type Role,
  type UserRow,
} from '../mappers/user';
import {
  toAdminCreateBody,
  toAdminUpdateBody,
  toUserWriteRow,
  type NewUserInput,
  type UserChanges,
} from '../mappers/user-changes';
import type { PageRequest, Paged } from '../rules/paging';
import { importBatches, type UserImportResult } from '../rules/user-import';
import { STORAGE_BUCKETS, avatarObjectName } from '../rules/storage-names';
import { isAcceptedAvatar, sizeProblem } from '../rules/uploads';
import { toNumber } from '../mappers/fields';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { invokeFunction } from './edge-functions';
import {
  everyWordInAnyColumn,
  containsPattern,
  nothingChanged,
  pageWindow,
  readAllPages,
  toPagedResult,
} from './list-query';
import { fileTooLarge, fromStorageError, uploadObject } from './storage';

/** Teacher and student lists are capped at 100. */
export const TEACHER_LIST_LIMIT = 100;
/** How many teachers a picker offers: hosted Supabase's default `max_rows`. */
export const TEACHER_PICKER_LIMIT = 1000;

/** What the user list sorts by (User Management's sortable columns). */
export type UserSortKey = 'createdAt' | 'name' | 'email' | 'role' | 'lastLogin';

/** User list filters. */
export type UserFilters = PageRequest & {
  role?: Role;
  isActive?: boolean;
  /** Location contains it. */
  location?: string;
  /** First name, last name or email contains it. */
  search?: string;
  /** Default createdAt, newest first. */
  sortBy?: UserSortKey;
  sortOrder?: 'asc' | 'desc';
};

/** The columns of each sort, in order; `id` always breaks ties so pages never overlap. */
const USER_SORT_COLUMNS: Record<UserSortKey, readonly string[]> = {
  createdAt: ['created_at'],
  name: ['first_name', 'last_name'],
  email: ['email'],
  role: ['role'],
  lastLogin: ['last_sign_in_at'],
};

/** `get_student_stats`: active and completed courses, hours attended, average progress. */
export type StudentStats = {
  enrolledCourses: number;
  completedCourses: number;
  totalStudyHours: number;
  averageProgress: number;
};

type StudentStatsReply = {
  enrolled_courses: number | string | null;
  completed_courses: number | string | null;
  total_study_hours: number | string | null;
  average_progress: number | string | null;
} | null;

/** The admin-users function's answer to a create: the profile and its one-time password. */
export type CreatedUser = { user: AppUser; temporaryPassword: string };

type CreatedUserReply = { user: UserRow; temporaryPassword: string };

/** The admin-users function's answer to an `import` call: one result per row sent, in order. */
type ImportReply = {
  results: Array<
    | { index: number; status: 'created'; user: UserRow; temporaryPassword: string }
    | {
        index: number;
        status: 'failed';
        code: string;
        message: string;
        details?: Record<string, unknown>;
      }
  >;
};

// No fixed product text exists for these; the provider's message is used whenever it has one.
const UPLOAD_AVATAR_FAILED = 'Failed to upload avatar';
const REMOVE_AVATAR_FAILED = 'Failed to remove avatar';
/** A user's avatar folder holds one picture; the listing is bounded all the same. */
const AVATAR_FOLDER_LIMIT = 100;
const STUDENT_STATS_FAILED = 'Failed to fetch student statistics';
const AVATAR_MUST_BE_IMAGE = 'An avatar must be a JPEG, PNG, WebP or GIF picture';
const ADMIN_USERS_FUNCTION = 'admin-users';
const RESET_TWO_FACTOR_FAILED = 'Failed to reset two-factor sign-in';
const RESET_PASSWORD_FAILED = 'Failed to reset the password';
const RESEND_INVITATION_FAILED = 'Failed to send the invitation again';
const CORRECT_EMAIL_FAILED = 'Failed to correct the email';

async function getProfile(id: string): Promise<Result<AppUser | null>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const { data, error } = await getClient()
      .from('users')
      .select(USER_COLUMNS)
      .eq('id', id)
      .maybeSingle<UserRow>();
    if (error)
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchUsersFailed);
    return ok(data ? toAppUser(data) : null);
  });
}

/**
 * Every teacher by name, for the pickers (a course's teacher, the calendar's filter, a hand-off's
 * new teacher). The spec's list limit of 100 newest would hide a large school's longest-serving
 * teachers from every picker; TEACHER_PICKER_LIMIT is hosted Supabase's default `max_rows`.
 */
async function listTeachers(): Promise<Result<AppUser[]>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchTeachersFailed, async () => {
    const { data, error } = await getClient()
      .from('users')
      .select(USER_COLUMNS)
      .eq('role', 'teacher')
      .order('first_name', { ascending: true })
      .order('last_name', { ascending: true })
      .order('id', { ascending: true })
      .limit(TEACHER_PICKER_LIMIT)
      .overrideTypes<UserRow[], { merge: false }>();
    if (error)
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchTeachersFailed);
    return ok(data.map(toAppUser));
  });
}

/**
 * User Management's query: its filters (search, role, status, location) and its order, `id` last so
 * pages never overlap. The list reads one range of it, the CSV export every range.
 */
function userManagementQuery(filters: UserFilters, count?: 'exact') {
  // In the same request, whether each account has two-factor on (User Management's reset).
  let query = getClient()
    .from('users')
    .select(USER_LIST_COLUMNS, count ? { count } : undefined);
  if (filters.role) query = query.eq('role', filters.role);
  if (filters.isActive !== undefined) query = query.eq('is_active', filters.isActive);
  const location = containsPattern(filters.location);
  if (location) query = query.ilike('location', location);
  // Word by word, so a full name ("Ana García") finds the person as a first or last name alone does.
  for (const word of everyWordInAnyColumn(['first_name', 'last_name', 'email'], filters.search))
    query = query.or(word);
  const ascending = (filters.sortOrder ?? 'desc') === 'asc';
  for (const column of USER_SORT_COLUMNS[filters.sortBy ?? 'createdAt']) {
    // Only the last sign-in can be missing: "never" sorts after every date, either way.
    query = query.order(
      column,
      column === 'last_sign_in_at' ? { ascending, nullsFirst: false } : { ascending },
    );
  }
  return query.order('id', { ascending: true });
}

/**
 * Every user matching User Management's filters (its search, role and status; not its page), in its
 * order, for the CSV export.
 */
async function listForExport(
  filters: Omit<UserFilters, 'page' | 'limit'> = {},
): Promise<Result<AppUser[]>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const { rows, error } = await readAllPages<UserRow>((from, to) =>
      userManagementQuery(filters).range(from, to).overrideTypes<UserRow[], { merge: false }>(),
    );
    if (error) return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchUsersFailed);
    return ok(rows.map(toAppUser));
  });
}

/** Default sort: newest first. A user who never signed in sorts last by last login, either way. */
async function list(filters: UserFilters = {}): Promise<Result<Paged<AppUser>>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const window = pageWindow(filters);
    const response = await userManagementQuery(filters, 'exact')
      .range(window.from, window.to)
      .overrideTypes<UserRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toAppUser,
      'FETCH_USERS_ERROR',
      ERROR_MESSAGES.fetchUsersFailed,
    );
  });
}

/** Students, newest first, up to TEACHER_LIST_LIMIT (a teacher sees only their own students). */
async function listStudents(): Promise<Result<AppUser[]>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchStudentsFailed, async () => {
    const { data, error } = await getClient()
      .from('users')
      .select(USER_COLUMNS)
      .eq('role', 'student')
      .order('created_at', { ascending: false })
      .limit(TEACHER_LIST_LIMIT)
      .overrideTypes<UserRow[], { merge: false }>();
    if (error)
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchStudentsFailed);
    return ok(data.map(toAppUser));
  });
}

/**
 * Updates a profile: anyone their own personal fields; an admin also role and status (the
 * database refuses those from anyone else).
 */
async function update(id: string, changes: UserChanges): Promise<Result<AppUser>> {
  return settle('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed, async () => {
    const { data, error } = await getClient()
      .from('users')
      .update(toUserWriteRow(changes))
      .eq('id', id)
      .select(USER_COLUMNS)
      .maybeSingle<UserRow>();
    if (error)
      return fromPostgrestError('UPDATE_USERS_ERROR', error, ERROR_MESSAGES.updateUserFailed);
    return data
      ? ok(toAppUser(data))
      : nothingChanged('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed);
  });
}

/**
 * Removes the pictures stored in the user's avatar folder, except `keep` (the one just uploaded).
 * Storage answers a removal the policies refuse with no rows rather than an error: that is a
 * refusal too.
 */
async function removeStoredAvatars(
  userId: string,
  keep: string | null,
): Promise<{ error: unknown }> {
  const bucket = getClient().storage.from(STORAGE_BUCKETS.avatars);
  const listed = await bucket.list(userId, { limit: AVATAR_FOLDER_LIMIT });
  if (listed.error) return { error: listed.error };
  const stale = (listed.data ?? [])
    .filter((entry) => entry.id !== null)
    .map((entry) => `${userId}/${entry.name}`)
    .filter((name) => name !== keep);
  if (stale.length === 0) return { error: null };
  const removed = await bucket.remove(stale);
  if (removed.error) return { error: removed.error };
  return (removed.data ?? []).length < stale.length
    ? { error: { message: REMOVE_AVATAR_FAILED, status: 403 } }
    : { error: null };
}

/**
 * Replaces the user's avatar: stores the picture under a new name (`avatars/<userId>/<timestamp>-<random>.<ext>`,
 * so no browser or CDN keeps the old one) and points the profile at that object name; the database
 * holds names, never addresses, and the page builds the URL from its own project (avatarOf).
 * The previous pictures are removed afterwards; if that fails the new avatar still stands, and the
 * next replace or remove clears the leftovers (it removes the whole folder's rest).
 */
async function uploadAvatar(userId: string, file: File): Promise<Result<AppUser>> {
  return settle('UPLOAD_AVATAR_ERROR', UPLOAD_AVATAR_FAILED, async () => {
    if (!isAcceptedAvatar(file)) return fail('UPLOAD_AVATAR_ERROR', AVATAR_MUST_BE_IMAGE);
    const tooLarge = sizeProblem(STORAGE_BUCKETS.avatars, file.size);
    if (tooLarge) return fileTooLarge('UPLOAD_AVATAR_ERROR', tooLarge, file.size);
    const objectName = avatarObjectName(userId, file.name);
    const stored = await uploadObject(STORAGE_BUCKETS.avatars, objectName, file);
    if (stored.error) {
      return fromStorageError('UPLOAD_AVATAR_ERROR', stored.error, UPLOAD_AVATAR_FAILED);
    }
    const { data, error } = await getClient()
      .from('users')
      .update({ avatar_url: objectName })
      .eq('id', userId)
      .select(USER_COLUMNS)
      .maybeSingle<UserRow>();
    if (error) return fromPostgrestError('UPLOAD_AVATAR_ERROR', error, UPLOAD_AVATAR_FAILED);
    if (!data) return nothingChanged('UPLOAD_AVATAR_ERROR', UPLOAD_AVATAR_FAILED);
    await removeStoredAvatars(userId, objectName);
    return ok(toAppUser(data));
  });
}

/**
 * Removes the user's avatar: the stored picture first, then the profile's URL (so a failure never
 * leaves a profile pointing at a picture that stays public; removing again completes a half-done
 * removal).
 */
async function removeAvatar(userId: string): Promise<Result<AppUser>> {
  return settle('UPDATE_USERS_ERROR', REMOVE_AVATAR_FAILED, async () => {
    const removed = await removeStoredAvatars(userId, null);
    if (removed.error) {
      return fromStorageError('UPDATE_USERS_ERROR', removed.error, REMOVE_AVATAR_FAILED);
    }
    const { data, error } = await getClient()
      .from('users')
      .update({ avatar_url: null })
      .eq('id', userId)
      .select(USER_COLUMNS)
      .maybeSingle<UserRow>();
    if (error) return fromPostgrestError('UPDATE_USERS_ERROR', error, REMOVE_AVATAR_FAILED);
    return data ? ok(toAppUser(data)) : nothingChanged('UPDATE_USERS_ERROR', REMOVE_AVATAR_FAILED);
  });
}

/**
 * An admin creates an account through the `admin-users` edge function: a confirmed email, a
 * profile with the optional fields, and a generated temporary password shown once.
 */
async function adminCreate(input: NewUserInput): Promise<Result<CreatedUser>> {
  return settle('CREATE_USERS_ERROR', ERROR_MESSAGES.createUserFailed, async () => {
    const reply = await invokeFunction<CreatedUserReply>(
      ADMIN_USERS_FUNCTION,
      toAdminCreateBody(input),
      'CREATE_USERS_ERROR',
      ERROR_MESSAGES.createUserFailed,
    );
    if (!reply.success) return reply;
    const { user, temporaryPassword } = reply.data;
    return ok({ user: toAppUser(user), temporaryPassword });
  });
}

/**
 * An admin imports accounts through the edge function's `import` action, USER_IMPORT_BATCH_SIZE rows
 * per call, one call after another (`onProgress(done, total)` after each). Each row is answered on
 * its own, in the order given: created with its one-time password, or failed with the function's
 * refusal (its `code` in `details.code`, as for a single create). A call that fails as a whole fails
 * its rows and every later one with that error, and nothing more is sent.
 */
async function adminImport(
  inputs: readonly NewUserInput[],
  onProgress?: (done: number, total: number) => void,
): Promise<Result<UserImportResult[]>> {
  return settle('CREATE_USERS_ERROR', ERROR_MESSAGES.createUserFailed, async () => {
    const results: UserImportResult[] = [];
    for (const batch of importBatches(inputs)) {
      const reply = await invokeFunction<ImportReply>(
        ADMIN_USERS_FUNCTION,
        // Each row is a create's body without its action.
        {
          action: 'import',
          users: batch.map((input) => ({ ...toAdminCreateBody(input), action: undefined })),
        },
        'CREATE_USERS_ERROR',
        ERROR_MESSAGES.createUserFailed,
      );
      if (!reply.success) {
        while (results.length < inputs.length)
          results.push({ status: 'failed', error: reply.error });
        break;
      }
      batch.forEach((_, index) => {
        const row = reply.data?.results?.find((result) => result.index === index);
        if (row?.status === 'created') {
          results.push({
            status: 'created',
            userId: row.user.id,
            temporaryPassword: row.temporaryPassword,
          });
        } else {
          results.push({
            status: 'failed',
            error: {
              code: 'CREATE_USERS_ERROR',
              message: row?.message || ERROR_MESSAGES.createUserFailed,
              details: { ...row?.details, ...(row?.code ? { code: row.code } : {}) },
            },
          });
        }
      });
      onProgress?.(results.length, inputs.length);
    }
    return ok(results);
  });
}

/** An admin updates an account (names, role, status, profile fields) through the edge function. */
async function adminUpdate(id: string, changes: UserChanges): Promise<Result<AppUser>> {
  return settle('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed, async () => {
    const reply = await invokeFunction<{ user?: UserRow } | null>(
      ADMIN_USERS_FUNCTION,
      toAdminUpdateBody(id, changes),
      'UPDATE_USERS_ERROR',
      ERROR_MESSAGES.updateUserFailed,
    );
    if (!reply.success) return reply;
    if (reply.data?.user) return ok(toAppUser(reply.data.user));
    // The function answered without the profile: read it back.
    const profile = await getProfile(id);
    if (!profile.success)
      return fail('UPDATE_USERS_ERROR', profile.error.message, profile.error.details);
    return profile.data
      ? ok(profile.data)
      : nothingChanged('UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed);
  });
}

/** An admin deletes an account and its profile through the edge function. */
async function adminDelete(id: string): Promise<Result<null>> {
  return settle('DELETE_USERS_ERROR', ERROR_MESSAGES.deleteUserFailed, async () => {
    const reply = await invokeFunction<unknown>(
      ADMIN_USERS_FUNCTION,
      { action: 'delete', id },
      'DELETE_USERS_ERROR',
      ERROR_MESSAGES.deleteUserFailed,
    );
    return reply.success ? ok(null) : reply;
  });
}

/** What a bulk action does to each selected account. */
export type BulkUserOperation = 'deactivate' | 'delete';

/**
 * One account of a bulk action: done, or refused with the function's code (CANNOT_DELETE_SELF,
 * CANNOT_DEMOTE_SELF, TEACHER_HAS_COURSES with `courses`, USER_NOT_FOUND …).
 */
export type BulkUserResult =
  | { id: string; status: 'done' }
  | { id: string; status: 'refused'; code: string; courses: number | null };

type BulkReply = {
  results?: Array<{ id: string; status: string; code?: string; details?: { courses?: unknown } }>;
};

/**
 * An admin deactivates or deletes several accounts in one call of the edge function, each answered
 * on its own; an id the answer leaves out counts as refused.
 */
async function adminBulk(
  operation: BulkUserOperation,
  ids: readonly string[],
): Promise<Result<BulkUserResult[]>> {
  const [code, message] =
    operation === 'delete'
      ? (['DELETE_USERS_ERROR', ERROR_MESSAGES.deleteUserFailed] as const)
      : (['UPDATE_USERS_ERROR', ERROR_MESSAGES.updateUserFailed] as const);
  return settle(code, message, async () => {
    const reply = await invokeFunction<BulkReply | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'bulk', operation, ids },
      code,
      message,
    );
    if (!reply.success) return reply;
    const answered = new Map((reply.data?.results ?? []).map((row) => [row.id, row]));
    return ok(
      ids.map((id): BulkUserResult => {
        const row = answered.get(id);
        if (row?.status === 'done') return { id, status: 'done' };
        const courses = row?.details?.courses;
        return {
          id,
          status: 'refused',
          code: row?.code ?? 'INTERNAL_ERROR',
          courses: typeof courses === 'number' ? courses : null,
        };
      }),
    );
  });
}

/** What `resetTwoFactor` answers: the account and how many two-factor factors were removed (0: it had none). */
export type TwoFactorReset = { id: string; removed: number };

/**
 * An admin removes every two-factor sign-in factor of another account (a lost phone) through the edge
 * function: its owner then signs in with the password alone and may set it up again.
 */
async function adminResetTwoFactor(id: string): Promise<Result<TwoFactorReset>> {
  return settle('UPDATE_USERS_ERROR', RESET_TWO_FACTOR_FAILED, async () => {
    const reply = await invokeFunction<{ id?: string; removed?: number } | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'resetTwoFactor', id },
      'UPDATE_USERS_ERROR',
      RESET_TWO_FACTOR_FAILED,
    );
    if (!reply.success) return reply;
    return ok({ id, removed: toNumber(reply.data?.removed) });
  });
}

/**
 * How an administrator resets another account's password: a one-time password shown once (its owner
 * must choose their own at the next sign-in), or the password-reset mail sent to its owner.
 */
export type PasswordResetMode = 'temporary' | 'mail';
export type PasswordReset = { id: string; temporaryPassword: string | null };

/**
 * An admin resets another account's password through the edge function: `temporary` answers the new
 * one-time password (shown once, stored nowhere else); `mail` sends the reset link, which leads to
 * `redirectTo` (the shell's reset page) and answers `temporaryPassword: null`.
 */
async function adminResetPassword(
  id: string,
  mode: PasswordResetMode,
  redirectTo?: string,
): Promise<Result<PasswordReset>> {
  return settle('UPDATE_USERS_ERROR', RESET_PASSWORD_FAILED, async () => {
    const reply = await invokeFunction<{ id?: string; temporaryPassword?: string } | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'resetPassword', id, mode, ...(redirectTo ? { redirectTo } : {}) },
      'UPDATE_USERS_ERROR',
      RESET_PASSWORD_FAILED,
    );
    if (!reply.success) return reply;
    const password = reply.data?.temporaryPassword;
    return ok({ id, temporaryPassword: typeof password === 'string' ? password : null });
  });
}

/**
 * An admin sends the welcome mail of an account again (its owner has not chosen a password yet; the
 * function answers INVITATION_ACCEPTED once they have).
 */
async function adminResendInvitation(id: string): Promise<Result<{ id: string }>> {
  return settle('UPDATE_USERS_ERROR', RESEND_INVITATION_FAILED, async () => {
    const reply = await invokeFunction<{ id?: string } | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'resendInvitation', id },
      'UPDATE_USERS_ERROR',
      RESEND_INVITATION_FAILED,
    );
    return reply.success ? ok({ id }) : reply;
  });
}

/**
 * An admin corrects an account's mistyped sign-in email: the corrected address is mailed a link, and
 * the account moves there only when it is followed (until then the current one keeps working).
 */
async function adminCorrectEmail(id: string, email: string): Promise<Result<{ id: string; pendingEmail: string }>> {
  return settle('UPDATE_USERS_ERROR', CORRECT_EMAIL_FAILED, async () => {
    const reply = await invokeFunction<{ pendingEmail?: string } | null>(
      ADMIN_USERS_FUNCTION,
      { action: 'correctEmail', id, email },
      'UPDATE_USERS_ERROR',
      CORRECT_EMAIL_FAILED,
    );
    return reply.success ? ok({ id, pendingEmail: reply.data?.pendingEmail ?? email }) : reply;
  });
}

/** A student's figures, computed by the database (self, the student's teachers, admins). */
async function getStudentStats(studentId: string): Promise<Result<StudentStats>> {
  return settle('USER_STATS_ERROR', STUDENT_STATS_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_student_stats', {
      student_uuid: studentId,
    });
    if (error) return fromPostgrestError('USER_STATS_ERROR', error, STUDENT_STATS_FAILED);
    const stats = data as StudentStatsReply;
    return ok({
      enrolledCourses: toNumber(stats?.enrolled_courses),
      completedCourses: toNumber(stats?.completed_courses),
      totalStudyHours: toNumber(stats?.total_study_hours),
      averageProgress: toNumber(stats?.average_progress),
    });
  });
}

export const usersService = {
  getProfile,
  list,
  listTeachers,
  listStudents,
  update,
  uploadAvatar,
  removeAvatar,
  adminCreate,
  adminImport,
  adminUpdate,
  adminDelete,
  adminBulk,
  listForExport,
  adminResetTwoFactor,
  adminResetPassword,
  adminResendInvitation,
  adminCorrectEmail,
  getStudentStats,
};
