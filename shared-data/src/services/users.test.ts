import { describe, expect, it, vi } from 'vitest';
import {
  FAKE_SUPABASE_URL,
  installFakeSupabase,
  pagedReply,
  userRow,
} from '../test-support/fake-supabase';
import { usersService } from './users';
import { errorMessageKey } from '../rules/error-messages';

const fake = installFakeSupabase();

/** A user id and an avatar object name as the database stores them (`<user id>/<file>`). */
const UID = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
const AVATAR = `${UID}/1700000000000-k3j9x2ab.png`;
const AVATAR_URL = `${FAKE_SUPABASE_URL}/storage/v1/object/public/avatars/${AVATAR}`;

describe('usersService.getProfile', () => {
  it('selects the profile columns of one user and maps them', async () => {
    fake.on('GET', '/rest/v1/users', {
      body: [
        userRow({
          id: 'u-7',
          role: 'admin',
          avatar_url: AVATAR,
          phone: '+34 600 000 000',
          location: 'Madrid',
          bio: 'Head of studies',
          last_sign_in_at: '2025-03-01T08:00:00Z',
        }),
      ],
    });

    const result = await usersService.getProfile('u-7');

    expect(result).toEqual({
      success: true,
      data: {
        id: 'u-7',
        email: 'ana@school.test',
        firstName: 'Ana',
        lastName: 'García',
        role: 'admin',
        avatar: AVATAR_URL,
        createdAt: '2025-01-01T00:00:00Z',
        lastLogin: '2025-03-01T08:00:00Z',
        previousLogin: null,
        phone: '+34 600 000 000',
        location: 'Madrid',
        bio: 'Head of studies',
        isActive: true,
      },
    });
    const [request] = fake.requestsTo('GET', '/rest/v1/users');
    expect(request?.query.get('id')).toBe('eq.u-7');
    expect(request?.query.get('select')?.split(',')).toEqual(
      expect.arrayContaining([
        'id',
        'email',
        'first_name',
        'last_name',
        'role',
        'avatar_url',
        'created_at',
        'phone',
        'location',
        'bio',
        'is_active',
        'last_sign_in_at',
      ]),
    );
  });

  it('reads a profile with missing names, an unknown role and no status as an active student', async () => {
    fake.on('GET', '/rest/v1/users', {
      body: [
        userRow({
          first_name: null,
          last_name: null,
          role: 'owner',
          is_active: null,
        }),
      ],
    });

    expect(await usersService.getProfile('user-1')).toMatchObject({
      success: true,
      data: { firstName: '', lastName: '', role: 'student', isActive: true },
    });
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

describe('usersService.listTeachers', () => {
  it('lists every teacher by name for the pickers, not only the 100 newest', async () => {
    fake.on('GET', '/rest/v1/users', {
      body: [userRow({ id: 't-2', role: 'teacher' }), userRow({ id: 't-1', role: 'teacher' })],
    });

    const result = await usersService.listTeachers();

    expect(result.success && result.data.map((user) => user.id)).toEqual(['t-2', 't-1']);
    const [request] = fake.requestsTo('GET', '/rest/v1/users');
    expect(request?.query.get('role')).toBe('eq.teacher');
    // A school with more than 100 teachers could not hand a course to its longest-serving ones.
    expect(request?.query.get('order')).toBe('first_name.asc,last_name.asc,id.asc');
    expect(request?.query.get('limit')).toBe('1000');
  });

  it("falls back to 'Failed to fetch teachers' when the failure has no message", async () => {
    fake.on('GET', '/rest/v1/users', { status: 502, body: {} });

    expect(await usersService.listTeachers()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch teachers' },
    });
  });
});

describe('usersService.list', () => {
  it('pages users newest first', async () => {
    fake.on('GET', '/rest/v1/users', pagedReply([userRow()], 31));

    const result = await usersService.list();

    expect(result).toMatchObject({
      success: true,
      data: {
        items: [{ id: 'user-1', firstName: 'Ana' }],
        total: 31,
        page: 1,
        limit: 10,
        totalPages: 4,
      },
    });
    const [request] = fake.requestsTo('GET', '/rest/v1/users');
    expect(request?.query.get('order')).toBe('created_at.desc,id.asc');
    expect(request?.headers.get('prefer')).toContain('count=exact');
  });

  it('filters by role, status, location and a search over names and email', async () => {
    fake.on('GET', '/rest/v1/users', pagedReply([]));

    await usersService.list({
      role: 'teacher',
      isActive: true,
      location: 'Buenos',
      search: 'garcía',
      page: 2,
      limit: 100,
    });

    const query = fake.requests[0]?.query;
    expect(query?.get('role')).toBe('eq.teacher');
    expect(query?.get('is_active')).toBe('eq.true');
    expect(query?.get('location')).toBe('ilike.%Buenos%');
    expect(query?.get('or')).toBe(
      '(first_name.ilike."%garcía%",last_name.ilike."%garcía%",email.ilike."%garcía%")',
    );
    expect(query?.get('offset')).toBe('100');
    expect(query?.get('limit')).toBe('100');
  });

  it.each([
    ['name', 'asc', 'first_name.asc,last_name.asc,id.asc'],
    ['email', 'desc', 'email.desc,id.asc'],
    ['role', 'asc', 'role.asc,id.asc'],
    ['lastLogin', 'desc', 'last_sign_in_at.desc.nullslast,id.asc'],
    ['lastLogin', 'asc', 'last_sign_in_at.asc.nullslast,id.asc'],
    ['createdAt', 'asc', 'created_at.asc,id.asc'],
  ] as const)(
    'sorts by %s %s on the server, never-signed-in last',
    async (sortBy, sortOrder, order) => {
      fake.on('GET', '/rest/v1/users', pagedReply([]));

      await usersService.list({ sortBy, sortOrder });

      expect(fake.requests[0]?.query.get('order')).toBe(order);
    },
  );

  it("falls back to 'Failed to fetch users'", async () => {
    fake.on('GET', '/rest/v1/users', { status: 500, body: {} });

    expect(await usersService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch users' },
    });
  });
});

describe('usersService.listStudents', () => {
  it('lists students newest first, capped at the list limit', async () => {
    fake.on('GET', '/rest/v1/users', { body: [userRow()] });

    expect(await usersService.listStudents()).toMatchObject({
      success: true,
      data: [{ role: 'student' }],
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('role')).toBe('eq.student');
    expect(query?.get('order')).toBe('created_at.desc');
    expect(query?.get('limit')).toBe('100');
  });

  it("falls back to 'Failed to fetch students'", async () => {
    fake.on('GET', '/rest/v1/users', { status: 500, body: {} });

    expect(await usersService.listStudents()).toMatchObject({
      success: false,
      error: { code: 'FETCH_USERS_ERROR', message: 'Failed to fetch students' },
    });
  });
});

describe('usersService.update', () => {
  it('patches the personal fields of one profile', async () => {
    fake.on('PATCH', '/rest/v1/users', { body: [userRow({ phone: '+54 11 5555', bio: null })] });

    const result = await usersService.update('user-1', {
      firstName: ' Ana ',
      phone: ' +54 11 5555 ',
      location: 'Buenos Aires',
      bio: '',
    });

    expect(result).toMatchObject({ success: true, data: { phone: '+54 11 5555' } });
    const [request] = fake.requests;
    expect(request?.query.get('id')).toBe('eq.user-1');
    expect(request?.body).toEqual({
      first_name: 'Ana',
      phone: '+54 11 5555',
      location: 'Buenos Aires',
      bio: null,
    });
  });

  it('sends role and status for an admin, and carries the refusal for anyone else', async () => {
    fake.on('PATCH', '/rest/v1/users', {
      status: 403,
      body: { code: '42501', message: 'Only administrators can change role, status or email' },
    });

    const result = await usersService.update('user-1', { role: 'admin', isActive: false });

    expect(fake.requests[0]?.body).toEqual({ role: 'admin', is_active: false });
    expect(result).toEqual({
      success: false,
      error: {
        code: 'UPDATE_USERS_ERROR',
        message: 'Only administrators can change role, status or email',
        details: { code: '42501' },
      },
    });
  });

  it('fails when no profile was changed', async () => {
    fake.on('PATCH', '/rest/v1/users', { body: [] });

    expect(await usersService.update('user-2', { firstName: 'x' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_USERS_ERROR', message: 'Failed to update user' },
    });
  });
});

describe('usersService.uploadAvatar', () => {
  const avatar = () => new File(['png'], 'Me.PNG', { type: 'image/png' });

  it('stores the picture under a new name and points the profile at that name, not at an address', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    fake.on('POST', `/storage/v1/object/avatars/${UID}/*`, { body: { Key: 'k' } });
    fake.on('PATCH', '/rest/v1/users', { body: [userRow({ id: UID, avatar_url: AVATAR })] });

    const result = await usersService.uploadAvatar(UID, avatar());

    // The page shows the picture from its own configured project.
    expect(result).toMatchObject({ success: true, data: { avatar: AVATAR_URL } });
    const [upload, patch] = fake.requests;
    expect(upload?.path).toMatch(
      new RegExp(`^/storage/v1/object/avatars/${UID}/1700000000000-[a-z0-9]{8}\\.png$`),
    );
    expect(upload?.headers.get('x-upsert')).toBe('false');
    expect(String(upload?.body)).toMatch(/name="cacheControl"\r\n\r\n3600\r\n/);
    expect(patch?.query.get('id')).toBe(`eq.${UID}`);
    expect(patch?.body).toEqual({
      avatar_url: upload?.path.replace('/storage/v1/object/avatars/', ''),
    });
  });

  it('refuses a file that is not an image, before uploading', async () => {
    expect(
      await usersService.uploadAvatar(
        'user-1',
        new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      ),
    ).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_AVATAR_ERROR',
        message: 'An avatar must be a JPEG, PNG, WebP or GIF picture',
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a picture over the 2 MB bucket limit, before uploading', async () => {
    const file = avatar();
    Object.defineProperty(file, 'size', { value: 2097153 });

    expect(await usersService.uploadAvatar('user-1', file)).toMatchObject({
      success: false,
      error: {
        code: 'UPLOAD_AVATAR_ERROR',
        details: { code: 'too_large', limitBytes: 2097152, size: 2097153 },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("is UPLOAD_AVATAR_ERROR with the storage server's message, and leaves the profile alone", async () => {
    fake.on('POST', '/storage/v1/object/avatars/user-1/*', {
      status: 400,
      body: {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      },
    });

    expect(await usersService.uploadAvatar('user-1', avatar())).toMatchObject({
      success: false,
      error: { code: 'UPLOAD_AVATAR_ERROR', message: 'new row violates row-level security policy' },
    });
    expect(fake.requestsTo('PATCH', '/rest/v1/users')).toHaveLength(0);
  });

  it("falls back to 'Failed to upload avatar' when the profile update fails", async () => {
    fake.on('POST', '/storage/v1/object/avatars/user-1/*', { body: { Key: 'k' } });
    fake.on('PATCH', '/rest/v1/users', { status: 500, body: {} });

    expect(await usersService.uploadAvatar('user-1', avatar())).toMatchObject({
      success: false,
      error: { code: 'UPLOAD_AVATAR_ERROR', message: 'Failed to upload avatar' },
    });
  });
});

describe('usersService avatar replace and remove (profile screen)', () => {
  const LIST = '/storage/v1/object/list/avatars';
  const REMOVE = '/storage/v1/object/avatars';
  const stored = (...names: string[]) => names.map((name, index) => ({ name, id: `obj-${index}` }));
  const removedAs = (request: { body: unknown }) => ({
    body: ((request.body as { prefixes: string[] }).prefixes ?? []).map((name) => ({ name })),
  });

  it('a new picture removes the previous ones, after the profile points at the new one', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const fresh = `1700000000000-${(0.5).toString(36).slice(2, 10).padEnd(8, '0')}.webp`;
    fake.on('POST', `/storage/v1/object/avatars/user-1/${fresh}`, { body: { Key: 'k' } });
    fake.on('PATCH', '/rest/v1/users', { body: [userRow()] });
    fake.on('POST', LIST, {
      body: [
        ...stored('avatar.png', '1690000000000-aaaaaaaa.webp', fresh),
        { name: 'x', id: null },
      ],
    });
    fake.on('DELETE', REMOVE, removedAs);

    const result = await usersService.uploadAvatar(
      'user-1',
      new File(['webp'], 'me.webp', { type: 'image/webp' }),
    );

    expect(result.success).toBe(true);
    expect(fake.requests.map((request) => request.method)).toEqual([
      'POST',
      'PATCH',
      'POST',
      'DELETE',
    ]);
    expect(fake.requestsTo('PATCH', '/rest/v1/users')[0]?.body).toEqual({
      avatar_url: `user-1/${fresh}`,
    });
    expect(fake.requestsTo('POST', LIST)[0]?.body).toMatchObject({ prefix: 'user-1' });
    expect(fake.requestsTo('DELETE', REMOVE)[0]?.body).toEqual({
      prefixes: ['user-1/avatar.png', 'user-1/1690000000000-aaaaaaaa.webp'],
    });
  });

  it('a leftover that cannot be removed does not undo a replaced avatar', async () => {
    fake.on('POST', `/storage/v1/object/avatars/${UID}/*`, { body: { Key: 'k' } });
    fake.on('PATCH', '/rest/v1/users', { body: [userRow({ id: UID, avatar_url: AVATAR })] });
    fake.on('POST', LIST, { status: 500, body: { message: 'down' } });

    expect(
      await usersService.uploadAvatar(UID, new File(['png'], 'a.png', { type: 'image/png' })),
    ).toMatchObject({ success: true, data: { avatar: AVATAR_URL } });
  });

  it('removing deletes every stored picture, then clears the URL', async () => {
    fake.on('POST', LIST, { body: stored('avatar.jpg') });
    fake.on('DELETE', REMOVE, removedAs);
    fake.on('PATCH', '/rest/v1/users', { body: [userRow({ avatar_url: null })] });

    const result = await usersService.removeAvatar('user-1');

    expect(result).toMatchObject({ success: true, data: { id: 'user-1', avatar: null } });
    expect(fake.requestsTo('DELETE', REMOVE)[0]?.body).toEqual({ prefixes: ['user-1/avatar.jpg'] });
    const [patch] = fake.requestsTo('PATCH', '/rest/v1/users');
    expect(patch?.query.get('id')).toBe('eq.user-1');
    expect(patch?.body).toEqual({ avatar_url: null });
  });

  it('with no stored picture it only clears the URL', async () => {
    fake.on('POST', LIST, { body: [] });
    fake.on('PATCH', '/rest/v1/users', { body: [userRow({ avatar_url: null })] });

    expect((await usersService.removeAvatar('user-1')).success).toBe(true);
    expect(fake.requestsTo('DELETE', REMOVE)).toHaveLength(0);
  });

  it('a removal storage refuses (nothing deleted) keeps the profile as it was', async () => {
    fake.on('POST', LIST, { body: stored('avatar.png') });
    fake.on('DELETE', REMOVE, { body: [] });

    expect(await usersService.removeAvatar('user-2')).toMatchObject({
      success: false,
      error: { code: 'UPDATE_USERS_ERROR', details: { status: 403 } },
    });
    expect(fake.requestsTo('PATCH', '/rest/v1/users')).toHaveLength(0);
  });

  it('a profile that cannot be cleared is a failure', async () => {
    fake.on('POST', LIST, { body: [] });
    fake.on('PATCH', '/rest/v1/users', { body: [] });

    expect(await usersService.removeAvatar('user-2')).toMatchObject({
      success: false,
      error: { code: 'UPDATE_USERS_ERROR', message: 'Failed to remove avatar' },
    });
  });
});

describe('usersService admin actions (admin-users edge function)', () => {
  const fn = '/functions/v1/admin-users';

  it('creates an account and returns its profile and one-time password', async () => {
    fake.on('POST', fn, {
      body: {
        user: userRow({ id: 'user-9', role: 'teacher', phone: '+34 600' }),
        temporaryPassword: 'Xk3!pQ9z',
      },
    });

    const result = await usersService.adminCreate({
      email: ' luis@school.test ',
      firstName: 'Luis',
      lastName: ' Pérez ',
      role: 'teacher',
      phone: '+34 600',
      location: '',
    });

    expect(result).toMatchObject({
      success: true,
      data: {
        user: { id: 'user-9', role: 'teacher', phone: '+34 600' },
        temporaryPassword: 'Xk3!pQ9z',
      },
    });
    const [request] = fake.requests;
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({
      action: 'create',
      email: 'luis@school.test',
      firstName: 'Luis',
      lastName: 'Pérez',
      role: 'teacher',
      phone: '+34 600',
      location: null,
      bio: null,
    });
  });

  it("keeps the function's own refusal message and code", async () => {
    fake.on('POST', fn, {
      status: 409,
      body: { code: 'EMAIL_TAKEN', message: 'A user with this email already exists' },
    });

    expect(
      await usersService.adminCreate({
        email: 'ana@school.test',
        firstName: 'A',
        lastName: 'G',
        role: 'student',
      }),
    ).toEqual({
      success: false,
      error: {
        code: 'CREATE_USERS_ERROR',
        message: 'A user with this email already exists',
        details: { status: 409, code: 'EMAIL_TAKEN' },
      },
    });
  });

  it("falls back to 'Failed to create user'", async () => {
    fake.on('POST', fn, { status: 500, body: {} });

    expect(
      await usersService.adminCreate({
        email: 'a@school.test',
        firstName: 'A',
        lastName: 'G',
        role: 'student',
      }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_USERS_ERROR', message: 'Failed to create user' },
    });
  });

  it('is CREATE_USERS_ERROR when the function cannot be reached', async () => {
    fake.on('POST', fn, { networkError: true });

    expect(
      await usersService.adminCreate({
        email: 'a@school.test',
        firstName: 'A',
        lastName: 'G',
        role: 'student',
      }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_USERS_ERROR', message: 'Failed to create user' },
    });
  });

  it('imports rows in calls of 50, each row answered on its own, in order', async () => {
    const inputs = Array.from({ length: 120 }, (_, index) => ({
      email: ` user${index}@school.test `,
      firstName: 'Ana',
      lastName: 'Gil',
      role: 'student' as const,
      phone: '',
    }));
    fake.on('POST', fn, (request) => {
      const users = (request.body as { users: Array<{ email: string }> }).users;
      // Answered out of order: the service pairs them by index.
      return {
        body: {
          results: users
            .map((user, index) =>
              user.email === 'user7@school.test'
                ? {
                    index,
                    status: 'failed',
                    code: 'EMAIL_TAKEN',
                    message: 'A user with this email already exists',
                  }
                : {
                    index,
                    status: 'created',
                    user: userRow({ id: `id-${user.email}` }),
                    temporaryPassword: `pw-${user.email}`,
                  },
            )
            .reverse(),
        },
      };
    });
    const progress = vi.fn();

    const result = await usersService.adminImport(inputs, progress);

    const bodies = fake.requests.map((request) => request.body as Record<string, unknown>);
    expect(bodies.map((body) => (body.users as unknown[]).length)).toEqual([50, 50, 20]);
    expect(bodies[0]).toMatchObject({ action: 'import' });
    expect((bodies[0]?.users as unknown[])[0]).toEqual({
      email: 'user0@school.test',
      firstName: 'Ana',
      lastName: 'Gil',
      role: 'student',
      phone: null,
      location: null,
      bio: null,
    });
    expect(progress.mock.calls).toEqual([
      [50, 120],
      [100, 120],
      [120, 120],
    ]);
    if (!result.success) throw new Error('expected success');
    expect(result.data).toHaveLength(120);
    expect(result.data[0]).toEqual({
      status: 'created',
      userId: 'id-user0@school.test',
      temporaryPassword: 'pw-user0@school.test',
    });
    expect(result.data[7]).toEqual({
      status: 'failed',
      error: {
        code: 'CREATE_USERS_ERROR',
        message: 'A user with this email already exists',
        details: { code: 'EMAIL_TAKEN' },
      },
    });
  });

  it('fails the rows of a refused call and every later one, and sends nothing more', async () => {
    let calls = 0;
    fake.on('POST', fn, (request) => {
      calls += 1;
      if (calls === 2) {
        return {
          status: 403,
          body: { code: 'FORBIDDEN', message: 'Only active administrators can manage users' },
        };
      }
      const users = (request.body as { users: unknown[] }).users;
      return {
        body: {
          results: users.map((_, index) => ({
            index,
            status: 'created',
            user: userRow({ id: `id-${index}` }),
            temporaryPassword: 'pw',
          })),
        },
      };
    });
    const inputs = Array.from({ length: 160 }, (_, index) => ({
      email: `u${index}@school.test`,
      firstName: 'A',
      lastName: 'B',
      role: 'teacher' as const,
    }));

    const result = await usersService.adminImport(inputs);

    expect(fake.requests).toHaveLength(2);
    if (!result.success) throw new Error('expected success');
    expect(result.data.filter((row) => row.status === 'created')).toHaveLength(50);
    expect(result.data.slice(50)).toHaveLength(110);
    expect(result.data[50]).toEqual({
      status: 'failed',
      error: {
        code: 'CREATE_USERS_ERROR',
        message: 'Only active administrators can manage users',
        details: { status: 403, code: 'FORBIDDEN' },
      },
    });
    expect(result.data.slice(50).every((row) => row.status === 'failed')).toBe(true);
  });

  it('updates only the fields given', async () => {
    fake.on('POST', fn, { body: { user: userRow({ role: 'admin', is_active: false }) } });

    const result = await usersService.adminUpdate('user-1', {
      role: 'admin',
      isActive: false,
      bio: ' ',
    });

    expect(result).toMatchObject({ success: true, data: { role: 'admin', isActive: false } });
    expect(fake.requests[0]?.body).toEqual({
      action: 'update',
      id: 'user-1',
      role: 'admin',
      isActive: false,
      bio: null,
    });
  });

  it('reads the profile back when the update answer carries none', async () => {
    fake.on('POST', fn, { body: { success: true } });
    fake.on('GET', '/rest/v1/users', { body: [userRow({ first_name: 'Anita' })] });

    expect(await usersService.adminUpdate('user-1', { firstName: 'Anita' })).toMatchObject({
      success: true,
      data: { firstName: 'Anita' },
    });
    expect(fake.requestsTo('GET', '/rest/v1/users')[0]?.query.get('id')).toBe('eq.user-1');
  });

  it("falls back to 'Failed to update user' and 'Failed to delete user'", async () => {
    fake.on('POST', fn, { status: 500, body: {} });

    expect(await usersService.adminUpdate('user-1', { firstName: 'x' })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_USERS_ERROR', message: 'Failed to update user' },
    });
    expect(await usersService.adminDelete('user-1')).toMatchObject({
      success: false,
      error: { code: 'DELETE_USERS_ERROR', message: 'Failed to delete user' },
    });
  });

  it('deletes by id', async () => {
    fake.on('POST', fn, { body: { success: true } });

    expect(await usersService.adminDelete('user-1')).toEqual({ success: true, data: null });
    expect(fake.requests[0]?.body).toEqual({ action: 'delete', id: 'user-1' });
  });

  it('refuses a non-admin with the message the function gives', async () => {
    fake.on('POST', fn, {
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Only active administrators can manage users' },
    });

    expect(await usersService.adminDelete('user-1')).toMatchObject({
      success: false,
      error: {
        code: 'DELETE_USERS_ERROR',
        message: 'Only active administrators can manage users',
        details: { status: 403, code: 'FORBIDDEN' },
      },
    });
  });
});

describe('usersService.adminResetTwoFactor', () => {
  const fn = '/functions/v1/admin-users';

  it('sends resetTwoFactor with the id and answers how many factors went', async () => {
    fake.on('POST', fn, { body: { id: 'user-1', removed: 2 } });

    expect(await usersService.adminResetTwoFactor('user-1')).toEqual({
      success: true,
      data: { id: 'user-1', removed: 2 },
    });
    expect(fake.requests[0]?.body).toEqual({ action: 'resetTwoFactor', id: 'user-1' });
  });

  it("keeps the function's code of a refusal (an admin's own account)", async () => {
    fake.on('POST', fn, {
      status: 400,
      body: {
        code: 'CANNOT_RESET_OWN_TWO_FACTOR',
        message: 'Administrators cannot reset their own two-factor sign-in',
      },
    });

    const result = await usersService.adminResetTwoFactor('admin-1');
    expect(result).toMatchObject({
      success: false,
      error: {
        code: 'UPDATE_USERS_ERROR',
        details: { status: 400, code: 'CANNOT_RESET_OWN_TWO_FACTOR' },
      },
    });
    expect(errorMessageKey(result.success ? null : result.error)).toBe('cannotResetOwnTwoFactor');
  });
});

describe('usersService.getStudentStats', () => {
  it('calls get_student_stats and maps the figures', async () => {
    fake.on('POST', '/rest/v1/rpc/get_student_stats', {
      body: {
        enrolled_courses: 3,
        completed_courses: 1,
        total_study_hours: 12.5,
        average_progress: 40.13,
      },
    });

    expect(await usersService.getStudentStats('user-1')).toEqual({
      success: true,
      data: {
        enrolledCourses: 3,
        completedCourses: 1,
        totalStudyHours: 12.5,
        averageProgress: 40.13,
      },
    });
    expect(fake.requests[0]?.body).toEqual({ student_uuid: 'user-1' });
  });

  it('is USER_STATS_ERROR when refused', async () => {
    fake.on('POST', '/rest/v1/rpc/get_student_stats', {
      status: 403,
      body: { code: '42501', message: "You are not allowed to view this student's statistics" },
    });

    expect(await usersService.getStudentStats('user-2')).toMatchObject({
      success: false,
      error: {
        code: 'USER_STATS_ERROR',
        message: "You are not allowed to view this student's statistics",
      },
    });
  });
});
