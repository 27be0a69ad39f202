import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_URL } from '../../local-supabase/src/config';
import {
  anonClient,
  signInAs as signInWithPassword,
  signUpUser,
} from '../../local-supabase/tests/support';
import { errorMessageKey } from '../../shared-data/src/rules/error-messages';
import { authService } from '../../shared-data/src/services/auth';
import { usersService } from '../../shared-data/src/services/users';
import { createCourse, enroll, expectDenied, expectNoRows, service, type Role } from './fixtures';
import { dataOf, installLocalDataClient } from './services/data-client';

// The profile screen (/profile, every role): what a person may change on their own `users` row, what
// they may never change, whose rows they cannot touch, the avatar's URL and stored picture, and the
// password change that asks for the current password.

installLocalDataClient();

interface Account {
  id: string;
  email: string;
  password: string;
  role: Role;
  client: SupabaseClient;
}

/** A fresh account of `role` (signed up through the auth API, promoted by the service role). */
async function account(role: Role, label: string = role): Promise<Account> {
  const { client, user, email, password } = await signUpUser(`profile-${label}`, {
    first_name: 'Before',
    last_name: 'Edit',
  });
  if (role !== 'student') {
    const { error } = await service.from('users').update({ role }).eq('id', user.id);
    if (error) throw new Error(`promote ${email}: ${error.message}`);
  }
  return { id: user.id, email, password, role, client };
}

const created: string[] = [];
afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
});

async function fresh(role: Role, label?: string): Promise<Account> {
  const person = await account(role, label);
  created.push(person.id);
  return person;
}

const PROFILE_COLUMNS =
  'id, email, first_name, last_name, role, avatar_url, phone, location, bio, is_active, created_at, last_sign_in_at, updated_at';

/** The row as the database holds it (read with the service role, past every policy). */
async function rowOf(id: string) {
  const { data, error } = await service.from('users').select(PROFILE_COLUMNS).eq('id', id).single();
  if (error) throw new Error(`read ${id}: ${error.message}`);
  return data;
}

/** What avatar_url holds: the picture's object name in the public avatars bucket, `<user id>/<file>`. */
const avatarPath = (ownerId: string, file = 'avatar.png') => `${ownerId}/${file}`;

const ROLES: Role[] = ['student', 'teacher', 'admin'];

