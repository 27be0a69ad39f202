import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { anonClient, followLink, uniqueEmail } from '../../local-supabase/tests/support';
import { closeDb, createPerson, ownerQuery, service, type Person } from './fixtures';

// A password an administrator chose is used once (issue 29 item 10): an account the admin-users
// function creates, or whose password it resets, can sign in with that password, but until its owner
// chooses their own the database refuses every request of its sessions (REST 403 PT403, storage, the
// admin-users function). Choosing a new password (with the one-time one as the current password) ends
// the rule at once. Only administrators reset passwords, never their own.

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;
const created: string[] = [];

afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

type Answer = {
  code?: string;
  user?: { id: string };
  id?: string;
  temporaryPassword?: string;
  mailed?: boolean;
};

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

async function call(client: SupabaseClient, body: unknown) {
  const response = await fetch(FUNCTION_URL, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'content-type': 'application/json',
      authorization: `Bearer ${await tokenOf(client)}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function person(role: Person['role']): Promise<Person> {
  const someone = await createPerson(role);
  created.push(someone.id);
  return someone;
}

async function signIn(email: string, password: string) {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  return { client, error };
}

/** What the account can still do with its session: read its profile, courses, a function and files. */
async function reach(client: SupabaseClient, id: string) {
  const profile = await client.from('users').select('id').eq('id', id);
  const courses = await client.from('courses').select('id').limit(1);
  const rpc = await client.rpc('get_app_settings');
  const upload = await client.storage
    .from('avatars')
    .upload(`${id}/${Date.now()}.png`, new Uint8Array([137, 80, 78, 71]), { contentType: 'image/png' });
  const list = await client.storage.from('avatars').list(id);
  const branding = await client.rpc('get_public_settings');
  return { profile, courses, rpc, upload, list, branding };
}

async function flagOf(id: string): Promise<unknown> {
  const { rows } = await ownerQuery<{ flag: unknown }>(
    `select raw_app_meta_data -> 'must_change_password' as flag from auth.users where id = $1`,
    [id],
  );
  return rows[0]?.flag ?? null;
}

function expectRefused(found: Awaited<ReturnType<typeof reach>>) {
  expect(found.profile.error?.code).toBe('PT403');
  expect(found.profile.status).toBe(403);
  expect(found.courses.error?.code).toBe('PT403');
  expect(found.rpc.error?.code).toBe('PT403');
  expect(found.upload.error).not.toBeNull();
  expect(found.list.data ?? []).toEqual([]);
  // The sign-in page's branding still answers.
  expect(found.branding.error).toBeNull();
}

function expectAllowed(found: Awaited<ReturnType<typeof reach>>, id: string) {
  expect(found.profile.error).toBeNull();
  expect(found.profile.data).toEqual([{ id }]);
  expect(found.courses.error).toBeNull();
  expect(found.upload.error).toBeNull();
}

describe('an account an administrator created', () => {
  it('signs in with its one-time password but can do nothing until its owner chooses a password', async () => {
    const admin = await person('admin');
    const email = uniqueEmail('first-sign-in');
    const answer = await call(admin.client, {
      action: 'create',
      email,
      firstName: 'First',
      lastName: 'Sign-in',
      role: 'student',
    });
    expect(answer.status).toBe(201);
    const id = answer.body.user!.id;
    created.push(id);
    const temporary = answer.body.temporaryPassword!;

    const { client, error } = await signIn(email, temporary);
    expect(error).toBeNull();
    const { data: session } = await client.auth.getSession();
    expect(session.session?.user.app_metadata.must_change_password).toBe(true);
    expectRefused(await reach(client, id));

    // Writing its own metadata does not lift the rule (the flag is app metadata, the service role's).
    await client.auth.updateUser({ data: { must_change_password: false } });
    expect((await client.from('users').select('id').eq('id', id)).error?.code).toBe('PT403');

    // The owner chooses a password with the one-time one: the same session works at once.
    const chosen = await client.auth.updateUser({ password: 'my-own-password-1', current_password: temporary });
    expect(chosen.error).toBeNull();
    expect(chosen.data.user?.app_metadata.must_change_password).toBeUndefined();
    expect(await flagOf(id)).toBeNull();
    expectAllowed(await reach(client, id), id);
    expect((await signIn(email, 'my-own-password-1')).error).toBeNull();
  });
});

describe('resetPassword (admin-users)', () => {
  it('gives a one-time password that replaces the old one and must be changed at the next sign-in', async () => {
    const admin = await person('admin');
    const student = await person('student');
    const before = await reach(student.client, student.id);
    expectAllowed(before, student.id);

    const answer = await call(admin.client, { action: 'resetPassword', id: student.id, mode: 'temporary' });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(student.id);
    const temporary = answer.body.temporaryPassword!;
    expect(temporary).toMatch(/^[A-Za-z0-9]\S{15}$/);
    expect(await flagOf(student.id)).toBe(true);

    // The old password is gone; the new one signs in, to a session that is refused data.
    expect((await signIn(student.email, student.password)).error?.code).toBe('invalid_credentials');
    const { client, error } = await signIn(student.email, temporary);
    expect(error).toBeNull();
    expectRefused(await reach(client, student.id));
    // So is any session still open from before the reset.
    expect((await student.client.from('users').select('id').eq('id', student.id)).error).not.toBeNull();

    const chosen = await client.auth.updateUser({ password: 'chosen-again-2', current_password: temporary });
    expect(chosen.error).toBeNull();
    expectAllowed(await reach(client, student.id), student.id);
  });

  it('mails the reset link instead when asked, and changes nothing else', async () => {
    const admin = await person('admin');
    const teacher = await person('teacher');
    const answer = await call(admin.client, { action: 'resetPassword', id: teacher.id, mode: 'mail' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: teacher.id, mailed: true });
    await expect.poll(async () => (await readOutbox(teacher.email)).length).toBeGreaterThan(0);
    expect(await flagOf(teacher.id)).toBeNull();
    expect((await signIn(teacher.email, teacher.password)).error).toBeNull();
  });

  it('a password chosen through the reset mail ends the rule as well', async () => {
    const admin = await person('admin');
    const student = await person('student');
    await call(admin.client, { action: 'resetPassword', id: student.id, mode: 'temporary' });
    expect(await flagOf(student.id)).toBe(true);

    // The owner uses "Forgot password" instead of the one-time password.
    const { error: mailError } = await anonClient().auth.resetPasswordForEmail(student.email);
    expect(mailError).toBeNull();
    const [mail] = await readOutbox(student.email);
    const link = mail?.text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`));
    expect(link).toBeDefined();
    const fragment = new URLSearchParams((await followLink(link!)).hash.slice(1));
    const recovery = anonClient();
    await recovery.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await recovery.from('users').select('id').eq('id', student.id)).error?.code).toBe('PT403');
    const chosen = await recovery.auth.updateUser({ password: 'from-the-mail-3' });
    expect(chosen.error).toBeNull();
    expect(await flagOf(student.id)).toBeNull();
    expectAllowed(await reach(recovery, student.id), student.id);
  });

  it('is refused to teachers and students, to an administrator for their own account, and for an unknown id', async () => {
    const admin = await person('admin');
    const teacher = await person('teacher');
    const student = await person('student');
    for (const caller of [teacher, student]) {
      const answer = await call(caller.client, { action: 'resetPassword', id: admin.id, mode: 'temporary' });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    const own = await call(admin.client, { action: 'resetPassword', id: admin.id, mode: 'temporary' });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('CANNOT_RESET_OWN_PASSWORD');
    const unknown = await call(admin.client, {
      action: 'resetPassword',
      id: '00000000-0000-4000-8000-000000000000',
      mode: 'temporary',
    });
    expect(unknown.status).toBe(404);
    const badMode = await call(admin.client, { action: 'resetPassword', id: student.id, mode: 'sms' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.code).toBe('VALIDATION_ERROR');
    // Every refusal left the passwords as they were.
    expect((await signIn(admin.email, admin.password)).error).toBeNull();
    expect((await signIn(student.email, student.password)).error).toBeNull();
    expect(await flagOf(student.id)).toBeNull();
  });

  it('an administrator with a one-time password cannot manage users until they choose their own', async () => {
    const admin = await person('admin');
    const other = await person('admin');
    const student = await person('student');
    const reset = await call(admin.client, { action: 'resetPassword', id: other.id, mode: 'temporary' });
    const { client } = await signIn(other.email, reset.body.temporaryPassword!);
    const answer = await call(client, { action: 'resetPassword', id: student.id, mode: 'temporary' });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(await flagOf(student.id)).toBeNull();
  });
});
