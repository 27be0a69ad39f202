import { randomUUID } from 'node:crypto';
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { accessClaims } from '../../local-supabase/tests/totp';
import { anonClient, signInAs, signUpUser, type SignedUpUser } from '../../local-supabase/tests/support';
import { closeDb, createCourse, createPerson, enroll, ownerQuery, service, type Person } from './fixtures';

// An access token is honoured by the database only while its session exists and its user may sign in:
// after a sign-out (global or of that session) or a deactivation, the token that is still within its
// hour reads and writes nothing through /rest/v1 (PostgREST's pre-request hook) and touches no stored
// file (a restrictive policy on storage.objects). Service role and anon keys carry no session and keep
// working.

const ENDED = 'Your session has ended: sign in again';
const AVATARS = 'avatars';
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const run = randomUUID().slice(0, 8);

let admin: Person;
let course: { id: string };

async function sessionIdOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const id = accessClaims(data.session?.access_token ?? '..').session_id;
  if (typeof id !== 'string') throw new Error('the access token has no session_id');
  return id;
}

/** A student enrolled in the course, signed in on `sessions` clients (one session each). */
async function studentWithSessions(sessions: number): Promise<{ account: SignedUpUser; clients: SupabaseClient[] }> {
  const account = await signUpUser('session-student');
  await enroll(account.user.id, course.id);
  const clients = [account.client];
  for (let i = 1; i < sessions; i += 1) clients.push(await signInAs(account.email, account.password));
  return { account, clients };
}

function expectEnded(result: { error: PostgrestError | null; data?: unknown }, what: string): void {
  expect(result.error, `${what}: expected a refusal`).not.toBeNull();
  expect(result.error?.code, what).toBe('PT401');
  expect(result.error?.message, what).toBe(ENDED);
}

/** Everything the REST API answers the client, reads, writes and a function. */
async function restWorks(client: SupabaseClient, userId: string) {
  const [profile, courses, write, rpc] = await Promise.all([
    client.from('users').select('id').eq('id', userId),
    client.from('courses').select('id').eq('id', course.id),
    client.from('users').update({ bio: `written ${run}` }).eq('id', userId).select('id'),
    client.rpc('get_student_stats', { student_uuid: userId }),
  ]);
  return { profile, courses, write, rpc };
}

