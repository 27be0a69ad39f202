import { getClient } from '../client';
import { ERROR_MESSAGES } from '../errors';
import { toAppUser, USER_COLUMNS, type AppUser, type UserRow } from '../mappers/user';
import { fromPostgrestError, ok, settle, type Result } from '../result';

export type RoleCounts = { total: number; student: number; teacher: number; admin: number };

/** SPEC §9: teacher and student lists are capped at 100. */
export const TEACHER_LIST_LIMIT = 100;

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
 * Users per role, counted by the database (head requests: no rows travel, and PostgREST's
 * max-rows cap cannot truncate the figures). Three requests whatever the number of users;
 * roles other than teacher/admin count as student (SPEC §6).
 */
async function countByRole(): Promise<Result<RoleCounts>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const count = () => getClient().from('users').select('id', { count: 'exact', head: true });
    const [all, teachers, admins] = await Promise.all([
      count(),
      count().eq('role', 'teacher'),
      count().eq('role', 'admin'),
    ]);
    const failed = all.error ?? teachers.error ?? admins.error;
    if (failed)
      return fromPostgrestError('FETCH_USERS_ERROR', failed, ERROR_MESSAGES.fetchUsersFailed);
    const total = all.count ?? 0;
    const teacher = teachers.count ?? 0;
    const admin = admins.count ?? 0;
    return ok({ total, student: Math.max(total - teacher - admin, 0), teacher, admin });
  });
}

/** Teachers, newest first (SPEC §9 default user sort), up to TEACHER_LIST_LIMIT. */
async function listTeachers(): Promise<Result<AppUser[]>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchTeachersFailed, async () => {
    const { data, error } = await getClient()
      .from('users')
      .select(USER_COLUMNS)
      .eq('role', 'teacher')
      .order('created_at', { ascending: false })
      .limit(TEACHER_LIST_LIMIT)
      .overrideTypes<UserRow[], { merge: false }>();
    if (error)
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchTeachersFailed);
    return ok(data.map(toAppUser));
  });
}

export const usersService = { getProfile, countByRole, listTeachers };
