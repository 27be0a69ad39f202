import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { newMailedCode } from '../../local-supabase/src/auth-codes';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import { temporaryPassword } from '../functions/admin-users/index';
import {
  DEMO_ACCOUNTS,
  anonClient,
  followLink,
  uniqueEmail,
} from '../../local-supabase/tests/support';
import {
  createPerson,
  expectDenied,
  expectNoRows,
  ownerQuery,
  closeDb,
  service,
  type Person,
} from './fixtures';

// User Management's rules in the database and the admin-users edge function: only active
// administrators manage accounts; an administrator can neither demote, deactivate nor delete
// themself (the function and a trigger both refuse it); a deactivated account cannot sign in,
// refresh a session or use an email link until it is reactivated; `import` creates each row on its
// own. Every account is made here; nothing depends on another test file.

const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;
const DEMOTE_SELF = 'Administrators cannot remove their own admin role or deactivate themselves';
const DELETE_SELF = 'Administrators cannot delete their own account';

const created: string[] = [];

afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

async function tokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error('client is not signed in');
  return data.session.access_token;
}

type Answer = {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  user?: { id: string; role: string; is_active: boolean; phone: string | null };
  temporaryPassword?: string;
  id?: string;
  results?: Array<{
    index: number;
    status: 'created' | 'failed';
    code?: string;
    user?: { id: string; email: string; role: string; location: string | null };
    temporaryPassword?: string;
  }>;
};

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

async function person(role: Person['role'], name?: string): Promise<Person> {
  const someone = await createPerson(role, name);
  created.push(someone.id);
  return someone;
}

async function profile(id: string) {
  const { rows } = await ownerQuery<{ role: string; is_active: boolean; first_name: string }>(
    'select role, is_active, first_name from public.users where id = $1',
    [id],
  );
  return rows[0];
}

async function bannedUntil(id: string): Promise<Date | null> {
  const { rows } = await ownerQuery<{ banned_until: Date | null }>(
    'select banned_until from auth.users where id = $1',
    [id],
  );
  return rows[0]?.banned_until ?? null;
}

/** An account made by the function, with the one-time password it answered. */
async function accountMadeBy(adminToken: string, role = 'student') {
  const email = uniqueEmail('managed');
  const answer = await call(adminToken, {
    action: 'create',
    email,
    firstName: 'Managed',
    lastName: 'Account',
    role,
  });
  expect(answer.status).toBe(201);
  const id = answer.body.user!.id;
  created.push(id);
  return { id, email, password: answer.body.temporaryPassword! };
}

describe('an administrator on their own account (database)', () => {
  it('cannot remove their admin role, deactivate or delete their own profile', async () => {
    const admin = await person('admin', 'Self');

    expectDenied(
      await admin.client.from('users').update({ role: 'teacher' }).eq('id', admin.id),
      DEMOTE_SELF,
    );
    expectDenied(
      await admin.client.from('users').update({ is_active: false }).eq('id', admin.id),
      DEMOTE_SELF,
    );
    expectDenied(await admin.client.from('users').delete().eq('id', admin.id), DELETE_SELF);

    expect(await profile(admin.id)).toMatchObject({ role: 'admin', is_active: true });
  });

  it('may still change their own names, and keep their role when it is sent back unchanged', async () => {
    const admin = await person('admin', 'Self');
    const { data, error } = await admin.client
      .from('users')
      .update({ first_name: 'Renamed', role: 'admin', is_active: true })
      .eq('id', admin.id)
      .select('first_name, role, is_active')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ first_name: 'Renamed', role: 'admin', is_active: true });
  });

  it('may demote, deactivate and delete another administrator', async () => {
    const [admin, other, third] = await Promise.all([
      person('admin', 'Acting'),
      person('admin', 'Other'),
      person('admin', 'Third'),
    ]);

    const changed = await admin.client
      .from('users')
      .update({ role: 'teacher', is_active: false })
      .eq('id', other.id)
      .select('role, is_active')
      .single();
    expect(changed.error).toBeNull();
    expect(changed.data).toEqual({ role: 'teacher', is_active: false });

    const removed = await admin.client.from('users').delete().eq('id', third.id).select('id');
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([{ id: third.id }]);
  });

  it('teachers and students delete no profile, theirs or anyone else’s', async () => {
    const [teacher, student, target] = await Promise.all([
      person('teacher'),
      person('student'),
      person('student', 'Target'),
    ]);
    for (const caller of [teacher, student]) {
      expectNoRows(await caller.client.from('users').delete().eq('id', target.id).select('id'));
      expectNoRows(await caller.client.from('users').delete().eq('id', caller.id).select('id'));
    }
    expect(await profile(target.id)).toBeTruthy();
  });
});

