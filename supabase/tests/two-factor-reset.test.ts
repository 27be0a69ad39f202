import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { anonClient } from '../../local-supabase/tests/support';
import { accessClaims, enrollVerifiedTotp } from '../../local-supabase/tests/totp';
import { closeDb, createPerson, ownerQuery, service, type Person } from './fixtures';

// An administrator resets a person's two-factor sign-in (lost phone) through admin-users'
// `resetTwoFactor`: every factor of the account goes, so its owner signs in with the password alone
// and reads their data again (aal1 is a full session once no verified factor is left). Only another
// active administrator, whose own session passed its code, may do it.

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;

type Answer = { code?: string; message?: string; id?: string; removed?: number };

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

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

const passwordOf = (person: Person) => `pw-2fa-reset-${person.id}`;

async function setPassword(person: Person): Promise<void> {
  const { error } = await service.auth.admin.updateUserById(person.id, {
    password: passwordOf(person),
  });
  if (error) throw error;
}

async function passwordOnly(person: Person): Promise<SupabaseClient> {
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: person.email,
    password: passwordOf(person),
  });
  if (error) throw error;
  return client;
}

async function factorCount(userId: string): Promise<number> {
  const { rows } = await ownerQuery<{ n: number }>(
    'select count(*)::int as n from auth.mfa_factors where user_id = $1',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

const created: Person[] = [];
async function person(role: Person['role']): Promise<Person> {
  const someone = await createPerson(role);
  created.push(someone);
  return someone;
}

let admin: Person;
let adminToken: string;

beforeAll(async () => {
  admin = await person('admin');
  adminToken = await tokenOf(admin.client);
});

afterAll(async () => {
  for (const { id } of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

describe('an administrator resets a student’s two-factor sign-in', () => {
  it('removes the factor: the student signs in with the password alone and reads their data', async () => {
    const student = await person('student');
    await setPassword(student);
    await enrollVerifiedTotp(await passwordOnly(student));
    // Before: a password-only session gets nothing from the database.
    const locked = await passwordOnly(student);
    expect(accessClaims(await tokenOf(locked)).aal).toBe('aal1');
    const refused = await locked.from('users').select('id').eq('id', student.id);
    expect(refused.error?.code).toBe('42501');

    const answer = await call(adminToken, { action: 'resetTwoFactor', id: student.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: student.id, removed: 1 });
    expect(await factorCount(student.id)).toBe(0);

    const after = await passwordOnly(student);
    const { data: level } = await after.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    const read = await after.from('users').select('id').eq('id', student.id);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ id: student.id }]);
    // And may set it up again.
    await enrollVerifiedTotp(after);
    expect(await factorCount(student.id)).toBe(1);
  });

  it('removes unverified factors too, and answers removed: 0 for an account without any', async () => {
    const halfway = await person('student');
    const { error } = await halfway.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(error).toBeNull();
    const first = await call(adminToken, { action: 'resetTwoFactor', id: halfway.id });
    expect(first.body).toEqual({ id: halfway.id, removed: 1 });
    const again = await call(adminToken, { action: 'resetTwoFactor', id: halfway.id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id: halfway.id, removed: 0 });
  });

  it('answers USER_NOT_FOUND for an unknown id and VALIDATION_ERROR for a malformed one', async () => {
    const unknown = await call(adminToken, {
      action: 'resetTwoFactor',
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('USER_NOT_FOUND');
    const malformed = await call(adminToken, { action: 'resetTwoFactor', id: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('who may reset two-factor sign-in', () => {
  let target: Person;
  beforeAll(async () => {
    target = await person('student');
    await setPassword(target);
    await enrollVerifiedTotp(await passwordOnly(target));
  });

  it('a teacher, a student (even the owner) and an anonymous caller are refused; the factor stays', async () => {
    const teacher = await person('teacher');
    const student = await person('student');
    const owner = await passwordOnly(target);
    for (const client of [teacher.client, student.client]) {
      const answer = await call(await tokenOf(client), { action: 'resetTwoFactor', id: target.id });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe('FORBIDDEN');
    }
    const own = await call(await tokenOf(owner), { action: 'resetTwoFactor', id: target.id });
    expect(own.status).toBe(403);
    const anonymous = await call(undefined, { action: 'resetTwoFactor', id: target.id });
    expect(anonymous.status).toBe(401);
    expect(await factorCount(target.id)).toBe(1);
  });

  it('an administrator cannot reset their own (CANNOT_RESET_OWN_TWO_FACTOR)', async () => {
    const self = await person('admin');
    await setPassword(self);
    const aal2 = await passwordOnly(self);
    await enrollVerifiedTotp(aal2);
    const answer = await call(await tokenOf(aal2), { action: 'resetTwoFactor', id: self.id });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('CANNOT_RESET_OWN_TWO_FACTOR');
    expect(await factorCount(self.id)).toBe(1);
  });

  it('an administrator with a factor must have passed its code (aal1 refused), an aal2 session may', async () => {
    const other = await person('admin');
    await setPassword(other);
    const aal2 = await passwordOnly(other);
    await enrollVerifiedTotp(aal2);
    const aal1 = await passwordOnly(other);
    const refused = await call(await tokenOf(aal1), { action: 'resetTwoFactor', id: target.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('TWO_FACTOR_REQUIRED');
    expect(await factorCount(target.id)).toBe(1);

    const allowed = await call(await tokenOf(aal2), { action: 'resetTwoFactor', id: target.id });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ id: target.id, removed: 1 });
    expect(await factorCount(target.id)).toBe(0);
  });

  it('a deactivated administrator is refused', async () => {
    const former = await person('admin');
    const token = await tokenOf(former.client);
    const { error } = await service.from('users').update({ is_active: false }).eq('id', former.id);
    expect(error).toBeNull();
    const victim = await person('student');
    await victim.client.auth.mfa.enroll({ factorType: 'totp' });
    const answer = await call(token, { action: 'resetTwoFactor', id: victim.id });
    expect([401, 403]).toContain(answer.status);
    expect(await factorCount(victim.id)).toBe(1);
  });
});
