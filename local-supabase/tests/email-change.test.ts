import { describe, expect, it } from 'vitest';
import { API_URL } from '../src/config';
import { readOutbox } from '../src/outbox-client';
import {
  DEMO_ACCOUNTS,
  type PendingCode,
  anonClient,
  auth,
  followLink,
  freshIp,
  knownCode,
  serviceClient,
  signUpUser,
  uniqueEmail,
} from './support';

// A signed-in user changes their sign-in email only through the links mailed to the new address and to
// the current one (GoTrue's secure email change, config.toml double_confirm_changes = true). Until both
// are followed, the account, its sign-in and the profile's email stay on the old address. The mails
// come from the Send Email hook (the school's own, supabase/tests/school-mail.test.ts checks them).

const SITE = 'http://localhost:3001/';

const changeLinkIn = (text: string) =>
  text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`) && word.includes('type=email_change'));

/** The link mailed to `email`, and the code that goes with it (see knownCode). */
async function changeMailTo(email: string, account: string, which: PendingCode) {
  const mails = (await readOutbox(email)).filter((mail) => changeLinkIn(mail.text));
  expect(mails).toHaveLength(1);
  const link = changeLinkIn(mails[0]!.text);
  expect(link).toBeDefined();
  return { link: link as string, code: await knownCode(account, which) };
}

async function follow(link: string): Promise<URLSearchParams> {
  return new URLSearchParams((await followLink(link)).hash.slice(1));
}

/** verifyOtp from a fresh address (verifications are limited per IP); supabase-js sends the same body. */
async function verifyCode(email: string, token: string) {
  return auth(freshIp(), 'POST', '/verify', { type: 'email_change', email, token });
}

async function profileEmail(id: string): Promise<string | undefined> {
  const { data } = await serviceClient().from('users').select('email').eq('id', id).single();
  return (data as { email: string } | null)?.email;
}

describe('changing the sign-in email', () => {
  it('changes nothing until both mailed links are followed; then the account and profile move', async () => {
    const { client, user, email, password } = await signUpUser('change-from');
    const next = uniqueEmail('change-to');

    const requested = await client.auth.updateUser({ email: next }, { emailRedirectTo: SITE });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.email).toBe(email);
    expect(requested.data.user?.new_email).toBe(next);
    // Nothing moved yet: the old address still signs in, the new one does not, the profile is unchanged.
    expect((await anonClient().auth.signInWithPassword({ email: next, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect(await profileEmail(user.id)).toBe(email);

    const toNew = await changeMailTo(next, email, 'email_change_new');
    const toCurrent = await changeMailTo(email, email, 'email_change_current');
    expect(toNew.link).not.toBe(toCurrent.link);

    const first = await follow(toNew.link);
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.get('access_token')).toBeNull();
    expect(await profileEmail(user.id)).toBe(email);
    // The same link twice does not count as the second confirmation.
    expect((await follow(toNew.link)).get('error_code')).toBe('otp_expired');
    expect(await profileEmail(user.id)).toBe(email);

    const second = await follow(toCurrent.link);
    expect(second.get('type')).toBe('email_change');
    expect(second.get('access_token')).toBeTruthy();
    expect(await profileEmail(user.id)).toBe(next);
    expect((await anonClient().auth.signInWithPassword({ email: next, password })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    const { data } = await serviceClient().auth.admin.getUserById(user.id);
    expect(data.user?.email).toBe(next);
    expect(data.user?.new_email).toBeUndefined();
    expect(data.user?.identities?.[0]?.identity_data?.email).toBe(next);
  });

  it('also confirms with the two emailed codes (verifyOtp type email_change)', async () => {
    const { client, user, email } = await signUpUser('code-from');
    const next = uniqueEmail('code-to');
    expect((await client.auth.updateUser({ email: next })).error).toBeNull();

    const wrong = await verifyCode(next, '000000');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error_code: 'otp_expired' });

    const first = await verifyCode(next, (await changeMailTo(next, email, 'email_change_new')).code);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    expect(await profileEmail(user.id)).toBe(email);

    const second = await verifyCode(email, (await changeMailTo(email, email, 'email_change_current')).code);
    expect(second.status).toBe(200);
    expect((second.body.user as { email: string }).email).toBe(next);
    expect(typeof second.body.access_token).toBe('string');
    expect(await profileEmail(user.id)).toBe(next);
  });

  it('refuses an address another account has, and a second request within seconds', async () => {
    const { client } = await signUpUser('taken-from');
    const taken = await client.auth.updateUser({ email: DEMO_ACCOUNTS.teacher.email });
    expect(taken.error?.code).toBe('email_exists');

    expect((await client.auth.updateUser({ email: uniqueEmail('fast-one') })).error).toBeNull();
    const again = await client.auth.updateUser({ email: uniqueEmail('fast-two') });
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });

  it('does not let the profile table change the sign-in email', async () => {
    const { client, user, email } = await signUpUser('table-email');
    const { error } = await client.from('users').update({ email: uniqueEmail('sneaky') }).eq('id', user.id);
    expect(error).not.toBeNull();
    expect(await profileEmail(user.id)).toBe(email);
  });
});
