import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  API_URL,
  HOST,
  SERVICE_ROLE_KEY,
  SMTP_PORT,
} from '../../local-supabase/src/config';
import { readOutbox } from '../../local-supabase/src/outbox-client';
import {
  type ReceivedMail,
  type SmtpListener,
  startSmtpListener,
} from '../../local-supabase/src/smtp-listener';
import { anonClient, signUpUser } from '../../local-supabase/tests/support';
import sendMail from '../functions/send-mail/index';
import { type Person, closeDb, createCourse, createPerson, ownerQuery, service } from './fixtures';

// The school's mail goes out through System Settings → Email (20261122001200_mail.sql and the
// send-mail edge function): the local stack's SMTP listener receives it and stores it in the outbox,
// so every mail found there went through SMTP with the configured host, port, username and password.
// Only the service role claims mail, records outcomes or runs send-mail. The settings row and the
// queue are shared by the whole stack: each test puts back what it changed.

const FUNCTION_URL = `${API_URL}/functions/v1/send-mail`;
const FROM = { fromName: 'Escuela Faro', fromEmail: 'avisos@faro.test' };
const STACK_SMTP = { smtpHost: HOST, smtpPort: SMTP_PORT, smtpUsername: '' };
// Addresses of mail this file queues by hand, so the cleanup finds them.
const DOMAIN = 'mail-sending.test';

let admin: Person;
let teacher: Person;
let student: Person;
let saved: Record<string, unknown>;

type QueueRow = {
  id: string;
  to_email: string;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  claim_id: string | null;
  locked_until: Date | null;
};

