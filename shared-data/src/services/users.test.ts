import { describe, expect, it } from 'vitest';
import { USER_COLUMNS } from '../mappers/user';
import { installFakeSupabase, userRow } from '../test-support/fake-supabase';
import { TEACHER_LIST_LIMIT, usersService } from './users';

const fake = installFakeSupabase();

describe('usersService.getProfile', () => {
  it('selects the profile columns of one user and maps them', async () => {
    fake.on('GET', '/rest/v1/users', { body: [userRow({ id: 'u-7', role: 'admin' })] });

    const result = await usersService.getProfile('u-7');

    expect(result).toMatchObject({
      success: true,
      data: { id: 'u-7', role: 'admin', firstName: 'Ana' },
    });
    const [request] = fake.requestsTo('GET', '/rest/v1/users');
    expect(request?.query.get('id')).toBe('eq.u-7');
    expect(request?.query.get('select')?.split(',')).toEqual(USER_COLUMNS.split(', '));
  });

  it('is null when there is no such user', async () => {
    fake.on('GET', '/rest/v1/users', { body: [] });

    expect(await usersService.getProfile('missing')).toEqual({ success: true, data: null });
  });

  it('carries the PostgREST error', async () => {
    fake.on('GET', '/rest/v1/users', {
      status: 401,
      body: { code: 'PGRST301', message: 'JWT expired', details: null, hint: null },
    });

    expect(await usersService.getProfile('u-7')).toEqual({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'JWT expired', details: { code: 'PGRST301' } },
    });
  });
});

describe('usersService.countByRole', () => {
  function routeCounts(counts: { all: number; teacher: number; admin: number }) {
    fake.on('HEAD', '/rest/v1/users', (request) => {
      const role = request.query.get('role');
      const count =
        role === 'eq.teacher' ? counts.teacher : role === 'eq.admin' ? counts.admin : counts.all;
      return { headers: { 'content-range': `*/${count}` } };
    });
  }

  it('counts with head requests only and treats other roles as students', async () => {
    routeCounts({ all: 42, teacher: 5, admin: 2 });

    const result = await usersService.countByRole();

    expect(result).toEqual({
      success: true,
      data: { total: 42, student: 35, teacher: 5, admin: 2 },
    });
    const requests = fake.requests;
    expect(requests).toHaveLength(3);
    expect(requests.every((request) => request.method === 'HEAD')).toBe(true);
    expect(
      requests.every((request) => request.headers.get('prefer')?.includes('count=exact')),
    ).toBe(true);
  });

  it('fails as a whole when one count fails', async () => {
    routeCounts({ all: 3, teacher: 1, admin: 1 });
    fake.on('HEAD', '/rest/v1/users?role=eq.admin', { status: 500 });

    const result = await usersService.countByRole();

    expect(result).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch users' },
    });
  });
});

describe('usersService.listTeachers', () => {
  it('lists teachers newest first, capped at the list limit', async () => {
    fake.on('GET', '/rest/v1/users', {
      body: [userRow({ id: 't-2', role: 'teacher' }), userRow({ id: 't-1', role: 'teacher' })],
    });

    const result = await usersService.listTeachers();

    expect(result.success && result.data.map((user) => user.id)).toEqual(['t-2', 't-1']);
    const [request] = fake.requestsTo('GET', '/rest/v1/users');
    expect(request?.query.get('role')).toBe('eq.teacher');
    expect(request?.query.get('order')).toBe('created_at.desc');
    expect(request?.query.get('limit')).toBe(String(TEACHER_LIST_LIMIT));
  });

  it("falls back to 'Failed to fetch teachers' when the failure has no message", async () => {
    fake.on('GET', '/rest/v1/users', { status: 502, body: {} });

    expect(await usersService.listTeachers()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch teachers' },
    });
  });
});
