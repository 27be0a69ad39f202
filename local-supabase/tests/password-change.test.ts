import { describe, expect, it } from 'vitest';
import { API_URL } from '../src/config';
import { readOutbox } from '../src/outbox-client';
import { anonClient, auth, followLink, freshIp, knownCode, signUpUser } from './support';

// docs/security.md "Changing a password": PUT /user changes a password only with the current one
// (GoTrue's update_password_require_current_password), except inside a recovery session opened from
// the mailed link or code. The server decides, whatever page asks.

const newPassword = (password: string) => `${password}-changed`;

async function signsInWith(email: string, password: string): Promise<boolean> {
  return (await anonClient().auth.signInWithPassword({ email, password })).error === null;
}

describe('a signed-in session (password sign-in)', () => {
  it('cannot change the password without the current one (400 current_password_required)', async () => {
    const { client, email, password } = await signUpUser('no-current');
    const { error } = await client.auth.updateUser({ password: newPassword(password) });
    expect(error).toMatchObject({ status: 400, code: 'current_password_required' });
    expect(await signsInWith(email, password)).toBe(true);
    expect(await signsInWith(email, newPassword(password))).toBe(false);
  });

  it('cannot change it with a wrong current password (400 current_password_invalid)', async () => {
    const { client, email, password } = await signUpUser('wrong-current');
    const { error } = await client.auth.updateUser({ password: newPassword(password), current_password: 'not-it-at-all' });
    expect(error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    expect(await signsInWith(email, password)).toBe(true);
  });

  it('changes it with the current password', async () => {
    const { client, email, password } = await signUpUser('with-current');
    const { error } = await client.auth.updateUser({ password: newPassword(password), current_password: password });
    expect(error).toBeNull();
    expect(await signsInWith(email, newPassword(password))).toBe(true);
    expect(await signsInWith(email, password)).toBe(false);
  });

  it('counts wrong current passwords like failed sign-ins: the 6th try from one address is 429', async () => {
    const { session, password } = await signUpUser('guess-current');
    const ip = freshIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await auth(ip, 'PUT', '/user', { password: newPassword(password), current_password: `guess-${attempt}` }, session.access_token);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Locked even with the right one, from that address.
    const right = await auth(ip, 'PUT', '/user', { password: newPassword(password), current_password: password }, session.access_token);
    expect(right.status).toBe(429);
  });

  it('still changes metadata without any password', async () => {
    const { client } = await signUpUser('meta-only');
    const { data, error } = await client.auth.updateUser({ data: { phone_note: 'mobile' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ phone_note: 'mobile' });
  });
});

describe('a recovery session', () => {
  async function recoveryLink(email: string): Promise<string> {
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:3000/reset-password' });
    const [mail] = await readOutbox(email);
    return mail?.text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`)) as string;
  }

  it('from the mailed link sets a new password without the old one', async () => {
    const { email, password } = await signUpUser('recovery-link');
    const location = await followLink(await recoveryLink(email));
    const fragment = new URLSearchParams(location.hash.slice(1));
    const client = anonClient();
    expect(
      (await client.auth.setSession({
        access_token: fragment.get('access_token') as string,
        refresh_token: fragment.get('refresh_token') as string,
      })).error,
    ).toBeNull();
    expect((await client.auth.updateUser({ password: newPassword(password) })).error).toBeNull();
    expect(await signsInWith(email, newPassword(password))).toBe(true);
  });

  it('from the mailed code (verifyOtp) sets a new password without the old one, also after a refresh', async () => {
    const { email, password } = await signUpUser('recovery-code');
    await anonClient().auth.resetPasswordForEmail(email);
    const token = await knownCode(email, 'recovery');
    const client = anonClient();
    expect((await client.auth.verifyOtp({ email, token, type: 'recovery' })).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await client.auth.updateUser({ password: newPassword(password) })).error).toBeNull();
    expect(await signsInWith(email, newPassword(password))).toBe(true);
  });
});