async function setEmail(values: Record<string, unknown>): Promise<void> {
  const { data, error } = await service.from('app_settings').select('email').single();
  if (error) throw error;
  const update = await service
    .from('app_settings')
    .update({ email: { ...(data.email as object), ...values } })
    .eq('id', 1);
  if (update.error) throw update.error;
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A student enrols in a new course of the teacher: the database queues one alert for the teacher. */
async function enrolmentAlert(): Promise<string> {
  const title = `Correo ${randomUUID().slice(0, 8)}`;
  const course = await createCourse({ title, teacher_id: teacher.id });
  const { client, user } = await signUpUser('mail-student', {
    first_name: 'Lucía',
    last_name: 'Paz',
  });
  const { data } = await client.rpc('enroll_user_in_course', {
    user_uuid: user.id,
    course_uuid: course.id,
  });
  expect(data).toMatchObject({ success: true });
  return title;
}

async function queuedAbout(title: string): Promise<QueueRow[]> {
  const { rows } = await ownerQuery<QueueRow>(
    `select id, to_email, status, attempts, last_error, next_attempt_at, claim_id, locked_until
       from private.mail_queue where subject like '%' || $1`,
    [title],
  );
  return rows;
}

async function outboxAbout(title: string, to = teacher.email) {
  return (await readOutbox(to)).filter((mail) => mail.subject.endsWith(title)) as Array<
    Awaited<ReturnType<typeof readOutbox>>[number] & { smtpUser: string | null }
  >;
}

/** Queues mail by hand (as the database would), to addresses of this file. */
async function queueMail(count: number, values: Record<string, unknown> = {}): Promise<QueueRow[]> {
  const { rows } = await ownerQuery<QueueRow>(
    `insert into private.mail_queue (kind, to_email, from_email, from_name, subject, text_body, html_body,
                                     claim_id, locked_until, attempts)
     select 'enrollment_alert', 'box-' || $1 || '-' || n || '@${DOMAIN}', 'avisos@faro.test', 'Escuela Faro',
            'Queued by hand ' || $1, 'Hello', '<p>Hello</p>', $2::uuid, $3::timestamptz, $4::integer
       from generate_series(1, $5::integer) n
     returning id, to_email, status, attempts, last_error, next_attempt_at, claim_id, locked_until`,
    [
      randomUUID().slice(0, 8),
      values.claim_id ?? null,
      values.locked_until ?? null,
      values.attempts ?? 0,
      count,
    ],
  );
  return rows;
}

async function queueRow(id: string): Promise<QueueRow | undefined> {
  const { rows } = await ownerQuery<QueueRow>(
    `select id, to_email, status, attempts, last_error, next_attempt_at, claim_id, locked_until
       from private.mail_queue where id = $1`,
    [id],
  );
  return rows[0];
}

async function callSendMail(token: string, body: unknown = {}) {
  const response = await fetch(FUNCTION_URL, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      apikey: ANON_KEY,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenOf(person: Person): Promise<string> {
  const { data } = await person.client.auth.getSession();
  if (!data.session) throw new Error('not signed in');
  return data.session.access_token;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [admin, teacher, student] = await Promise.all([
    createPerson('admin', 'Ada'),
    createPerson('teacher', 'Tomás'),
    createPerson('student', 'Sofía'),
  ]);
  const { data } = await service
    .from('app_settings')
    .select('general, notifications, email')
    .single();
  saved = data as Record<string, unknown>;
  const notifications = {
    ...(saved.notifications as object),
    emailNotifications: true,
    enrollmentAlerts: true,
  };
  const general = { ...(saved.general as object), defaultLanguage: 'en' };
  await service.from('app_settings').update({ notifications, general }).eq('id', 1);
});

beforeEach(async () => {
  await setEmail({ ...STACK_SMTP, ...FROM });
});

afterAll(async () => {
  await service.from('app_settings').update(saved).eq('id', 1);
  await service.rpc('set_smtp_password', { password: '' });
  await ownerQuery(`delete from private.mail_queue where to_email like '%@${DOMAIN}'`);
  await closeDb();
});

describe('an enrolment alert', () => {
  it('reaches the outbox through the SMTP server of the Email settings, from "From name <From email>"', async () => {
    const title = await enrolmentAlert();
    const mails = await waitFor('the alert', async () => {
      const found = await outboxAbout(title);
      return found.length > 0 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: teacher.email,
      from: 'Escuela Faro <avisos@faro.test>',
      subject: `New enrollment: ${title}`,
      // No username in the settings: the sender did not authenticate.
      smtpUser: null,
    });
    expect(mails[0]?.text).toContain('Lucía Paz has enrolled in your course');
    expect(mails[0]?.html).toContain('<strong>Lucía Paz</strong>');
    // Sent mail leaves the queue.
    expect(await queuedAbout(title)).toEqual([]);
  });

  it('authenticates with the SMTP username and password when a username is set', async () => {
    await setEmail({ smtpUsername: 'school-mailer' });
    // A username without a password cannot log in: the mail waits, saying why.
    const early = await enrolmentAlert();
    const [waiting] = await waitFor('a failed attempt', async () => {
      const rows = await queuedAbout(early);
      return rows.some((row) => row.attempts >= 1) ? rows : undefined;
    });
    expect(waiting?.last_error).toMatch(/without a password/);

    expect(
      (await admin.client.rpc('set_smtp_password', { password: `pw-${randomUUID()}` })).error,
    ).toBeNull();
    const title = await enrolmentAlert();
    for (const subject of [early, title]) {
      const [mail] = await waitFor('the alert', async () => {
        const found = await outboxAbout(subject);
        return found.length > 0 ? found : undefined;
      });
      expect(mail?.smtpUser).toBe('school-mailer');
    }
    await service.rpc('set_smtp_password', { password: '' });
  });

  it('stays queued with the error while the SMTP port is closed, and goes out once it is set back', async () => {
    await setEmail({ smtpPort: await closedPort() });
    const title = await enrolmentAlert();
    const [failed] = await waitFor('a failed attempt', async () => {
      const rows = await queuedAbout(title);
      return rows.some((row) => row.attempts >= 1) ? rows : undefined;
    });
    expect(failed).toMatchObject({ status: 'queued', claim_id: null, locked_until: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);
    // Retried later (1 minute after the first failure), not at once.
    expect(failed!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await outboxAbout(title)).toEqual([]);

    // Putting the port back makes the waiting mail due at once.
    await setEmail({ smtpPort: SMTP_PORT });
    const mails = await waitFor('the alert', async () => {
      const found = await outboxAbout(title);
      return found.length > 0 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(await queuedAbout(title)).toEqual([]);
  });

  it('is not sent without an SMTP host, and the error says so', async () => {
    await setEmail({ smtpHost: '' });
    const title = await enrolmentAlert();
    const [failed] = await waitFor('a failed attempt', async () => {
      const rows = await queuedAbout(title);
      return rows.some((row) => row.attempts >= 1) ? rows : undefined;
    });
    expect(failed?.status).toBe('queued');
    expect(failed?.last_error).toMatch(/SMTP host not set/);
    expect(await outboxAbout(title)).toEqual([]);

    await setEmail({ smtpHost: HOST });
    await waitFor('the alert', async () => {
      const found = await outboxAbout(title);
      return found.length === 1 ? found : undefined;
    });
  });
});

describe('the SMTP credentials', () => {
  let capture: SmtpListener;
  const logins: Array<{ username: string; password: string }> = [];
  const received: ReceivedMail[] = [];

  beforeAll(async () => {
    // A server of this test's own, which sees the password the sender logs in with.
    capture = await startSmtpListener({
      port: 0,
      onAuth: (username, password) => logins.push({ username, password }),
      onMail: async (mail) => {
        received.push(mail);
      },
    });
  });

  afterAll(async () => {
    await capture.close();
  });

  const receivedAbout = (title: string) => received.filter((mail) => mail.subject.endsWith(title));

  it('are the username of the settings and the password set with set_smtp_password', async () => {
    const password = `pw-${randomUUID()}`;
    expect((await admin.client.rpc('set_smtp_password', { password })).error).toBeNull();
    await setEmail({ smtpPort: capture.port, smtpUsername: 'school-mailer' });
    logins.length = 0;

    const title = await enrolmentAlert();
    const [mail] = await waitFor('the captured alert', async () => {
      const found = receivedAbout(title);
      return found.length > 0 ? found : undefined;
    });
    expect(mail).toMatchObject({
      recipients: [teacher.email],
      from: 'Escuela Faro <avisos@faro.test>',
      authUser: 'school-mailer',
    });
    expect(logins).toEqual([{ username: 'school-mailer', password }]);

    // A new password is used from the next mail on.
    const replaced = `pw-${randomUUID()}`;
    expect((await admin.client.rpc('set_smtp_password', { password: replaced })).error).toBeNull();
    logins.length = 0;
    const next = await enrolmentAlert();
    await waitFor('the next alert', async () =>
      receivedAbout(next).length > 0 ? true : undefined,
    );
    expect(logins).toEqual([{ username: 'school-mailer', password: replaced }]);
  });

  it('are not sent at all without a username', async () => {
    await setEmail({ smtpPort: capture.port, smtpUsername: '' });
    logins.length = 0;
    const title = await enrolmentAlert();
    const [mail] = await waitFor('the captured alert', async () => {
      const found = receivedAbout(title);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.authUser).toBeNull();
    expect(logins).toEqual([]);
  });
});

describe('claiming and recording (service role only)', () => {
  it('cannot be done by a visitor, a student, a teacher or an administrator', async () => {
    const [mail] = await queueMail(1, {
      claim_id: randomUUID(),
      locked_until: new Date(Date.now() + 60_000),
    });
    for (const client of [anonClient(), student.client, teacher.client, admin.client]) {
      const claim = await client.rpc('claim_mail_batch', { batch_size: 5 });
      expect(claim.error?.code).toBe('42501');
      expect(claim.data).toBeNull();
      const recorded = await client.rpc('record_mail_outcome', {
        mail_id: mail!.id,
        claim: mail!.claim_id,
        outcome: 'sent',
      });
      expect(recorded.error?.code).toBe('42501');
    }
    // The leased row is untouched.
    expect(await queueRow(mail!.id)).toMatchObject({ attempts: 0, claim_id: mail!.claim_id });

    const { rows } = await ownerQuery<{ role: string; claim: boolean; record: boolean }>(
      `select r as role,
              has_function_privilege(r, 'public.claim_mail_batch(integer)', 'execute') as claim,
              has_function_privilege(r, 'public.record_mail_outcome(uuid, uuid, text, text)', 'execute') as record
         from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
    );
    expect(rows).toEqual([
      { role: 'anon', claim: false, record: false },
      { role: 'authenticated', claim: false, record: false },
      { role: 'service_role', claim: true, record: true },
    ]);
  });

  it('give the service role the Email settings and the SMTP password with the mail it leases, for 5 minutes', async () => {
    const password = `pw-${randomUUID()}`;
    await service.rpc('set_smtp_password', { password });
    // Queued and claimed in one transaction, as the service role, so no other sender sees these rows
    // before they are leased.
    await ownerQuery('begin');
    let batch: {
      claim: string;
      smtp: Record<string, unknown>;
      mails: Array<{ id: string; to: string }>;
    };
    let mine: string[];
    try {
      mine = (await queueMail(3)).map((row) => row.id);
      // Due at the claim's own clock (the transaction's start).
      await ownerQuery(
        'update private.mail_queue set next_attempt_at = now() where id = any($1::uuid[])',
        [mine],
      );
      await ownerQuery('set local role service_role');
      const { rows } = await ownerQuery<{ batch: typeof batch }>(
        'select public.claim_mail_batch(100) as batch',
      );
      batch = rows[0]!.batch;
      await ownerQuery('commit');
    } catch (error) {
      await ownerQuery('rollback');
      throw error;
    }
    expect(batch.smtp).toEqual({
      host: HOST,
      port: SMTP_PORT,
      username: '',
      password,
      fromEmail: 'avisos@faro.test',
      fromName: 'Escuela Faro',
    });
    expect(mine.every((id) => batch.mails.some((mail) => mail.id === id))).toBe(true);
    for (const id of mine) {
      const row = await queueRow(id);
      expect(row?.claim_id).toBe(batch.claim);
      expect(row!.locked_until!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    }

    // Leased mail is nobody else's: another claim does not get it.
    const other = await service.rpc('claim_mail_batch', { batch_size: 100 });
    expect(other.error).toBeNull();
    const otherIds = (other.data as { mails: Array<{ id: string }> }).mails.map((mail) => mail.id);
    expect(otherIds.filter((id) => mine.includes(id))).toEqual([]);
    const otherClaim = (other.data as { claim: string | null }).claim;
    for (const id of otherIds) {
      await service.rpc('record_mail_outcome', {
        mail_id: id,
        claim: otherClaim,
        outcome: 'released',
      });
    }

    // Handed back untried: no attempt counted, and the stack's sender delivers it.
    for (const id of mine) {
      const { data } = await service.rpc('record_mail_outcome', {
        mail_id: id,
        claim: batch.claim,
        outcome: 'released',
      });
      expect(data).toBe('released');
      expect(await queueRow(id)).toMatchObject({ attempts: 0, claim_id: null, locked_until: null });
    }
    await service.rpc('set_smtp_password', { password: '' });
    await waitFor('the released mail sent', async () => {
      const { rows } = await ownerQuery(
        `select 1 from private.mail_queue where id = any($1::uuid[])`,
        [mine],
      );
      return rows.length === 0 ? true : undefined;
    });
  });

  it('leases the mail someone is waiting for (sign-in links, welcome) before older alerts and notifications', async () => {
    // A password-reset link must not wait behind a backlog of notification mail (a busy school, or the
    // whole integration run before this file). Queued and claimed in one transaction, as above.
    await ownerQuery('begin');
    let batch: { claim: string; mails: Array<{ id: string }> };
    let waiting: string[];
    let older: string[];
    try {
      older = (await queueMail(3)).map((row) => row.id);
      waiting = (await queueMail(2)).map((row) => row.id);
      await ownerQuery(
        `update private.mail_queue set next_attempt_at = now() - interval '1 minute',
                created_at = now() - interval '1 minute'
          where id = any($1::uuid[])`,
        [older],
      );
      await ownerQuery(
        `update private.mail_queue set next_attempt_at = now(),
                kind = case when to_email like 'box-%-1@%' then 'auth' else 'welcome' end
          where id = any($1::uuid[])`,
        [waiting],
      );
      await ownerQuery('set local role service_role');
      const { rows } = await ownerQuery<{ batch: typeof batch }>(
        'select public.claim_mail_batch(2) as batch',
      );
      batch = rows[0]!.batch;
      await ownerQuery('commit');
    } catch (error) {
      await ownerQuery('rollback');
      throw error;
    }
    const claimed = batch.mails.map((mail) => mail.id);
    for (const id of claimed) {
      await service.rpc('record_mail_outcome', {
        mail_id: id,
        claim: batch.claim,
        outcome: 'released',
      });
    }
    expect(claimed.sort()).toEqual([...waiting].sort());
    expect(claimed.filter((id) => older.includes(id))).toEqual([]);
  });

  it('counts a failure, retries 1, 2, 4 … minutes later, gives up after 8 and keeps the row', async () => {
    const claim = randomUUID();
    const lease = new Date(Date.now() + 60_000);
    const [mail] = await queueMail(1, { claim_id: claim, locked_until: lease });

    // Only the holder of the lease records.
    const stale = await service.rpc('record_mail_outcome', {
      mail_id: mail!.id,
      claim: randomUUID(),
      outcome: 'sent',
    });
    expect(stale.data).toBe('stale');
    expect(await queueRow(mail!.id)).toBeDefined();

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      await ownerQuery(
        'update private.mail_queue set claim_id = $2, locked_until = $3 where id = $1',
        [mail!.id, claim, lease],
      );
      const before = Date.now();
      const { data, error } = await service.rpc('record_mail_outcome', {
        mail_id: mail!.id,
        claim,
        outcome: 'failed',
        error: `421 try later (${attempt})`,
      });
      expect(error).toBeNull();
      expect(data).toBe(attempt < 8 ? 'retry' : 'gave_up');
      const row = await queueRow(mail!.id);
      expect(row).toMatchObject({
        attempts: attempt,
        last_error: `421 try later (${attempt})`,
        claim_id: null,
      });
      delays.push(Math.round((row!.next_attempt_at.getTime() - before) / 60_000));
    }
    expect(delays.slice(0, 7)).toEqual([1, 2, 4, 8, 16, 32, 60]);
    expect((await queueRow(mail!.id))?.status).toBe('failed');

    // A given-up mail is not claimed again, even when the settings change.
    await setEmail({ smtpUsername: 'someone-else' });
    await service.rpc('claim_mail_batch', { batch_size: 100 });
    expect(await queueRow(mail!.id)).toMatchObject({
      status: 'failed',
      claim_id: null,
      attempts: 8,
    });
  });

  it('deletes a mail recorded as sent', async () => {
    const claim = randomUUID();
    const [mail] = await queueMail(1, {
      claim_id: claim,
      locked_until: new Date(Date.now() + 60_000),
    });
    const { data } = await service.rpc('record_mail_outcome', {
      mail_id: mail!.id,
      claim,
      outcome: 'sent',
    });
    expect(data).toBe('sent');
    expect(await queueRow(mail!.id)).toBeUndefined();
  });
});

describe('the local outbox', () => {
  it('delivers everything queued before it is read, however long the queue', async () => {
    // A busy moment (a whole test run's notifications) leaves more than one send-mail batch (20)
    // waiting; reading the outbox must still show the mail queued before the read.
    const rows = await queueMail(65);
    const newest = rows[rows.length - 1]!;
    const mails = await readOutbox(newest.to_email);
    expect(mails.map((mail) => mail.to)).toEqual([newest.to_email]);
  });
});

describe('the send-mail function', () => {
  it('refuses every caller but the service role', async () => {
    for (const token of [
      ANON_KEY,
      await tokenOf(student),
      await tokenOf(teacher),
      await tokenOf(admin),
    ]) {
      const { status, body } = await callSendMail(token);
      expect(status).toBe(403);
      expect(body).toMatchObject({ code: 'FORBIDDEN' });
    }
    // Without a token (Supabase checks the JWT first; the function refuses on its own too).
    const bare = await sendMail(new Request(FUNCTION_URL, { method: 'POST', body: '{}' }));
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('lets the database refuse a forged service-role token', async () => {
    process.env.SUPABASE_URL ??= API_URL;
    const [header, , signature] = SERVICE_ROLE_KEY.split('.');
    const claims = Buffer.from(JSON.stringify({ role: 'service_role', iss: 'forged' })).toString(
      'base64url',
    );
    const forged = `${header}.${claims}.${signature}`;
    // The gateway (verify_jwt) refuses it…
    expect((await callSendMail(forged)).status).toBe(401);
    // …and so does the database when the function is reached without that check.
    const [mail] = await queueMail(1);
    const response = await sendMail(
      new Request(FUNCTION_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${forged}` },
        body: '{}',
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    // Not leased by the forged call (the stack's own sender may have delivered it meanwhile).
    const row = await queueRow(mail!.id);
    if (row) expect(row.attempts).toBe(0);
  });

  it('answers the service role with what it sent, failed and skipped', async () => {
    const { status, body } = await callSendMail(SERVICE_ROLE_KEY, { limit: 5 });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['failed', 'sent', 'skipped']);
    expect((await callSendMail(SERVICE_ROLE_KEY, { limit: 500 })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'limit' },
    });
  });

  it('never sends one mail twice, however many calls run at once', async () => {
    const mails = await queueMail(12);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => callSendMail(SERVICE_ROLE_KEY, { limit: 5 })),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    // Every mail arrives (the stack's own sender takes what the calls left), each exactly once.
    await waitFor('every mail sent', async () => {
      const { rows } = await ownerQuery(
        `select 1 from private.mail_queue where id = any($1::uuid[])`,
        [mails.map((mail) => mail.id)],
      );
      return rows.length === 0 ? true : undefined;
    });
    for (const mail of mails) {
      const received = await readOutbox(mail.to_email);
      expect(received, mail.to_email).toHaveLength(1);
    }
    const sent = answers.reduce((total, answer) => total + Number(answer.body.sent), 0);
    expect(sent).toBeLessThanOrEqual(mails.length);
  });
});
