import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toNumber } from '../mappers/fields';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// User Management's figures (administrators, /admin/users) in one request, `get_user_counts`
// (20261122001900_read_models_admin.sql); its page of users is `usersService.list`.

export type RoleCounts = { total: number; student: number; teacher: number; admin: number };

type RoleCountsReply = {
  total?: number | string | null;
  students?: number | string | null;
  teachers?: number | string | null;
  admins?: number | string | null;
} | null;

/**
 * Users per role among the profiles the caller may see, counted by the database in one request
 * (`get_user_counts`): no rows travel, and PostgREST's max-rows cap cannot truncate the figures.
 */
async function counts(): Promise<Result<RoleCounts>> {
  return settle('FETCH_USERS_ERROR', ERROR_MESSAGES.fetchUsersFailed, async () => {
    const { data, error } = await getClient().rpc('get_user_counts');
    if (error)
      return fromPostgrestError('FETCH_USERS_ERROR', error, ERROR_MESSAGES.fetchUsersFailed);
    const counts = data as RoleCountsReply;
    return ok({
      total: toNumber(counts?.total),
      student: toNumber(counts?.students),
      teacher: toNumber(counts?.teachers),
      admin: toNumber(counts?.admins),
    });
  });
}

export const userManagementReadModel = { counts };