describe('an administrator on their own account (admin-users function)', () => {
  it('is refused with its own codes, and nothing changes', async () => {
    const admin = await person('admin', 'Self');
    const token = await tokenOf(admin.client);

    const demote = await call(token, { action: 'update', id: admin.id, role: 'student' });
    expect(demote).toMatchObject({ status: 400, body: { code: 'CANNOT_DEMOTE_SELF' } });
    const deactivate = await call(token, { action: 'update', id: admin.id, isActive: false });
    expect(deactivate).toMatchObject({ status: 400, body: { code: 'CANNOT_DEMOTE_SELF' } });
    const remove = await call(token, { action: 'delete', id: admin.id });
    expect(remove).toMatchObject({ status: 400, body: { code: 'CANNOT_DELETE_SELF' } });

    expect(await profile(admin.id)).toMatchObject({ role: 'admin', is_active: true });
    expect(await bannedUntil(admin.id)).toBeNull();
  });

  it('may edit their own names through it', async () => {
    const admin = await person('admin', 'Self');
    const answer = await call(await tokenOf(admin.client), {
      action: 'update',
      id: admin.id,
      firstName: 'Still',
      role: 'admin',
    });
    expect(answer.status).toBe(200);
    expect(await profile(admin.id)).toMatchObject({ first_name: 'Still', role: 'admin' });
  });

  it('changes, deactivates and deletes other accounts', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const other = await person('admin', 'Other');

    const demoted = await call(token, { action: 'update', id: other.id, role: 'teacher' });
    expect(demoted).toMatchObject({ status: 200, body: { user: { role: 'teacher' } } });
    const deactivated = await call(token, { action: 'update', id: other.id, isActive: false });
    expect(deactivated).toMatchObject({ status: 200, body: { user: { is_active: false } } });
    const deleted = await call(token, { action: 'delete', id: other.id });
    expect(deleted).toMatchObject({ status: 200, body: { id: other.id } });
    expect(await profile(other.id)).toBeUndefined();
  });
});

describe('who may call admin-users', () => {
  const actions = (targetId: string) => [
    {
      action: 'create',
      email: uniqueEmail('refused'),
      firstName: 'No',
      lastName: 'Pe',
      role: 'admin',
    },
    {
      action: 'import',
      users: [{ email: uniqueEmail('refused'), firstName: 'No', lastName: 'Pe', role: 'admin' }],
    },
    { action: 'update', id: targetId, role: 'admin' },
    { action: 'delete', id: targetId },
  ];

  it.each(['teacher', 'student'] as const)('a %s is refused every action (403)', async (role) => {
    const [caller, target] = await Promise.all([person(role), person('student', 'Target')]);
    const token = await tokenOf(caller.client);
    for (const body of actions(target.id)) {
      const answer = await call(token, body);
      expect(answer, String(body.action)).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN' },
      });
    }
    expect(await profile(target.id)).toMatchObject({ role: 'student', is_active: true });
  });

  it('an anonymous caller is refused every action (401)', async () => {
    const target = await person('student', 'Target');
    for (const body of actions(target.id)) {
      // Without a user token (only the anon key) and with none at all.
      expect((await call(ANON_KEY, body)).status).toBe(401);
      expect((await call(undefined, body)).status).toBe(401);
    }
    expect(await profile(target.id)).toMatchObject({ role: 'student', is_active: true });
  });
});

