import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { userManagementReadModel } from './user-management';

const fake = installFakeSupabase();

describe('userManagementReadModel.counts', () => {
  it('asks get_user_counts once and maps its figures', async () => {
    fake.on('POST', '/rest/v1/rpc/get_user_counts', {
      body: { total: 42, students: 35, teachers: 5, admins: 2, active: 40, inactive: 2 },
    });

    const result = await userManagementReadModel.counts();

    expect(result).toEqual({
      success: true,
      data: { total: 42, student: 35, teacher: 5, admin: 2 },
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('reads missing figures as 0', async () => {
    fake.on('POST', '/rest/v1/rpc/get_user_counts', { body: { total: 1, students: 1 } });

    expect(await userManagementReadModel.counts()).toEqual({
      success: true,
      data: { total: 1, student: 1, teacher: 0, admin: 0 },
    });
  });

  it('is FETCH_USERS_ERROR when the count fails', async () => {
    fake.on('POST', '/rest/v1/rpc/get_user_counts', { status: 500, body: {} });

    const result = await userManagementReadModel.counts();

    expect(result).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch users' },
    });
  });
});
