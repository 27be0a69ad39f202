import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, SEND_EMAIL_HOOK_SECRET } from '../../local-supabase/src/config';
import { type OutboxMessage, readOutbox } from '../../local-supabase/src/outbox-client';
import { signWebhook } from '../functions/_shared/standard-webhooks';
import { anonClient, followLink, signUpUser, uniqueEmail } from '../../local-supabase/tests/support';
import { closeDb, createPerson, expectDenied, ownerQuery, service, type Person } from './fixtures';

// The school's mail (docs/security.md "The school's mail"): every mail the portal sends a person is in
// that person's language (users.language, else the school's default), carries the school's name, has a
// plain-text part beside the HTML, is sent from System Settings' sender and offers only what the portal
// handles (a link; never a code to type). Auth mail comes through the auth server's Send Email hook
// (supabase/functions/auth-mail), which refuses calls not signed with the hook's secret.

const created: string[] = [];

afterAll(async () => {
  for (const id of created) await service.auth.admin.deleteUser(id).catch(() => undefined);
  await closeDb();
});

async function person(role: Person['role'], name?: string): Promise<Person> {
  const someone = await createPerson(role, name);
  created.push(someone.id);
  return someone;
}

interface SchoolMail {
  name: string;
  sender: string;
}

/** The school's name and the sender of its mail, as System Settings say now. */
async function schoolMail(): Promise<SchoolMail> {
  const { rows } = await ownerQuery<{ name: string; from_name: string; from_email: string }>(
    `select general ->> 'siteName' as name, email ->> 'fromName' as from_name, email ->> 'fromEmail' as from_email
       from public.app_settings where id = 1`,
  );
  const row = rows[0]!;
  return { name: row.name, sender: `${row.from_name} <${row.from_email}>` };
}