describe('a deactivated account', () => {
  it('cannot sign in or refresh an old session; reactivated, it signs in again', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const account = await accountMadeBy(token);
    const browser = anonClient();
    const signedIn = await browser.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(signedIn.error).toBeNull();
    const oldSession = signedIn.data.session!;

    expect((await call(token, { action: 'update', id: account.id, isActive: false })).status).toBe(
      200,
    );

    const refused = await anonClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(refused.error?.code).toBe('user_banned');
    const refresh = await anonClient().auth.refreshSession({
      refresh_token: oldSession.refresh_token,
    });
    expect(refresh.error).toBeTruthy();
    expect(refresh.data.session).toBeNull();
    // The old access token no longer names a live session either.
    expect((await anonClient().auth.getUser(oldSession.access_token)).error).toBeTruthy();

    expect((await call(token, { action: 'update', id: account.id, isActive: true })).status).toBe(
      200,
    );
    const again = await anonClient().auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(again.error).toBeNull();
    expect(await bannedUntil(account.id)).toBeNull();
    // Reactivation does not bring the revoked session back.
    expect(
      (await anonClient().auth.refreshSession({ refresh_token: oldSession.refresh_token })).error,
    ).toBeTruthy();
  });

  it('is banned whichever way it is deactivated (an administrator writing the table directly)', async () => {
    const [admin, target] = await Promise.all([
      person('admin', 'Acting'),
      person('student', 'Target'),
    ]);
    const { error } = await admin.client
      .from('users')
      .update({ is_active: false })
      .eq('id', target.id);
    expect(error).toBeNull();

    expect(await bannedUntil(target.id)).not.toBeNull();
    expect((await target.client.auth.refreshSession()).error).toBeTruthy();

    await admin.client.from('users').update({ is_active: true }).eq('id', target.id);
    expect(await bannedUntil(target.id)).toBeNull();
  });

  it('gets no session from a password recovery code', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const account = await accountMadeBy(token);
    expect((await call(token, { action: 'update', id: account.id, isActive: false })).status).toBe(
      200,
    );
    // A recovery code as the mail would carry it, written straight into the account.
    const { code: otp, stored } = newMailedCode(account.email);
    await ownerQuery(
      'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
      [account.id, stored],
    );

    const verified = await anonClient().auth.verifyOtp({
      email: account.email,
      token: otp,
      type: 'recovery',
    });
    expect(verified.error?.code).toBe('user_banned');
    expect(verified.data.session).toBeNull();
  });
});