describe('editing your own profile row', () => {
  it.each(ROLES)('a %s changes their own name, phone, location, bio and avatar', async (role) => {
    const me = await fresh(role);
    const changes = {
      first_name: 'Lucía',
      last_name: 'Fernández',
      phone: '+34 600 123 456',
      location: 'Sevilla',
      bio: 'Teaching and learning.\nTwo lines.',
      avatar_url: avatarPath(me.id),
    };

    const { data, error } = await me.client
      .from('users')
      .update(changes)
      .eq('id', me.id)
      .select('first_name, last_name, phone, location, bio, avatar_url')
      .single();

    expect(error).toBeNull();
    expect(data).toEqual(changes);
    expect(await rowOf(me.id)).toMatchObject({
      ...changes,
      role,
      is_active: true,
      email: me.email,
    });
  });

  it.each(ROLES)('a %s clears their phone, location, bio and avatar', async (role) => {
    const me = await fresh(role);
    await service
      .from('users')
      .update({ phone: '1', location: 'x', bio: 'y', avatar_url: avatarPath(me.id) })
      .eq('id', me.id);

    const cleared = { phone: null, location: null, bio: null, avatar_url: null };
    const { error } = await me.client.from('users').update(cleared).eq('id', me.id);

    expect(error).toBeNull();
    expect(await rowOf(me.id)).toMatchObject(cleared);
  });

  it.each(
    ROLES.flatMap(
      (role) =>
        [
          [role, 'created_at', { created_at: '2000-01-01T00:00:00Z' }],
          [role, 'last_sign_in_at', { last_sign_in_at: '2000-01-01T00:00:00Z' }],
          [role, 'updated_at', { updated_at: '2000-01-01T00:00:00Z' }],
          [role, 'id', { id: '00000000-0000-4000-8000-000000000999' }],
        ] as const,
    ),
  )('a %s cannot change their own %s', async (role, _column, change) => {
    const me = await fresh(role);
    const before = await rowOf(me.id);

    const result = await me.client.from('users').update(change).eq('id', me.id).select('id');

    expectDenied(result);
    expect(await rowOf(me.id)).toEqual(before);
  });

  it('a changed stamp is refused even when it comes with allowed fields', async () => {
    const me = await fresh('student');
    const before = await rowOf(me.id);

    const result = await me.client
      .from('users')
      .update({ first_name: 'Sneaky', created_at: '1999-12-31T00:00:00Z' })
      .eq('id', me.id);

    expectDenied(result);
    expect(await rowOf(me.id)).toEqual(before);
  });

  it.each(['student', 'teacher'] as const)(
    'a %s cannot change their own role, status or email',
    async (role) => {
      const me = await fresh(role);
      const before = await rowOf(me.id);
      for (const change of [
        { role: 'admin' },
        { is_active: false },
        { email: `changed-${me.id}@example.test` },
      ]) {
        const result = await me.client.from('users').update(change).eq('id', me.id);
        expectDenied(result);
      }
      expect(await rowOf(me.id)).toEqual(before);
    },
  );

  it('the database keeps the text limits (names 100, phone 40, location 120, bio 2000)', async () => {
    const me = await fresh('student');
    const within = {
      first_name: 'a'.repeat(100),
      last_name: 'b'.repeat(100),
      phone: '1'.repeat(40),
      location: 'c'.repeat(120),
      bio: 'd'.repeat(2000),
    };
    expect((await me.client.from('users').update(within).eq('id', me.id)).error).toBeNull();

    for (const [column, value] of Object.entries(within)) {
      const { error } = await me.client
        .from('users')
        .update({ [column]: `${value}x` })
        .eq('id', me.id);
      expect(error?.code, column).toBe('23514');
      expect(
        errorMessageKey({
          code: 'UPDATE_USERS_ERROR',
          message: error?.message ?? '',
          details: { code: error?.code },
        }),
      ).toBe('invalidValue');
    }
    expect(await rowOf(me.id)).toMatchObject(within);
  });
});