/** Waits for the mails to `to` (the outbox delivers what is queued before it answers). */
async function mailsTo(to: string, count = 1): Promise<OutboxMessage[]> {
  let mails: OutboxMessage[] = [];
  await expect
    .poll(async () => {
      mails = await readOutbox(to);
      return mails.length;
    }, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  return mails;
}

const linkIn = (text: string) =>
  text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/auth/v1/verify?`));

/** Every mail: both parts, the school's name in each, the sender, and no 6-digit code anywhere. */
function expectSchoolMail(mail: OutboxMessage, school: SchoolMail) {
  expect(mail.from).toBe(school.sender);
  expect(mail.subject).toContain(school.name);
  expect(mail.text).toContain(school.name);
  expect(mail.html).toContain(school.name);
  expect(mail.text.trim()).not.toBe('');
  expect(mail.html).toMatch(/<a href="/);
  // No code to type: no 6 digits in a row outside the links and addresses (whose random parts may
  // hold some).
  const words = `${mail.subject}\n${mail.text}\n${mail.html}`
    .replace(/https?:\/\/[^\s"<]+/g, '')
    .replace(/[^\s<>"]+@[^\s<>"]+/g, '');
  expect(words).not.toMatch(/\d{6}/);
}

async function setOwnLanguage(client: SupabaseClient, id: string, language: 'en' | 'es') {
  const { error } = await client.from('users').update({ language }).eq('id', id).select('id').single();
  expect(error).toBeNull();
}

describe('the language of an account', () => {
  it('is set by its owner, and by nobody else (an administrator included)', async () => {
    const student = await person('student', 'Lucía');
    const other = await person('student', 'Other');
    const admin = await person('admin', 'Office');

    await setOwnLanguage(student.client, student.id, 'es');
    const { data: own } = await student.client.from('users').select('language').eq('id', student.id).single();
    expect(own).toEqual({ language: 'es' });

    // Another student sees no row to change; an administrator sees it and is refused.
    const byOther = await other.client.from('users').update({ language: 'en' }).eq('id', student.id).select('id');
    expect(byOther.data ?? []).toEqual([]);
    expectDenied(
      await admin.client.from('users').update({ language: 'en' }).eq('id', student.id).select('id'),
      "Only the account's owner can change its language",
    );
    // Only the two languages of the portal.
    expect((await student.client.from('users').update({ language: 'fr' }).eq('id', student.id)).error?.code).toBe('23514');

    const { rows } = await ownerQuery<{ language: string }>('select language from public.users where id = $1', [student.id]);
    expect(rows[0]?.language).toBe('es');
  });

  it('is taken from the sign-up (the language of the sign-in page)', async () => {
    const { user } = await signUpUser('spanish-signup', { first_name: 'Inés', last_name: 'Tester', language: 'es' });
    created.push(user.id);
    const { rows } = await ownerQuery<{ language: string }>('select language from public.users where id = $1', [user.id]);
    expect(rows[0]?.language).toBe('es');
  });
});

describe('the password-reset mail', () => {
  it('reaches a Spanish-speaking person in Spanish, from the school, with a working link and no code', async () => {
    const student = await person('student', 'Lucía');
    await setOwnLanguage(student.client, student.id, 'es');
    const school = await schoolMail();

    const { error } = await anonClient().auth.resetPasswordForEmail(student.email, {
      redirectTo: 'http://localhost:3000/reset-password',
    });
    expect(error).toBeNull();
    const [mail] = await mailsTo(student.email);
    expect(mail!.subject).toContain('Restablece tu contraseña');
    expect(mail!.text).toContain('Hola, Lucía:');
    expectSchoolMail(mail!, school);

    // The link opens a recovery session on the portal's reset page.
    const link = linkIn(mail!.text);
    expect(link).toBeDefined();
    const landed = await followLink(link!);
    expect(`${landed.origin}${landed.pathname}`).toBe('http://localhost:3000/reset-password');
    expect(new URLSearchParams(landed.hash.slice(1)).get('type')).toBe('recovery');
  });

  it('is in English for an English-speaking person', async () => {
    const teacher = await person('teacher', 'Tom');
    await setOwnLanguage(teacher.client, teacher.id, 'en');
    const { error } = await anonClient().auth.resetPasswordForEmail(teacher.email);
    expect(error).toBeNull();
    const [mail] = await mailsTo(teacher.email);
    expect(mail!.subject).toContain('Reset your password');
    expectSchoolMail(mail!, await schoolMail());
  });
});

describe('the mails of an email change', () => {
  it('go to both addresses in the person\'s language, links only', async () => {
    const student = await person('student', 'Pablo');
    await setOwnLanguage(student.client, student.id, 'es');
    const next = uniqueEmail('pablo-new');
    const { error } = await student.client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    const school = await schoolMail();

    const [toNew] = await mailsTo(next);
    const [toCurrent] = await mailsTo(student.email);
    expect(toNew!.subject).toContain('Confirma tu nueva dirección de correo');
    expect(toCurrent!.subject).toContain('Confirma el cambio de tu correo de acceso');
    expectSchoolMail(toNew!, school);
    expectSchoolMail(toCurrent!, school);
    expect(linkIn(toNew!.text)).not.toBe(linkIn(toCurrent!.text));
  });
});

describe('the Send Email hook (auth-mail)', () => {
  const HOOK_URL = `${API_URL}/functions/v1/auth-mail`;

  async function hookCall(headers: Record<string, string>, body: string) {
    const response = await fetch(HOOK_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return { status: response.status, body: (await response.json()) as { code?: string } };
  }

  async function queuedTo(email: string): Promise<number> {
    const { rows } = await ownerQuery<{ count: string }>(
      'select count(*)::text as count from private.mail_queue where lower(to_email) = lower($1)',
      [email],
    );
    return Number(rows[0]?.count ?? 0);
  }

  it('refuses a call without the signature, with a wrong one, or with an old one, and mails nothing', async () => {
    const student = await person('student', 'Target');
    const target = uniqueEmail('hook-target');
    const body = JSON.stringify({
      user: { id: student.id, email: target },
      email_data: {
        token: '123456',
        token_hash: 'attacker-chosen',
        redirect_to: 'https://phishing.example.org/',
        email_action_type: 'recovery',
        site_url: API_URL,
        token_new: '',
        token_hash_new: '',
      },
    });
    // Unsigned; with the anon key as a caller would send it.
    expect((await hookCall({}, body)).status).toBe(401);
    expect((await hookCall({ apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }, body)).status).toBe(401);
    // Signed with another secret.
    const forged = await signWebhook('v1,whsec_' + btoa('not-the-hook-secret-at-all-12345'), 'msg_1', body);
    expect((await hookCall(forged, body)).body.code).toBe('UNAUTHENTICATED');
    // The right secret, but a call from ten minutes ago (a replay).
    const old = await signWebhook(SEND_EMAIL_HOOK_SECRET, 'msg_2', body, Date.now() - 10 * 60_000);
    expect((await hookCall(old, body)).status).toBe(401);
    // The right secret, but another body than the one signed.
    const signed = await signWebhook(SEND_EMAIL_HOOK_SECRET, 'msg_3', body);
    expect((await hookCall(signed, body.replace('attacker-chosen', 'other'))).status).toBe(401);
    expect(await queuedTo(target)).toBe(0);
    expect(await readOutbox(target)).toEqual([]);
  });

  it('refuses the actions the portal has no page for', async () => {
    const student = await person('student', 'Magic');
    const body = JSON.stringify({
      user: { id: student.id, email: student.email },
      email_data: { token: '1', token_hash: 'x', redirect_to: '', email_action_type: 'magiclink', site_url: API_URL },
    });
    const answer = await hookCall(await signWebhook(SEND_EMAIL_HOOK_SECRET, 'msg_4', body), body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('UNSUPPORTED_EMAIL_ACTION');
  });
});

describe('the welcome mail of an account an administrator creates', () => {
  const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;

  async function asAdmin(admin: Person, body: unknown) {
    const { data } = await admin.client.auth.getSession();
    const response = await fetch(FUNCTION_URL, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${data.session!.access_token}`,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        code?: string;
        user?: { id: string };
        temporaryPassword?: string;
        welcomeMailed?: boolean;
        results?: Array<{ status: string; user?: { id: string }; temporaryPassword?: string }>;
      },
    };
  }

  it('is sent in the language chosen for the person, with the sign-in link and without the password', async () => {
    const admin = await person('admin', 'Office');
    const email = uniqueEmail('welcome-es');
    const answer = await asAdmin(admin, {
      action: 'create',
      email,
      firstName: 'Marta',
      lastName: 'Nueva',
      role: 'student',
      language: 'es',
    });
    expect(answer.status).toBe(201);
    created.push(answer.body.user!.id);
    expect(answer.body.welcomeMailed).toBe(true);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('Tu cuenta está lista');
    expect(mail!.text).toContain('Hola, Marta:');
    expect(mail!.text).toContain('http://localhost:3000/auth');
    expect(mail!.text).toContain(email);
    expectSchoolMail(mail!, await schoolMail());
    expect(`${mail!.text}${mail!.html}`).not.toContain(answer.body.temporaryPassword!);
  });

  it('is sent for each account of an import, in the school\'s language when none is given', async () => {
    const admin = await person('admin', 'Office');
    const [first, second] = [uniqueEmail('import-a'), uniqueEmail('import-b')];
    const answer = await asAdmin(admin, {
      action: 'import',
      users: [
        { email: first, firstName: 'Ana', lastName: 'Import', role: 'student', language: 'es' },
        { email: second, firstName: 'Bob', lastName: 'Import', role: 'teacher' },
      ],
    });
    expect(answer.status).toBe(200);
    for (const row of answer.body.results ?? []) if (row.user) created.push(row.user.id);
    const { rows } = await ownerQuery<{ language: string }>(
      `select general ->> 'defaultLanguage' as language from public.app_settings where id = 1`,
    );
    const [toFirst] = await mailsTo(first);
    const [toSecond] = await mailsTo(second);
    expect(toFirst!.subject).toContain('Tu cuenta está lista');
    expect(toSecond!.subject).toContain(rows[0]?.language === 'es' ? 'Tu cuenta está lista' : 'Your account is ready');
  });

  it('is sent again on request until the person has chosen their own password', async () => {
    const admin = await person('admin', 'Office');
    const email = uniqueEmail('resend');
    const made = await asAdmin(admin, { action: 'create', email, firstName: 'Rosa', lastName: 'Again', role: 'student' });
    const id = made.body.user!.id;
    created.push(id);
    await mailsTo(email, 1);

    const again = await asAdmin(admin, { action: 'resendInvitation', id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ id, mailed: true });
    await mailsTo(email, 2);

    // A teacher may not; once the owner has chosen a password there is nothing to resend.
    const teacher = await person('teacher', 'Nosy');
    expect((await asAdmin(teacher, { action: 'resendInvitation', id })).status).toBe(403);
    const owner = anonClient();
    expect((await owner.auth.signInWithPassword({ email, password: made.body.temporaryPassword! })).error).toBeNull();
    expect(
      (await owner.auth.updateUser({ password: 'my-own-password-1', current_password: made.body.temporaryPassword! })).error,
    ).toBeNull();
    const refused = await asAdmin(admin, { action: 'resendInvitation', id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVITATION_ACCEPTED');
    expect(await readOutbox(email)).toHaveLength(2);
  });
});