describe('a deactivated account and email links', () => {
  const RESET_PAGE = 'http://localhost:3001/reset-password';

  async function recoveryLink(email: string): Promise<string> {
    // The account's welcome mail may be delivered after the recovery mail: look in every mail, and
    // wait for a delivery in flight (the outbox sends what is queued, sign-in links first).
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          link = (await readOutbox(email))
            .flatMap((mail) => mail.text.split(/\s+/))
            .find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`));
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    return link as string;
  }

  const follow = followLink;

  it('gets no session from a recovery link mailed before the deactivation', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const account = await accountMadeBy(token);
    expect(
      (await anonClient().auth.resetPasswordForEmail(account.email, { redirectTo: RESET_PAGE }))
        .error,
    ).toBeNull();
    const link = await recoveryLink(account.email);
    expect((await call(token, { action: 'update', id: account.id, isActive: false })).status).toBe(
      200,
    );

    const location = await follow(link);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('error_code')).toBe('user_banned');
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('refresh_token')).toBeNull();
  });

  it('gets no session from a PKCE recovery, whether deactivated before the link or before the exchange', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);

    // Deactivated before the link is followed: the link gives no code.
    const early = await accountMadeBy(token);
    const earlyBrowser = anonClient({ flowType: 'pkce' });
    expect(
      (await earlyBrowser.auth.resetPasswordForEmail(early.email, { redirectTo: RESET_PAGE }))
        .error,
    ).toBeNull();
    const earlyLink = await recoveryLink(early.email);
    await call(token, { action: 'update', id: early.id, isActive: false });
    const earlyLocation = await follow(earlyLink);
    expect(earlyLocation.searchParams.get('code')).toBeNull();
    expect(new URLSearchParams(earlyLocation.hash.slice(1)).get('error_code')).toBe('user_banned');

    // Deactivated after the link gave a code: the exchange is refused.
    const late = await accountMadeBy(token);
    const lateBrowser = anonClient({ flowType: 'pkce' });
    expect(
      (await lateBrowser.auth.resetPasswordForEmail(late.email, { redirectTo: RESET_PAGE })).error,
    ).toBeNull();
    const code = (await follow(await recoveryLink(late.email))).searchParams.get('code');
    expect(code).toBeTruthy();
    await call(token, { action: 'update', id: late.id, isActive: false });
    const exchanged = await lateBrowser.auth.exchangeCodeForSession(code as string);
    expect(exchanged.error?.code).toBe('user_banned');
    expect(exchanged.data.session).toBeNull();
  });
});

describe('import', () => {
  it('creates each row on its own and answers them in order, with one-time passwords', async () => {
    const admin = await person('admin', 'Acting');
    const token = await tokenOf(admin.client);
    const first = uniqueEmail('import-a');
    const second = uniqueEmail('import-b');

    const answer = await call(token, {
      action: 'import',
      users: [
        { email: first, firstName: 'Ana', lastName: 'Gil', role: 'teacher', location: 'Lima' },
        { email: DEMO_ACCOUNTS.student.email, firstName: 'Copy', lastName: 'Cat', role: 'student' },
        { email: 'not-an-email', firstName: 'Bad', lastName: 'Mail', role: 'student' },
        { email: second, firstName: 'Bo', lastName: 'Li', role: 'principal' },
        { email: second.toUpperCase(), firstName: 'Bo', lastName: 'Li', role: 'student' },
        { email: second, firstName: 'Bo', lastName: 'Li', role: 'student' },
      ],
    });

    expect(answer.status).toBe(200);
    const results = answer.body.results ?? [];
    for (const result of results) if (result.user) created.push(result.user.id);
    expect(results.map((result) => [result.index, result.status, result.code])).toEqual([
      [0, 'created', undefined],
      [1, 'failed', 'EMAIL_TAKEN'],
      [2, 'failed', 'VALIDATION_ERROR'],
      [3, 'failed', 'VALIDATION_ERROR'],
      [4, 'created', undefined],
      [5, 'failed', 'EMAIL_TAKEN'],
    ]);
    expect(results[0]?.user).toMatchObject({ email: first, role: 'teacher', location: 'Lima' });

    // Every created account signs in with its own password.
    for (const index of [0, 4]) {
      const row = results[index]!;
      const { error } = await anonClient().auth.signInWithPassword({
        email: row.user!.email,
        password: row.temporaryPassword!,
      });
      expect(error).toBeNull();
    }
    expect(results[0]?.temporaryPassword).not.toBe(results[4]?.temporaryPassword);
    // A spreadsheet opening the report must not read a password as a formula.
    for (const index of [0, 4]) expect(results[index]?.temporaryPassword).toMatch(/^[A-Za-z0-9]/);
  });

  it('never starts a temporary password with a character a spreadsheet reads as a formula', () => {
    const samples = Array.from({ length: 500 }, () => temporaryPassword());
    expect(samples.filter((password) => !/^[A-Za-z0-9]/.test(password))).toEqual([]);
    expect(samples.every((password) => password.length === 16)).toBe(true);
  });

  it('takes at most 100 rows per call', async () => {
    const admin = await person('admin', 'Acting');
    const users = Array.from({ length: 101 }, (_, index) => ({
      email: `too-many-${index}@example.test`,
      firstName: 'Too',
      lastName: 'Many',
      role: 'student',
    }));

    const answer = await call(await tokenOf(admin.client), { action: 'import', users });

    expect(answer).toMatchObject({ status: 400, body: { code: 'IMPORT_TOO_LARGE' } });
    const { rows } = await ownerQuery(
      `select count(*)::int as count from public.users where email like 'too-many-%@example.test'`,
    );
    expect(rows[0]).toEqual({ count: 0 });
  });

  it('refuses an empty list', async () => {
    const admin = await person('admin', 'Acting');
    const answer = await call(await tokenOf(admin.client), { action: 'import', users: [] });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });
});