describe("someone else's profile row", () => {
  let student: Account;
  let otherStudent: Account;
  let teacher: Account;
  let otherTeacher: Account;
  let admin: Account;

  beforeAll(async () => {
    [student, otherStudent, teacher, otherTeacher, admin] = await Promise.all([
      fresh('student', 'student'),
      fresh('student', 'other-student'),
      fresh('teacher', 'teacher'),
      fresh('teacher', 'other-teacher'),
      fresh('admin', 'admin'),
    ]);
    // The teacher can read this student's row (an active student of their course).
    const course = await createCourse({ teacher_id: teacher.id });
    await enroll(student.id, course.id);
  });

  const personal = { first_name: 'Hacked', bio: 'Not mine', avatar_url: null };

  it('a student cannot change another student or a teacher (whose row they can read)', async () => {
    for (const target of [otherStudent, teacher]) {
      const before = await rowOf(target.id);
      expectNoRows(
        await student.client.from('users').update(personal).eq('id', target.id).select('id'),
      );
      expect(await rowOf(target.id)).toEqual(before);
    }
  });

  it('a teacher cannot change their own student or another teacher', async () => {
    const visible = await teacher.client.from('users').select('id').eq('id', student.id);
    expect(visible.data).toEqual([{ id: student.id }]);
    for (const target of [student, otherTeacher]) {
      const before = await rowOf(target.id);
      expectNoRows(
        await teacher.client.from('users').update(personal).eq('id', target.id).select('id'),
      );
      expect(await rowOf(target.id)).toEqual(before);
    }
  });

  it('an anonymous caller changes nobody', async () => {
    const before = await rowOf(student.id);
    const result = await anonClient().from('users').update(personal).eq('id', student.id);
    expectDenied(result);
    expect(await rowOf(student.id)).toEqual(before);
  });

  it("an admin changes another person's personal fields, but never their stamps", async () => {
    const { error } = await admin.client
      .from('users')
      .update({ first_name: 'Corrected', phone: '+1 555 0100', avatar_url: null })
      .eq('id', otherStudent.id);
    expect(error).toBeNull();
    expect(await rowOf(otherStudent.id)).toMatchObject({
      first_name: 'Corrected',
      phone: '+1 555 0100',
    });

    const before = await rowOf(otherStudent.id);
    for (const change of [
      { created_at: '2000-01-01T00:00:00Z' },
      { last_sign_in_at: '2000-01-01T00:00:00Z' },
    ]) {
      expectDenied(await admin.client.from('users').update(change).eq('id', otherStudent.id));
    }
    expect(await rowOf(otherStudent.id)).toEqual(before);
  });

  it('keeps the sign-in before the last one, null until the second sign-in; nobody may set it', async () => {
    const newcomer = await fresh('student', 'first-visit');
    const read = async () => {
      const { data, error } = await service
        .from('users')
        .select('last_sign_in_at, previous_sign_in_at, updated_at')
        .eq('id', newcomer.id)
        .single();
      if (error) throw new Error(error.message);
      return data;
    };
    // Just signed up (and, with the sign-up's session, possibly signed in once): a first visit.
    const first = await read();
    expect(first.previous_sign_in_at).toBeNull();

    // Each sign-in moves the one before it to previous_sign_in_at.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await signInWithPassword(newcomer.email, newcomer.password);
    const second = await read();
    expect(second.previous_sign_in_at).toBe(first.last_sign_in_at);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await signInWithPassword(newcomer.email, newcomer.password);
    const third = await read();
    expect(third.previous_sign_in_at).toBe(second.last_sign_in_at);
    expect(third.previous_sign_in_at).not.toBeNull();
    // A sign-in is not an edit of the profile.
    expect(third.updated_at).toBe(first.updated_at);

    // Not the owner, not an administrator: only the sign-in trigger writes it.
    for (const caller of [newcomer, admin]) {
      expectDenied(
        await caller.client
          .from('users')
          .update({ previous_sign_in_at: null })
          .eq('id', newcomer.id),
      );
    }
    expect((await read()).previous_sign_in_at).toBe(second.last_sign_in_at);
  });

  it('a sign-in still records last_sign_in_at (the auth server is not an API caller)', async () => {
    const before = (await rowOf(otherTeacher.id)).last_sign_in_at;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await signInWithPassword(otherTeacher.email, otherTeacher.password);
    const after = (await rowOf(otherTeacher.id)).last_sign_in_at;
    expect(new Date(after ?? 0).getTime()).toBeGreaterThan(new Date(before ?? 0).getTime());
  });
});