describe('an administrator correcting a mistyped sign-in email', () => {
  const FUNCTION_URL = `${API_URL}/functions/v1/admin-users`;

  async function asCaller(caller: Person, body: unknown) {
    const { data } = await caller.client.auth.getSession();
    const response = await fetch(FUNCTION_URL, {
      method: 'POST',
      headers: {
        apikey: ANON_KEY,
        authorization: `Bearer ${data.session!.access_token}`,
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { code?: string; pendingEmail?: string } };
  }

  const signsIn = async (email: string, password: string) =>
    (await anonClient().auth.signInWithPassword({ email, password })).error === null;

  async function profileEmail(id: string) {
    const { rows } = await ownerQuery<{ email: string }>('select email from public.users where id = $1', [id]);
    return rows[0]?.email;
  }

  it('changes nothing until the new address confirms; then the account moves there', async () => {
    const admin = await person('admin', 'Office');
    const student = await person('student', 'Typo');
    await setOwnLanguage(student.client, student.id, 'es');
    const corrected = uniqueEmail('corrected');

    const answer = await asCaller(admin, { action: 'correctEmail', id: student.id, email: corrected });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: student.id, pendingEmail: corrected });

    const [mail] = await mailsTo(corrected);
    expect(mail!.subject).toContain('Confirma tu nueva dirección de correo');
    expect(mail!.text).toContain(student.email);
    expectSchoolMail(mail!, await schoolMail());
    const link = mail!.text.split(/\s+/).find((word) => word.startsWith(`${API_URL}/functions/v1/confirm-email?`));
    expect(link).toBeDefined();

    // Until the link is followed the old address is the account's.
    expect(await signsIn(student.email, student.password)).toBe(true);
    expect(await signsIn(corrected, student.password)).toBe(false);
    expect(await profileEmail(student.id)).toBe(student.email);

    const landed = await followLink(link!);
    expect(`${landed.origin}${landed.pathname}`).toBe('http://localhost:3000/auth');
    expect(landed.searchParams.get('emailCorrection')).toBe('confirmed');
    expect(await signsIn(corrected, student.password)).toBe(true);
    expect(await signsIn(student.email, student.password)).toBe(false);
    expect(await profileEmail(student.id)).toBe(corrected);

    // The link works once.
    expect((await followLink(link!)).searchParams.get('emailCorrection')).toBe('invalid');
  });

  it('is refused to teachers, for an address in use, and for a forged link', async () => {
    const admin = await person('admin', 'Office');
    const teacher = await person('teacher', 'Nosy');
    const student = await person('student', 'Kept');
    const other = await person('student', 'Other');

    expect((await asCaller(teacher, { action: 'correctEmail', id: student.id, email: uniqueEmail('x') })).status).toBe(403);
    const taken = await asCaller(admin, { action: 'correctEmail', id: student.id, email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
    const same = await asCaller(admin, { action: 'correctEmail', id: student.id, email: student.email });
    expect(same.body.code).toBe('SAME_EMAIL');

    const forged = await followLink(`${API_URL}/functions/v1/confirm-email?token=not-a-real-token`);
    expect(forged.searchParams.get('emailCorrection')).toBe('invalid');
    expect(await profileEmail(student.id)).toBe(student.email);
  });
});
