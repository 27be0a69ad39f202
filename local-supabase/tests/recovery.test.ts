import { describe, expect, it } from 'vitest';
import { API_URL } from '../src/config';
import { readOutbox } from '../src/outbox-client';
import { anonClient, followLink, knownCode, signUpUser, uniqueEmail } from './support';

const RESET_PAGE = 'http://localhost:3001/reset-password';

async function recoveryLinkFor(email: string): Promise<string> {
  const [mail] = await readOutbox(email);
  expect(mail).toBeDefined();
  expect(mail?.to).toBe(email);
  const link = mail?.text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`));
  expect(new URL(link ?? API_URL).searchParams.get('type')).toBe('recovery');
  expect(link).toBeDefined();
  return link as string;
}

const follow = followLink;

describe('password recovery', () => {
  it('mails a one-time link that signs the user in on the app to set a new password', async () => {
    const { email, password } = await signUpUser('recover');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const link = await recoveryLinkFor(email);
    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe(RESET_PAGE);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);

    const client = anonClient();
    const session = await client.auth.setSession({
      access_token: fragment.get('access_token') as string,
      refresh_token: fragment.get('refresh_token') as string,
    });
    expect(session.error).toBeNull();
    expect(session.data.user?.email).toBe(email);
    const newPassword = `${password}-reset`;
    expect((await client.auth.updateUser({ password: newPassword })).error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();

    const again = await follow(link);
    expect(`${again.origin}${again.pathname}`).toBe(RESET_PAGE);
    const failure = new URLSearchParams(again.hash.slice(1));
    expect(failure.get('error')).toBe('access_denied');
    expect(failure.get('error_code')).toBe('otp_expired');
    expect(failure.get('error_description')).toBe('Email link is invalid or has expired');
    expect(failure.get('access_token')).toBeNull();
  });

  it('answers an unknown email exactly like a known one and sends no mail', async () => {
    const email = uniqueEmail('unknown-recover');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE });
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await readOutbox(email)).toEqual([]);
  });

  it('sends the link back to the site URL when redirect_to is not an app origin', async () => {
    const { email } = await signUpUser('evil-redirect');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://evil.test/steal' });
    const link = new URL(await recoveryLinkFor(email));
    expect(link.searchParams.get('redirect_to')).toBe('http://localhost:3000');

    // A link edited by hand is checked again when it is opened.
    link.searchParams.set('redirect_to', 'http://evil.test/steal');
    const location = await follow(link.toString());
    expect(location.origin).toBe('http://localhost:3000');
  });

  it('limits recovery mails per address', async () => {
    const { email } = await signUpUser('recover-limit');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await anonClient().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(await readOutbox(email)).toHaveLength(1);
  });

  it('verifies the code that goes with the link with verifyOtp', async () => {
    const { email } = await signUpUser('recover-otp');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE });
    const code = await knownCode(email, 'recovery');

    const wrong = await anonClient().auth.verifyOtp({ email, token: code === '000000' ? '111111' : '000000', type: 'recovery' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });

    const { data, error } = await anonClient().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
  });

  it('supports the PKCE flow (code in the query, exchanged with the stored verifier)', async () => {
    const { email } = await signUpUser('recover-pkce');
    const client = anonClient({ flowType: 'pkce' });
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: RESET_PAGE })).error).toBeNull();

    const location = await follow(await recoveryLinkFor(email));
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(location.hash).toBe('');

    const { data, error } = await client.auth.exchangeCodeForSession(code as string);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });
});
