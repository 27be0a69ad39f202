import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handler, { temporaryPassword } from '../../supabase/functions/admin-users/index';
import { ANON_KEY, API_URL, databaseUrl } from '../src/config';
import {
  DEMO_ACCOUNTS,
  anonClient,
  serviceClient,
  signInAs,
  signUpUser,
  uniqueEmail,
} from './support';

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;
const db = new pg.Pool({ connectionString: databaseUrl(), max: 2 });
const created: string[] = [];
let adminToken: string;

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

/** What the function answers; which fields are present depends on the action and outcome. */
interface Answer {
  user: Record<string, unknown> & { id: string; is_active: boolean };
  temporaryPassword: string;
  id: string;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

async function call(token: string | undefined, body: unknown) {
  const response = await fetch(FUNCTION_URL, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function createUser(fields: Record<string, unknown> = {}) {
  const email = uniqueEmail('admin-created');
  const result = await call(adminToken, {
    action: 'create',
    email,
    firstName: 'Ana',
    lastName: 'Ruiz',
    role: 'student',
    ...fields,
  });
  if (result.status !== 201) throw new Error(`create failed: ${JSON.stringify(result.body)}`);
  created.push(result.body.user.id);
  return {
    email,
    id: result.body.user.id,
    password: result.body.temporaryPassword,
    body: result.body,
  };
}

async function profileOf(id: string) {
  const { rows } = await db.query('select * from public.users where id = $1', [id]);
  return rows[0];
}

beforeAll(async () => {
  adminToken = await tokenOf(await signInAs(DEMO_ACCOUNTS.admin.email));
});

afterAll(async () => {
  const service = serviceClient();
  for (const id of created) await service.auth.admin.deleteUser(id);
  await db.end();
});

describe('admin-users: who may call it', () => {
  it('needs a signed-in caller (401)', async () => {
    expect((await call(undefined, { action: 'create' })).status).toBe(401);
    const anonymous = await call(ANON_KEY, { action: 'create' });
    expect(anonymous).toEqual({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Sign in to manage users' },
    });
  });

  it('refuses students and teachers (403)', async () => {
    const student = await signUpUser('admin-fn-student');
    const teacher = await signInAs(DEMO_ACCOUNTS.teacher.email);
    for (const token of [student.session.access_token, await tokenOf(teacher)]) {
      const result = await call(token, {
        action: 'create',
        email: uniqueEmail('x'),
        firstName: 'X',
        lastName: 'Y',
        role: 'admin',
      });
      expect(result).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Only active administrators can manage users' },
      });
    }
  });

  it('refuses a deactivated administrator: deactivation ends their sessions (401)', async () => {
    const other = await createUser({ role: 'admin' });
    const client = anonClient();
    await client.auth.signInWithPassword({ email: other.email, password: other.password });
    await db.query('update public.users set is_active = false where id = $1', [other.id]);
    const answer = await call(await tokenOf(client), { action: 'delete', id: other.id });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers CORS preflights for the app origins only', async () => {
    const preflight = (origin: string) =>
      handler(
        new Request(FUNCTION_URL, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }),
      );
    const allowed = await preflight('http://localhost:3002');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(
      (await preflight('https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });
});

describe('admin-users: create', () => {
  it('creates a confirmed account with a one-time temporary password and the full profile', async () => {
    const email = uniqueEmail('new-teacher');
    const result = await call(adminToken, {
      action: 'create',
      email: email.toUpperCase(),
      firstName: ' Marta ',
      lastName: 'Vidal',
      role: 'teacher',
      phone: '+34 600 000 000',
      location: 'Valencia',
      bio: 'Business English',
    });
    expect(result.status).toBe(201);
    created.push(result.body.user.id);
    expect(result.body.user).toMatchObject({
      email,
      first_name: 'Marta',
      last_name: 'Vidal',
      role: 'teacher',
      phone: '+34 600 000 000',
      location: 'Valencia',
      bio: 'Business English',
      is_active: true,
    });
    const password = result.body.temporaryPassword as string;
    expect(password.length).toBeGreaterThanOrEqual(14);

    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(await profileOf(result.body.user.id)).toMatchObject({
      role: 'teacher',
      location: 'Valencia',
    });
    // Never a role in metadata: authorisation reads public.users only.
    expect(data.user?.user_metadata.role).toBeUndefined();
  });

  it('generates a different strong password for every user', async () => {
    const first = await createUser();
    const second = await createUser();
    expect(first.password).not.toBe(second.password);
    const samples = Array.from({ length: 200 }, () => temporaryPassword());
    expect(new Set(samples).size).toBe(samples.length);
    for (const sample of samples) {
      expect(sample).toHaveLength(16);
      expect(sample).toMatch(/[a-z]/);
      expect(sample).toMatch(/[A-Z]/);
      expect(sample).toMatch(/[2-9]/);
      expect(sample).toMatch(/[!@#$%*\-_+=?]/);
    }
  });

  it('is callable with supabase.functions.invoke, errors readable from error.context', async () => {
    const admin = await signInAs(DEMO_ACCOUNTS.admin.email);
    const email = uniqueEmail('invoke');
    const { data, error } = await admin.functions.invoke('admin-users', {
      body: { action: 'create', email, firstName: 'Inés', lastName: 'Mora', role: 'student' },
    });
    expect(error).toBeNull();
    created.push(data.user.id);
    expect(data).toMatchObject({
      user: { email, role: 'student' },
      temporaryPassword: expect.any(String),
    });

    const duplicate = await admin.functions.invoke('admin-users', {
      body: { action: 'create', email, firstName: 'Inés', lastName: 'Mora', role: 'student' },
    });
    expect(duplicate.error).toBeInstanceOf(FunctionsHttpError);
    const response = (duplicate.error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'A user with this email already exists',
    });
  });

  it('refuses a duplicate email (409), whatever its case', async () => {
    const existing = await createUser();
    const result = await call(adminToken, {
      action: 'create',
      email: existing.email.toUpperCase(),
      firstName: 'Otra',
      lastName: 'Persona',
      role: 'student',
    });
    expect(result.status).toBe(409);
    expect(result.body.code).toBe('EMAIL_TAKEN');
    expect(
      (
        await call(adminToken, {
          action: 'create',
          email: DEMO_ACCOUNTS.student.email,
          firstName: 'A',
          lastName: 'B',
          role: 'student',
        })
      ).status,
    ).toBe(409);
  });

  it('validates the fields with codes and the field name (400)', async () => {
    const base = {
      action: 'create',
      email: uniqueEmail('invalid'),
      firstName: 'A',
      lastName: 'B',
      role: 'student',
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: undefined }, 'email'],
      [{ email: 'not-an-email' }, 'email'],
      [{ firstName: '  ' }, 'firstName'],
      [{ lastName: undefined }, 'lastName'],
      [{ role: undefined }, 'role'],
      [{ role: 'superuser' }, 'role'],
      [{ phone: 'x'.repeat(41) }, 'phone'],
      [{ bio: 42 }, 'bio'],
    ];
    for (const [override, field] of cases) {
      const result = await call(adminToken, { ...base, ...override });
      expect(result.status, JSON.stringify(override)).toBe(400);
      expect(result.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
      expect(result.body.message).toEqual(expect.any(String));
    }
    expect((await call(adminToken, { action: 'promote' })).body.code).toBe('INVALID_REQUEST');
    const notJson = await fetch(FUNCTION_URL, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
      },
      body: '{oops',
    });
    expect(notJson.status).toBe(400);
  });
});

describe('admin-users: update', () => {
  it('changes role, names and personal fields', async () => {
    const user = await createUser();
    const result = await call(adminToken, {
      action: 'update',
      id: user.id,
      role: 'teacher',
      firstName: 'Anabel',
      phone: '+34 611 111 111',
      bio: null,
    });
    expect(result.status).toBe(200);
    expect(result.body.user).toMatchObject({
      id: user.id,
      role: 'teacher',
      first_name: 'Anabel',
      last_name: 'Ruiz',
      phone: '+34 611 111 111',
      bio: null,
    });
    expect(await profileOf(user.id)).toMatchObject({ role: 'teacher', first_name: 'Anabel' });
  });

  it('deactivates an account (no more sign-in) and reactivates it', async () => {
    const user = await createUser();
    expect(
      (await call(adminToken, { action: 'update', id: user.id, isActive: false })).body.user
        .is_active,
    ).toBe(false);
    const refused = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(refused.error).toBeTruthy();
    expect(
      (await call(adminToken, { action: 'update', id: user.id, isActive: true })).body.user
        .is_active,
    ).toBe(true);
    const allowed = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(allowed.error).toBeNull();
  });

  it('does not change the email, and says what is wrong', async () => {
    const user = await createUser();
    const changed = await call(adminToken, {
      action: 'update',
      id: user.id,
      email: uniqueEmail('other'),
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'EMAIL_NOT_EDITABLE', details: { field: 'email' } });
    // The edit form sends the unchanged email back: fine.
    expect(
      (
        await call(adminToken, {
          action: 'update',
          id: user.id,
          email: user.email,
          lastName: 'Soler',
        })
      ).status,
    ).toBe(200);
    expect((await call(adminToken, { action: 'update', id: user.id })).body.code).toBe(
      'INVALID_REQUEST',
    );
    expect(
      (await call(adminToken, { action: 'update', id: user.id, isActive: 'no' })).body,
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'isActive' },
    });
    expect(
      (await call(adminToken, { action: 'update', id: crypto.randomUUID(), role: 'teacher' }))
        .status,
    ).toBe(404);
  });

  it('does not let an administrator demote or deactivate themselves', async () => {
    for (const change of [{ role: 'teacher' }, { isActive: false }]) {
      const result = await call(adminToken, {
        action: 'update',
        id: DEMO_ACCOUNTS.admin.id,
        ...change,
      });
      expect(result.status).toBe(400);
      expect(result.body.code).toBe('CANNOT_DEMOTE_SELF');
    }
    expect(await profileOf(DEMO_ACCOUNTS.admin.id)).toMatchObject({
      role: 'admin',
      is_active: true,
    });
  });
});

describe('admin-users: delete', () => {
  it('removes the account and its profile', async () => {
    const user = await createUser();
    expect(await call(adminToken, { action: 'delete', id: user.id })).toEqual({
      status: 200,
      body: { id: user.id },
    });
    expect(await profileOf(user.id)).toBeUndefined();
    const { rowCount } = await db.query('select 1 from auth.users where id = $1', [user.id]);
    expect(rowCount).toBe(0);
    expect(
      (await anonClient().auth.signInWithPassword({ email: user.email, password: user.password }))
        .error,
    ).toBeTruthy();
    expect((await call(adminToken, { action: 'delete', id: user.id })).status).toBe(404);
  });

  it('refuses to delete the calling administrator', async () => {
    const result = await call(adminToken, { action: 'delete', id: DEMO_ACCOUNTS.admin.id });
    expect(result).toEqual({
      status: 400,
      body: {
        code: 'CANNOT_DELETE_SELF',
        message: 'Administrators cannot delete their own account',
      },
    });
    expect(await profileOf(DEMO_ACCOUNTS.admin.id)).toBeTruthy();
    expect((await call(adminToken, { action: 'delete', id: 'not-a-uuid' })).body).toMatchObject({
      details: { field: 'id' },
    });
  });
});