describe('the avatar a profile may hold', () => {
  it("only a picture's name in the own avatars folder, or none: never an address", async () => {
    const me = await fresh('teacher', 'avatar-url');
    const other = await fresh('student', 'avatar-other');
    const refused = [
      avatarPath(other.id),
      // Any address, even one with the expected path, on this project's host or another.
      `${API_URL}/storage/v1/object/public/avatars/${me.id}/avatar.png`,
      `https://evil.example/storage/v1/object/public/avatars/${me.id}/avatar.png`,
      `//evil.example/storage/v1/object/public/avatars/${me.id}/avatar.png`,
      `javascript:alert(1)//${me.id}/avatar.png`,
      'https://tracker.example.org/pixel.png',
      `avatars/${me.id}/avatar.png`,
      `/${me.id}/avatar.png`,
      `${me.id}/../${other.id}/avatar.png`,
      `${me.id}/..`,
      `${me.id}/a..png`,
      `${me.id}/nested/avatar.png`,
      `${me.id}/.hidden.png`,
      `${me.id}/avatar.png?v=1`,
      `${me.id}/`,
      `${me.id}`,
      '',
    ];
    for (const value of refused) {
      const { error } = await me.client.from('users').update({ avatar_url: value }).eq('id', me.id);
      expect(error?.code, value).toBe('23514');
      expect(error?.message, value).toBe(
        'An avatar must be a picture in the avatars folder of its own profile',
      );
    }
    expect((await rowOf(me.id)).avatar_url).toBeNull();

    for (const value of [
      avatarPath(me.id, '1732000000000-ab12cd34.webp'),
      avatarPath(me.id, 'avatar.jpg'),
    ]) {
      const { error } = await me.client.from('users').update({ avatar_url: value }).eq('id', me.id);
      expect(error, value).toBeNull();
      expect((await rowOf(me.id)).avatar_url).toBe(value);
    }
  });

  it('an admin may clear anyone’s avatar but not point it elsewhere', async () => {
    const admin = await fresh('admin', 'avatar-admin');
    const student = await fresh('student', 'avatar-student');
    await service
      .from('users')
      .update({ avatar_url: avatarPath(student.id) })
      .eq('id', student.id);

    for (const elsewhere of ['https://tracker.example.org/pixel.png', avatarPath(admin.id)]) {
      const { error } = await admin.client
        .from('users')
        .update({ avatar_url: elsewhere })
        .eq('id', student.id);
      expect(error?.code, elsewhere).toBe('23514');
    }

    expect(
      (await admin.client.from('users').update({ avatar_url: null }).eq('id', student.id)).error,
    ).toBeNull();
    expect((await rowOf(student.id)).avatar_url).toBeNull();
  });
});

// Through the shared-data services, as the profile screen calls them.

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
// The avatars bucket checks a picture's bytes against its type (avatar-bytes.test.ts): a WebP is a WebP.
const WEBP = Uint8Array.from(atob('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA'), (char) =>
  char.charCodeAt(0),
);
const picture = (name: string, type: string) =>
  new File([type === 'image/webp' ? WEBP : PNG], name, { type });

async function avatarObjects(userId: string): Promise<string[]> {
  const { data, error } = await service.storage.from('avatars').list(userId);
  if (error) throw new Error(`list avatars: ${error.message}`);
  return (data ?? []).map((entry) => entry.name).sort();
}

async function signInService(person: Account) {
  const result = await authService.signIn({
    email: person.email,
    password: person.password,
    remember: false,
  });
  if (!result.success) throw new Error(`sign in: ${result.error.message}`);
  return result.data.user;
}

