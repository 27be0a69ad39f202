import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, auth, freshIp } from '../../local-supabase/tests/support';
import { closeDb, createPerson, service, type Person } from './fixtures';

// A deactivated person who signs in is told so, and whom to contact (issue 29 item 12), but only after
// the right password: a wrong one is answered exactly as for an address without an account, so the
// sign-in form cannot be used to learn which addresses are deactivated accounts. The contact is the
// school's System Settings → General → contact email, public through get_public_settings.

let deactivated: Person;
let saved: Record<string, unknown>;

beforeAll(async () => {
  deactivated = await createPerson('student', 'Inés');
  const { error } = await service.from('users').update({ is_active: false }).eq('id', deactivated.id);
  if (error) throw error;
  const { data } = await service.from('app_settings').select('general').single();
  saved = (data as { general: Record<string, unknown> }).general;
});

afterAll(async () => {
  await service.from('app_settings').update({ general: saved }).eq('id', 1);
  await service.auth.admin.deleteUser(deactivated.id).catch(() => undefined);
  await closeDb();
});

describe('signing in to a deactivated account', () => {
  it('with a wrong password: the same answer as an address without an account', async () => {
    const wrong = await auth(freshIp(), 'POST', '/token?grant_type=password', {
      email: deactivated.email,
      password: 'not-the-password',
    });
    const unknown = await auth(freshIp(), 'POST', '/token?grant_type=password', {
      email: `nobody-${Date.now()}@school.test`,
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error_code).toBe('invalid_credentials');
  });

  it('with the right password: user_banned, and no session', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: deactivated.email,
      password: deactivated.password,
    });
    expect(error?.code).toBe('user_banned');
    expect(data.session).toBeNull();
  });
});

describe('the school contact', () => {
  it('is public with the branding, and only an address or nothing is kept', async () => {
    const visitor = anonClient();
    const before = await visitor.rpc('get_public_settings');
    expect(before.data).toMatchObject({ contactEmail: expect.any(String) });

    const saving = await service
      .from('app_settings')
      .update({ general: { ...saved, contactEmail: 'office@school.test' } })
      .eq('id', 1);
    expect(saving.error).toBeNull();
    expect((await visitor.rpc('get_public_settings')).data).toMatchObject({
      contactEmail: 'office@school.test',
    });

    const refused = await service
      .from('app_settings')
      .update({ general: { ...saved, contactEmail: 'call the office' } })
      .eq('id', 1);
    expect(refused.error?.code).toBe('23514');
    expect(refused.error?.message).toBe('Contact email must be an email address');
  });
});
