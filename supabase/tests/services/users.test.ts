import { afterAll, describe, expect, it } from 'vitest';
import { API_URL } from '../../../local-supabase/src/config';
import { uniqueEmail } from '../../../local-supabase/tests/support';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { usersService } from '../../../shared-data/src/services/users';
import { service } from '../fixtures';
import { DEMO_ACCOUNTS, dataOf, signInAs, installLocalDataClient } from './data-client';

installLocalDataClient();

const createdUsers: string[] = [];
afterAll(async () => {
  for (const id of createdUsers) await service.auth.admin.deleteUser(id).catch(() => undefined);
});

describe('usersService admin functions (admin users screen, admin-users edge function)', () => {
  it('an admin creates an account, changes its role and status, and deletes it', async () => {
    await signInAs('admin');
    const email = uniqueEmail('service-admin-create');

    const created = dataOf(
      await usersService.adminCreate({
        email: ` ${email} `,
        firstName: 'Lucía',
        lastName: ' Ortega ',
        role: 'teacher',
        phone: '+34 600 111 222',
        location: '',
      }),
    );
    createdUsers.push(created.user.id);
    expect(created.user).toMatchObject({
      email,
      firstName: 'Lucía',
      lastName: 'Ortega',
      role: 'teacher',
      phone: '+34 600 111 222',
      location: null,
      isActive: true,
    });
    expect(created.temporaryPassword.length).toBeGreaterThanOrEqual(8);

    const updated = dataOf(
      await usersService.adminUpdate(created.user.id, {
        role: 'student',
        isActive: false,
        location: 'Lima',
      }),
    );
    expect(updated).toMatchObject({
      id: created.user.id,
      role: 'student',
      isActive: false,
      location: 'Lima',
    });
    const { data: row } = await service
      .from('users')
      .select('role, is_active, location')
      .eq('id', created.user.id)
      .single();
    expect(row).toEqual({ role: 'student', is_active: false, location: 'Lima' });

    expect(await usersService.adminDelete(created.user.id)).toEqual({ success: true, data: null });
    const { data: gone } = await service.from('users').select('id').eq('id', created.user.id);
    expect(gone).toEqual([]);
    expect((await service.auth.admin.getUserById(created.user.id)).data.user).toBeNull();
  });

  it('refuses a second account with a taken email', async () => {
    await signInAs('admin');

    const result = await usersService.adminCreate({
      email: DEMO_ACCOUNTS.student.email,
      firstName: 'Copy',
      lastName: 'Cat',
      role: 'student',
    });

    expect(result).toMatchObject({
      success: false,
      error: { code: 'CREATE_USERS_ERROR', details: { status: 409, code: 'EMAIL_TAKEN' } },
    });
  });

  it('a teacher can neither create, change nor delete accounts', async () => {
    await signInAs('teacher');

    const created = await usersService.adminCreate({
      email: uniqueEmail('service-teacher-create'),
      firstName: 'Not',
      lastName: 'Allowed',
      role: 'admin',
    });
    expect(created).toMatchObject({
      success: false,
      error: {
        code: 'CREATE_USERS_ERROR',
        message: 'Only active administrators can manage users',
        details: { status: 403, code: 'FORBIDDEN' },
      },
    });
    expect(
      await usersService.adminUpdate(DEMO_ACCOUNTS.student.id, { role: 'admin' }),
    ).toMatchObject({
      success: false,
      error: { code: 'UPDATE_USERS_ERROR', details: { status: 403, code: 'FORBIDDEN' } },
    });
    expect(await usersService.adminDelete(DEMO_ACCOUNTS.student.id)).toMatchObject({
      success: false,
      error: { code: 'DELETE_USERS_ERROR', details: { status: 403, code: 'FORBIDDEN' } },
    });
    const { data } = await service
      .from('users')
      .select('role')
      .eq('id', DEMO_ACCOUNTS.student.id)
      .single();
    expect(data?.role).toBe('student');
  });
});

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  (char) => char.charCodeAt(0),
);
const avatar = () => new File([PNG], 'Me.PNG', { type: 'image/png' });

describe('usersService.uploadAvatar (profile screens)', () => {
  const studentId = DEMO_ACCOUNTS.student.id;
  let previousAvatar: string | null = null;

  let uploaded: string | null = null;

  afterAll(async () => {
    await service.from('users').update({ avatar_url: previousAvatar }).eq('id', studentId);
    if (uploaded) await service.storage.from('avatars').remove([uploaded]);
  });

  it('a user replaces their own avatar; the profile names the new picture, the page shows its public URL', async () => {
    previousAvatar =
      (await service.from('users').select('avatar_url').eq('id', studentId).single()).data
        ?.avatar_url ?? null;
    await signInAs('student');

    const user = dataOf(await usersService.uploadAvatar(studentId, avatar()));

    expect(user.avatar).toMatch(
      new RegExp(`^${API_URL}/storage/v1/object/public/avatars/${studentId}/\\d+-[a-z0-9]{8}\\.png$`),
    );
    uploaded = `${studentId}/${(user.avatar ?? '').split('/').pop()}`;
    const stored = await service.from('users').select('avatar_url').eq('id', studentId).single();
    expect(stored.data?.avatar_url).toBe(uploaded);
    const picture = await fetch(user.avatar ?? '');
    expect(picture.status).toBe(200);
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
  });

  it("a user cannot replace someone else's avatar", async () => {
    await signInAs('student');
    const before = (
      await service.from('users').select('avatar_url').eq('id', DEMO_ACCOUNTS.teacher.id).single()
    ).data?.avatar_url;

    const result = await usersService.uploadAvatar(DEMO_ACCOUNTS.teacher.id, avatar());

    expect(result).toMatchObject({ success: false, error: { code: 'UPLOAD_AVATAR_ERROR' } });
    const after = (
      await service.from('users').select('avatar_url').eq('id', DEMO_ACCOUNTS.teacher.id).single()
    ).data?.avatar_url;
    expect(after).toBe(before);
    if (!result.success) expect(errorMessageKey(result.error)).not.toBe('unknown');
  });
});
