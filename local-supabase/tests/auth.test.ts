import { describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../src/config';
import { anonClient, serviceClient, signInAs, signUpUser, uniqueEmail } from './support';

describe('sign-up', () => {
  it('returns a session and a GoTrue-shaped user', async () => {
    const { user, session, email } = await signUpUser('signup', { first_name: 'Lucía', last_name: 'Gómez' });

    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Lucía', last_name: 'Gómez' },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.confirmed_at).toBeTruthy();
    expect(Array.isArray(user.identities)).toBe(true);
  });

  it('issues an access token with GoTrue claims', async () => {
    const { user, session } = await signUpUser('claims');
    const payload = JSON.parse(Buffer.from(session.access_token.split('.')[1] as string, 'base64url').toString());
    expect(payload).toMatchObject({
      aud: 'authenticated',
      iss: `${API_URL}/auth/v1`,
      sub: user.id,
      email: user.email,
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp - payload.iat).toBe(3600);
    expect(payload.amr[0].method).toBe('password');
  });

  it('refuses an email that is already registered', async () => {
    const { email } = await signUpUser('duplicate');
    const { data, error } = await anonClient().auth.signUp({ email, password: 'another-password' });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a password shorter than 6 characters', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('password sign-in', () => {
  it('signs in with the right password and records the sign-in time', async () => {
    const { email, password } = await signUpUser('signin');
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(data.user?.last_sign_in_at).toBeTruthy();
  });

  it('gives the same error for a wrong password and an unknown email', async () => {
    const { email, password } = await signUpUser('wrongpw');
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await anonClient().auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'not-the-password',
    });
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    // A success afterwards forgives the mistyped attempt (it no longer counts towards the IP limit).
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('answers 429 after more than 5 failed attempts for one email, even with the right password', async () => {
    const { email, password } = await signUpUser('ratelimit');
    const client = anonClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { error } = await client.auth.signInWithPassword({ email, password: `wrong-${attempt}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    const locked = await client.auth.signInWithPassword({ email, password });
    expect(locked.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Too many login attempts. Please try again later.',
    });
  });
});

describe('sessions', () => {
  it('rotates the refresh token and refuses the used one', async () => {
    const { session } = await signUpUser('refresh');
    const client = anonClient();
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const rotated = first.data.session?.refresh_token;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refresh_token);

    const reused = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    // Reuse of a spent token means it leaked, so the whole session ends, including the rotated token.
    const afterReuse = await anonClient().auth.refreshSession({ refresh_token: rotated as string });
    expect(afterReuse.error?.code).toBe('refresh_token_not_found');
  });

  it('sign-out revokes the refresh token and ends the session', async () => {
    const { client, session } = await signUpUser('signout');
    expect((await client.auth.signOut()).error).toBeNull();

    const refreshed = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    const user = await anonClient().auth.getUser(session.access_token);
    expect(user.data.user).toBeNull();
    expect(user.error).toBeTruthy();
  });

  it('local sign-out keeps the other sessions of the account', async () => {
    const { email, password, client: first, session: firstSession } = await signUpUser('localout');
    const second = await signInAs(email, password);
    expect((await second.auth.signOut({ scope: 'local' })).error).toBeNull();

    const stillValid = await first.auth.getUser(firstSession.access_token);
    expect(stillValid.error).toBeNull();
    expect(stillValid.data.user?.email).toBe(email);
  });

  it('returns the signed-in user from GET /user', async () => {
    const { client, user } = await signUpUser('getuser');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });
});

describe('updating the signed-in user', () => {
  it('changes the password: the old one stops working, the new one works', async () => {
    const { client, email, password } = await signUpUser('newpw');
    const newPassword = `${password}-changed`;
    const updated = await client.auth.updateUser({ password: newPassword, current_password: password, data: { phone_note: 'mobile' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Test', phone_note: 'mobile' });

    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
  });

  it('refuses a weak new password', async () => {
    const { client } = await signUpUser('weaknew');
    const { error } = await client.auth.updateUser({ password: '123' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password' });
  });
});

describe('admin API', () => {
  it('lets the service role create, read, update, list and delete users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin-created');
    const created = await admin.createUser({
      email,
      password: 'temporary-password',
      email_confirm: true,
      user_metadata: { first_name: 'Marta', last_name: 'Ruiz' },
      app_metadata: { created_by: 'test' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id as string;
    expect(created.data.user).toMatchObject({
      email,
      app_metadata: { provider: 'email', providers: ['email'], created_by: 'test' },
      user_metadata: { first_name: 'Marta' },
    });
    expect(created.data.user?.email_confirmed_at).toBeTruthy();

    expect((await anonClient().auth.signInWithPassword({ email, password: 'temporary-password' })).error).toBeNull();

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, { password: 'changed-password', user_metadata: { last_name: 'Soler' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Marta', last_name: 'Soler' });
    expect((await anonClient().auth.signInWithPassword({ email, password: 'changed-password' })).error).toBeNull();

    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.some((user) => user.id === id)).toBe(true);

    const duplicate = await admin.createUser({ email, password: 'temporary-password' });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('refuses callers without the service role', async () => {
    const anonAdmin = await anonClient().auth.admin.createUser({ email: uniqueEmail('nope'), password: 'whatever1' });
    expect(anonAdmin.error).toMatchObject({ status: 403, code: 'not_admin' });

    const { session } = await signUpUser('not-admin');
    const response = await fetch(`${API_URL}/auth/v1/admin/users`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error_code: 'not_admin' });
  });
});
