import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../src/config';
import { connect } from '../src/database';
import { auth, freshIp, signInAs, signUpUser, type Answer, type SignedUpUser } from './support';

// docs/security.md "Sessions the server honours": the auth endpoints that take an access token refuse
// one whose session is gone or whose account is banned, sign-out scopes end the right sessions, and a
// session left idle longer than System Settings → Security → session timeout cannot be refreshed.

const db = connect(databaseUrl());
afterAll(async () => (await db).end());

const sessionIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1] as string, 'base64url').toString()) as { session_id: string }).session_id;

/** Every gateway endpoint that takes the caller's access token, each asked once with `token`. */
function endpointsWith(token: string): Array<Promise<[string, Answer]>> {
  const ask = (label: string, method: string, path: string, body?: unknown) =>
    auth(freshIp(), method, path, body, token).then((answer): [string, Answer] => [label, answer]);
  return [
    ask('GET /user', 'GET', '/user'),
    ask('PUT /user', 'PUT', '/user', { data: { note: 'still here?' } }),
    ask('POST /logout', 'POST', '/logout?scope=local'),
    ask('POST /factors', 'POST', '/factors', { factor_type: 'totp', friendly_name: 'phone' }),
  ];
}

async function refresh(refreshToken: string): Promise<Answer> {
  return auth(freshIp(), 'POST', '/token?grant_type=refresh_token', { refresh_token: refreshToken });
}

describe('an access token whose session is gone', () => {
  it('is refused by every auth endpoint after a global sign-out elsewhere (403 session_not_found)', async () => {
    const person = await signUpUser('global-out');
    const other = await signInAs(person.email, person.password);
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
    for (const [label, answer] of await Promise.all(endpointsWith(person.session.access_token))) {
      expect(answer.status, label).toBe(403);
      expect(answer.body.error_code, label).toBe('session_not_found');
    }
  });

  it('is refused once an administrator deactivated the account', async () => {
    const person = await signUpUser('deactivated');
    await (await db).query('update public.users set is_active = false where id = $1', [person.user.id]);
    for (const [label, answer] of await Promise.all(endpointsWith(person.session.access_token))) {
      expect(answer.status, label).toBe(403);
      expect(['session_not_found', 'user_banned'], label).toContain(answer.body.error_code);
    }
    expect((await refresh(person.session.refresh_token)).status).toBe(400);
  });

  it('of a banned account is refused even while the session row is still there (403 user_banned)', async () => {
    const person = await signUpUser('banned');
    await (await db).query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [person.user.id]);
    for (const [label, answer] of await Promise.all(endpointsWith(person.session.access_token))) {
      expect(answer.status, label).toBe(403);
      expect(answer.body.error_code, label).toBe('user_banned');
    }
  });
});

describe('sign-out scopes', () => {
  let person: SignedUpUser;
  let tokens: string[];

  async function liveSessions(): Promise<string[]> {
    const { rows } = await (await db).query<{ id: string }>('select id from auth.sessions where user_id = $1', [person.user.id]);
    return rows.map((row) => row.id).sort();
  }

  beforeAll(async () => {
    person = await signUpUser('scopes');
  });

  async function threeSessions(): Promise<string[]> {
    const sessions = [person.session.access_token];
    for (let count = 0; count < 2; count += 1) {
      const answer = await auth(freshIp(), 'POST', '/token?grant_type=password', { email: person.email, password: person.password });
      expect(answer.status).toBe(200);
      sessions.push(answer.body.access_token as string);
    }
    return sessions;
  }

  it('local ends only the caller’s session', async () => {
    tokens = await threeSessions();
    const before = await liveSessions();
    expect((await auth(freshIp(), 'POST', '/logout?scope=local', undefined, tokens[1])).status).toBe(204);
    expect(await liveSessions()).toEqual(before.filter((id) => id !== sessionIdOf(tokens[1] as string)));
  });

  it('others ends every session but the caller’s', async () => {
    const [first] = await threeSessions();
    expect((await auth(freshIp(), 'POST', '/logout?scope=others', undefined, first)).status).toBe(204);
    expect(await liveSessions()).toEqual([sessionIdOf(first as string)]);
  });

  it('global ends every session of the account, the caller’s too', async () => {
    const [first] = await threeSessions();
    expect((await auth(freshIp(), 'POST', '/logout?scope=global', undefined, first)).status).toBe(204);
    expect(await liveSessions()).toEqual([]);
  });

  it('refuses an unknown scope with 400 validation_failed and ends nothing', async () => {
    const fresh = await signUpUser('scope-unknown');
    const answer = await auth(freshIp(), 'POST', '/logout?scope=everything', undefined, fresh.session.access_token);
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe('validation_failed');
    expect((await auth(freshIp(), 'GET', '/user', undefined, fresh.session.access_token)).status).toBe(200);
  });
});

describe('the session timeout (System Settings → Security)', () => {
  let saved: unknown;

  beforeAll(async () => {
    const { rows } = await (await db).query<{ security: unknown }>('select security from public.app_settings where id = 1');
    saved = rows[0]?.security;
    await (await db).query(`update public.app_settings set security = security || '{"sessionTimeout": 30}' where id = 1`);
  });
  afterAll(async () => {
    await (await db).query('update public.app_settings set security = $1 where id = 1', [saved]);
  });

  /** Moves the session's last refresh (or, with `neverRefreshed`, its start) `minutes` into the past. */
  async function idleFor(person: SignedUpUser, minutes: number, { neverRefreshed = false } = {}) {
    const id = sessionIdOf(person.session.access_token);
    await (await db).query(
      `update auth.sessions
          set created_at = now() - make_interval(mins => $2 + 1),
              refreshed_at = case when $3 then null else timezone('utc', now()) - make_interval(mins => $2) end
        where id = $1`,
      [id, minutes, neverRefreshed],
    );
  }

  it('refuses the refresh of a session idle 31 minutes with the timeout at 30, and ends the session', async () => {
    const person = await signUpUser('idle-31');
    await idleFor(person, 31);
    const refused = await refresh(person.session.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.body.access_token).toBeUndefined();
    expect(String(refused.body.msg)).toMatch(/inactivity/i);
    const user = await auth(freshIp(), 'GET', '/user', undefined, person.session.access_token);
    expect(user.status).toBe(403);
    expect(user.body.error_code).toBe('session_not_found');
  });

  it('counts from the sign-in when the session was never refreshed', async () => {
    const person = await signUpUser('idle-never');
    await idleFor(person, 31, { neverRefreshed: true });
    expect((await refresh(person.session.refresh_token)).status).toBe(400);
  });

  it('refreshes a session used 29 minutes ago, and the refresh starts the count again', async () => {
    const person = await signUpUser('idle-29');
    await idleFor(person, 29);
    const refreshed = await refresh(person.session.refresh_token);
    expect(refreshed.status).toBe(200);
    const { rows } = await (await db).query<{ idle: boolean }>(
      `select refreshed_at > timezone('utc', now()) - interval '1 minute' as idle from auth.sessions where id = $1`,
      [sessionIdOf(person.session.access_token)],
    );
    expect(rows[0]?.idle).toBe(true);
  });

  it('follows the setting: at 60 minutes a session idle 31 minutes still refreshes', async () => {
    await (await db).query(`update public.app_settings set security = security || '{"sessionTimeout": 60}' where id = 1`);
    try {
      const person = await signUpUser('idle-60');
      await idleFor(person, 31);
      expect((await refresh(person.session.refresh_token)).status).toBe(200);
    } finally {
      await (await db).query(`update public.app_settings set security = security || '{"sessionTimeout": 30}' where id = 1`);
    }
  });
});
