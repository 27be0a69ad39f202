import { describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  anonClient,
  serviceClient,
  signInAs,
  signUpUser,
} from '../../local-supabase/tests/support';

const PROTECTED_COLUMNS_MESSAGE = 'Only administrators can change role, status or email';

describe('demo accounts (seed)', () => {
  it.each([
    ['admin', DEMO_ACCOUNTS.admin],
    ['teacher', DEMO_ACCOUNTS.teacher],
    ['student', DEMO_ACCOUNTS.student],
  ] as const)('%s signs in with the demo password and has that role', async (role, account) => {
    const client = await signInAs(account.email, DEMO_PASSWORD);
    const { data, error } = await client
      .from('users')
      .select('id, email, role, is_active')
      .eq('id', account.id)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: account.id, email: account.email, role, is_active: true });
  });
});

describe('profile created at sign-up', () => {
  it('is a student profile with the metadata names, whatever role the metadata claims', async () => {
    const { client, user, email } = await signUpUser('claims-admin', {
      first_name: 'Pablo',
      last_name: 'Navarro',
      role: 'admin',
    });
    const { data, error } = await client.from('users').select('*').eq('id', user.id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: user.id,
      email,
      first_name: 'Pablo',
      last_name: 'Navarro',
      role: 'student',
      is_active: true,
    });
    expect(data.last_sign_in_at).toBeTruthy();
  });

  it('keeps last_sign_in_at in step with sign-ins', async () => {
    const { client, user, email, password } = await signUpUser('last-login');
    const before = (await client.from('users').select('last_sign_in_at').eq('id', user.id).single())
      .data;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await signInAs(email, password);
    const after = (await again.from('users').select('last_sign_in_at').eq('id', user.id).single())
      .data;
    expect(new Date(after?.last_sign_in_at).getTime()).toBeGreaterThan(
      new Date(before?.last_sign_in_at).getTime(),
    );
  });

  it('cannot be inserted by a client, even for an account that has no profile', async () => {
    const { client, user, email } = await signUpUser('insert');
    const service = serviceClient();
    // Without the sign-up trigger's row, the insert below cannot fail as a duplicate key (23505):
    // only the missing insert privilege (or a row-level security policy) can refuse it.
    expect((await service.from('users').delete().eq('id', user.id)).error).toBeNull();

    const { error } = await client
      .from('users')
      .insert({ id: user.id, email, first_name: 'Self', last_name: 'Made', role: 'student' });

    expect(error?.code).toBe('42501');
    expect(error?.message).toMatch(
      /^(permission denied for table users|new row violates row-level security policy)/,
    );
    const { data } = await service.from('users').select('id').eq('id', user.id);
    expect(data).toEqual([]);
  });
});

describe('a student editing their own profile', () => {
  it('may change personal fields', async () => {
    const { client, user } = await signUpUser('edit-self');
    const { data, error } = await client
      .from('users')
      .update({
        first_name: 'Renamed',
        phone: '+34 600 123 456',
        location: 'Sevilla',
        bio: 'Learning English.',
      })
      .eq('id', user.id)
      .select('first_name, phone, location, bio')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      first_name: 'Renamed',
      phone: '+34 600 123 456',
      location: 'Sevilla',
      bio: 'Learning English.',
    });
  });

  it.each([
    ['role', { role: 'admin' }],
    ['is_active', { is_active: false }],
    ['email', { email: 'someone-else@example.test' }],
  ] as const)('may not change %s', async (_column, change) => {
    const { client, user, email } = await signUpUser('escalate');
    const { error } = await client.from('users').update(change).eq('id', user.id);
    expect(error?.message).toBe(PROTECTED_COLUMNS_MESSAGE);

    const { data } = await client
      .from('users')
      .select('role, is_active, email')
      .eq('id', user.id)
      .single();
    expect(data).toEqual({ role: 'student', is_active: true, email });
  });
});

describe('reading profiles', () => {
  it("a student sees neither another student nor a teacher's row, only teachers' public profiles", async () => {
    const other = await signUpUser('other-student');
    const { client } = await signUpUser('curious-student');

    const { data: students, error } = await client
      .from('users')
      .select('id')
      .eq('id', other.user.id);
    expect(error).toBeNull();
    expect(students).toEqual([]);

    const { data: teacherRows, error: teacherError } = await client
      .from('users')
      .select('id')
      .eq('id', DEMO_ACCOUNTS.teacher.id);
    expect(teacherError).toBeNull();
    expect(teacherRows).toEqual([]);

    // Name, avatar and specializations only (supabase/tests/profile-privacy.test.ts).
    const { data: teachers } = await client
      .from('teacher_profiles')
      .select('id, first_name')
      .eq('id', DEMO_ACCOUNTS.teacher.id);
    expect(teachers).toEqual([{ id: DEMO_ACCOUNTS.teacher.id, first_name: 'Daniel' }]);
  });

  it('a student sees only their own row', async () => {
    const { client, user } = await signUpUser('listing-student');
    const { data } = await client.from('users').select('id, role');
    expect(data).toEqual([{ id: user.id, role: 'student' }]);
  });

  it('anonymous callers read no profiles', async () => {
    const { data, error } = await anonClient().from('users').select('id');
    expect(data ?? []).toEqual([]);
    expect(error?.code).toBe('42501');
  });
});

describe('administrators', () => {
  it('read every profile and change roles and status', async () => {
    const { user } = await signUpUser('promote-me');
    const admin = await signInAs(DEMO_ACCOUNTS.admin.email);

    const { data: all, error } = await admin.from('users').select('id');
    expect(error).toBeNull();
    const ids = (all ?? []).map((row) => row.id);
    expect(ids).toEqual(
      expect.arrayContaining([user.id, DEMO_ACCOUNTS.student.id, DEMO_ACCOUNTS.teacher.id]),
    );

    const promoted = await admin
      .from('users')
      .update({ role: 'teacher', is_active: false })
      .eq('id', user.id)
      .select('role, is_active')
      .single();
    expect(promoted.error).toBeNull();
    expect(promoted.data).toEqual({ role: 'teacher', is_active: false });
  });

  it('a teacher is not an administrator', async () => {
    const { user } = await signUpUser('teacher-target');
    const teacher = await signInAs(DEMO_ACCOUNTS.teacher.email);
    const { data } = await teacher
      .from('users')
      .update({ role: 'admin' })
      .eq('id', user.id)
      .select('id');
    expect(data).toEqual([]);
  });

  it('the service role may change roles too (server-side admin tasks)', async () => {
    const { user } = await signUpUser('service-promote');
    const { data, error } = await serviceClient()
      .from('users')
      .update({ role: 'teacher' })
      .eq('id', user.id)
      .select('role')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ role: 'teacher' });
  });

  it('deleting the auth user removes the profile', async () => {
    const { user } = await signUpUser('delete-me');
    const service = serviceClient();
    expect((await service.auth.admin.deleteUser(user.id)).error).toBeNull();
    const { data } = await service.from('users').select('id').eq('id', user.id);
    expect(data).toEqual([]);
  });
});