describe('usersService: replacing and removing an avatar', () => {
  it('each picture is a new object that replaces the old one; the profile holds its name, the page its URL', async () => {
    const me = await fresh('student', 'avatar-replace');
    await signInService(me);
    const stored = (avatar: string | null) => `${me.id}/${(avatar ?? '').split('/').pop()}`;
    const publicUrl = new RegExp(
      `^${API_URL}/storage/v1/object/public/avatars/${me.id}/\\d+-[a-z0-9]{8}\\.(png|webp)$`,
    );

    const first = dataOf(await usersService.uploadAvatar(me.id, picture('me.png', 'image/png')));
    expect(first.avatar).toMatch(publicUrl);
    expect(await avatarObjects(me.id)).toEqual([stored(first.avatar).split('/')[1]]);
    expect((await rowOf(me.id)).avatar_url).toBe(stored(first.avatar));

    const second = dataOf(await usersService.uploadAvatar(me.id, picture('me.webp', 'image/webp')));
    expect(second.avatar).toMatch(publicUrl);
    expect(second.avatar).not.toBe(first.avatar);
    expect(await avatarObjects(me.id)).toEqual([stored(second.avatar).split('/')[1]]);
    expect((await fetch(second.avatar ?? '')).status).toBe(200);
    expect((await fetch(first.avatar ?? '')).ok).toBe(false);

    // The same type again is a new name too, so no cache (browser or CDN) keeps the old picture.
    const third = dataOf(
      await usersService.uploadAvatar(me.id, picture('again.webp', 'image/webp')),
    );
    expect(await avatarObjects(me.id)).toEqual([stored(third.avatar).split('/')[1]]);
    expect(third.avatar).not.toBe(second.avatar);
    expect((await rowOf(me.id)).avatar_url).toBe(stored(third.avatar));
  });

  it('removing deletes the stored picture and clears the profile', async () => {
    const me = await fresh('teacher', 'avatar-remove');
    await signInService(me);
    const uploaded = dataOf(await usersService.uploadAvatar(me.id, picture('me.png', 'image/png')));

    const user = dataOf(await usersService.removeAvatar(me.id));

    expect(user.avatar).toBeNull();
    expect((await rowOf(me.id)).avatar_url).toBeNull();
    expect(await avatarObjects(me.id)).toEqual([]);
    expect((await fetch(uploaded.avatar ?? '')).ok).toBe(false);
    // Removing when there is nothing left is not an error.
    expect(dataOf(await usersService.removeAvatar(me.id)).avatar).toBeNull();
  });

  it("nobody removes someone else's picture", async () => {
    const owner = await fresh('teacher', 'avatar-owner');
    const intruder = await fresh('student', 'avatar-intruder');
    await signInService(owner);
    const uploaded = dataOf(
      await usersService.uploadAvatar(owner.id, picture('me.png', 'image/png')),
    );

    await signInService(intruder);
    const result = await usersService.removeAvatar(owner.id);

    expect(result.success).toBe(false);
    const name = (uploaded.avatar ?? '').split('/').pop() ?? '';
    expect(await avatarObjects(owner.id)).toEqual([name]);
    expect((await rowOf(owner.id)).avatar_url).toBe(`${owner.id}/${name}`);
  });

  it('refuses a file that is not a picture before sending anything', async () => {
    const me = await fresh('student', 'avatar-type');
    await signInService(me);
    const result = await usersService.uploadAvatar(me.id, picture('notes.pdf', 'application/pdf'));
    expect(result).toMatchObject({ success: false, error: { code: 'UPLOAD_AVATAR_ERROR' } });
    expect(await avatarObjects(me.id)).toEqual([]);
  });
});

describe('authService.changePassword (asks for the current password)', () => {
  it('a wrong current password changes nothing and reads as wrong credentials', async () => {
    const me = await fresh('student', 'password-wrong');
    await signInService(me);

    const result = await authService.changePassword({
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-secret',
    });

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('UPDATE_PASSWORD_ERROR');
      expect(errorMessageKey(result.error)).toBe('invalidCredentials');
    }
    await expect(signInWithPassword(me.email, me.password)).resolves.toBeTruthy();
    await expect(signInWithPassword(me.email, 'brand-new-secret')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    // The page's session is untouched.
    expect(dataOf(await authService.getCurrentUser()).id).toBe(me.id);
  });

  it('the right current password sets the new one; the page stays signed in', async () => {
    const me = await fresh('teacher', 'password-right');
    await signInService(me);

    const result = await authService.changePassword({
      currentPassword: me.password,
      newPassword: 'brand-new-secret',
    });

    const tokens = dataOf(result);
    expect(tokens.token).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    await expect(signInWithPassword(me.email, 'brand-new-secret')).resolves.toBeTruthy();
    await expect(signInWithPassword(me.email, me.password)).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(dataOf(await authService.getCurrentUser()).id).toBe(me.id);
  });

  it('the same password again is refused as unchanged', async () => {
    const me = await fresh('admin', 'password-same');
    await signInService(me);

    const result = await authService.changePassword({
      currentPassword: me.password,
      newPassword: me.password,
    });

    expect(result.success).toBe(false);
    if (!result.success) expect(errorMessageKey(result.error)).toBe('samePassword');
    await expect(signInWithPassword(me.email, me.password)).resolves.toBeTruthy();
  });
});