async function objectExists(bucket: string, name: string): Promise<boolean> {
  const { rowCount } = await ownerQuery('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]);
  return (rowCount ?? 0) > 0;
}

/** What a client may still do with a stored file of its own and with a new upload. */
async function storageWorks(client: SupabaseClient, stored: string, fresh: string) {
  const bucket = client.storage.from(AVATARS);
  const download = await bucket.download(stored);
  const signed = await bucket.createSignedUrl(stored, 60);
  const listed = await bucket.list(stored.split('/')[0]);
  const upload = await bucket.upload(fresh, png());
  const removal = await bucket.remove([stored]);
  return {
    download: !download.error,
    sign: !signed.error,
    list: (listed.data ?? []).length > 0,
    upload: !upload.error,
    remove: (removal.data ?? []).length > 0 && !(await objectExists(AVATARS, stored)),
  };
}

const NOTHING = { download: false, sign: false, list: false, upload: false, remove: false };
const EVERYTHING = { download: true, sign: true, list: true, upload: true, remove: true };

async function storedAvatar(client: SupabaseClient, userId: string, label: string): Promise<string> {
  const name = `${userId}/${label}-${run}.png`;
  const { error } = await client.storage.from(AVATARS).upload(name, png());
  if (error) throw new Error(`upload ${name}: ${error.message}`);
  return name;
}

beforeAll(async () => {
  admin = await createPerson('admin', 'Ada');
  course = await createCourse();
});

afterAll(async () => {
  await closeDb();
});

describe('a session that is still there', () => {
  it('reads, writes, calls functions and uses storage', async () => {
    const { account, clients } = await studentWithSessions(1);
    const rest = await restWorks(clients[0]!, account.user.id);
    for (const [what, result] of Object.entries(rest)) expect(result.error, what).toBeNull();
    expect(rest.courses.data).toEqual([{ id: course.id }]);
    const stored = await storedAvatar(clients[0]!, account.user.id, 'kept');
    expect(await storageWorks(clients[0]!, stored, `${account.user.id}/new-${run}.png`)).toEqual(EVERYTHING);
  });
});

describe('after a global sign-out', () => {
  it('the old access token gets nothing from REST or storage', async () => {
    const { account, clients } = await studentWithSessions(2);
    const [kept, signingOut] = clients as [SupabaseClient, SupabaseClient];
    const stored = await storedAvatar(kept, account.user.id, 'global');
    const { error } = await signingOut.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();

    for (const [what, result] of Object.entries(await restWorks(kept, account.user.id))) expectEnded(result, what);
    const { data: bio } = await service.from('users').select('bio').eq('id', account.user.id).single();
    expect(bio?.bio).not.toBe(`written ${run}`);

    expect(await storageWorks(kept, stored, `${account.user.id}/after-${run}.png`)).toEqual(NOTHING);
    expect(await objectExists(AVATARS, stored)).toBe(true);
  });
});

describe('after signing out one session', () => {
  it('only that session ends; the other one keeps working', async () => {
    const { account, clients } = await studentWithSessions(2);
    const [leaving, staying] = clients as [SupabaseClient, SupabaseClient];
    const leftToken = (await leaving.auth.getSession()).data.session?.access_token ?? '';
    expect((await leaving.auth.signOut({ scope: 'local' })).error).toBeNull();

    // The signed-out page forgets its token; whoever copied it still holds it.
    const stolen = await fetch(`${API_URL}/rest/v1/courses?id=eq.${course.id}&select=id`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${leftToken}` },
    });
    expect(stolen.status).toBe(401);
    expect(((await stolen.json()) as { message: string }).message).toBe(ENDED);

    const rest = await restWorks(staying, account.user.id);
    for (const [what, result] of Object.entries(rest)) expect(result.error, what).toBeNull();
  });
});

describe('after an administrator deactivates the account', () => {
  it('the token from before gets nothing from REST or storage', async () => {
    const { account, clients } = await studentWithSessions(1);
    const student = clients[0]!;
    const stored = await storedAvatar(student, account.user.id, 'deactivated');
    const deactivated = await admin.client.from('users').update({ is_active: false }).eq('id', account.user.id).select('id');
    expect(deactivated.error).toBeNull();

    for (const [what, result] of Object.entries(await restWorks(student, account.user.id))) expectEnded(result, what);
    expect(await storageWorks(student, stored, `${account.user.id}/after-${run}.png`)).toEqual(NOTHING);
  });

  it('even if its session outlived the deactivation, and for a banned account', async () => {
    const { account, clients } = await studentWithSessions(1);
    const student = clients[0]!;
    const sessionId = await sessionIdOf(student);
    const stored = await storedAvatar(student, account.user.id, 'outlived');

    // Deactivation ends the sessions (a trigger); put this one back as if it had been created meanwhile.
    const { rows } = await ownerQuery('select * from auth.sessions where id = $1', [sessionId]);
    await service.from('users').update({ is_active: false }).eq('id', account.user.id);
    await ownerQuery(
      `insert into auth.sessions select * from jsonb_populate_record(null::auth.sessions, $1::jsonb)`,
      [JSON.stringify(rows[0])],
    );
    await ownerQuery('update auth.users set banned_until = null where id = $1', [account.user.id]);
    for (const [what, result] of Object.entries(await restWorks(student, account.user.id))) expectEnded(result, what);
    expect(await storageWorks(student, stored, `${account.user.id}/inactive-${run}.png`)).toEqual(NOTHING);

    // Active again but banned (GoTrue's own ban, the session still there): refused too.
    await ownerQuery('update public.users set is_active = true where id = $1', [account.user.id]);
    await ownerQuery(
      `insert into auth.sessions select * from jsonb_populate_record(null::auth.sessions, $1::jsonb)
       on conflict (id) do nothing`,
      [JSON.stringify(rows[0])],
    );
    await ownerQuery(`update auth.users set banned_until = now() + interval '1 hour' where id = $1`, [account.user.id]);
    expectEnded(await student.from('courses').select('id').eq('id', course.id), 'banned read');
    expect(await storageWorks(student, stored, `${account.user.id}/banned-${run}.png`)).toEqual(NOTHING);

    // The ban lifted: the same token works again (the rule reads the account now, not the token).
    await ownerQuery('update auth.users set banned_until = null where id = $1', [account.user.id]);
    const again = await student.from('courses').select('id').eq('id', course.id);
    expect(again.error).toBeNull();
    expect(again.data).toEqual([{ id: course.id }]);
  });
});

describe('keys without a session', () => {
  it('the service role and the anon key keep working', async () => {
    const served = await service.from('users').select('id').eq('id', admin.id);
    expect(served.error).toBeNull();
    expect(served.data).toEqual([{ id: admin.id }]);
    const visitor = anonClient();
    const settings = await visitor.rpc('get_public_settings');
    expect(settings.error).toBeNull();
    const name = `${admin.id}/public-${run}.png`;
    expect((await admin.client.storage.from(AVATARS).upload(name, png())).error).toBeNull();
    const { data } = visitor.storage.from(AVATARS).getPublicUrl(name);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect((await service.storage.from(AVATARS).remove([name])).error).toBeNull();
  });
});

describe('the schema', () => {
  it("runs the session check before every REST request (the authenticator role's pre-request hook)", async () => {
    const { rows } = await ownerQuery<{ setting: string }>(
      `select unnest(r.rolconfig) as setting from pg_roles r where r.rolname = 'authenticator'`,
    );
    expect(rows.map((row) => row.setting)).toContain('pgrst.db_pre_request=private.check_request');
  });
});
