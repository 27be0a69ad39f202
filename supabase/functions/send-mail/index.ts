// Sends the mail the database queued (private.mail_queue: enrolment alerts, notifications) through the school's SMTP
// server, as System Settings → Email configures it (host, port, username, the write-only password, the
// sender). Only the service role calls it: a schedule on hosted Supabase (pg_cron + pg_net, every
// minute), the outbox of the local stack (every second). Each call leases a batch in the database
// (claim_mail_batch), sends each mail and records what happened (record_mail_outcome); the database
// retries failures with a growing delay and gives up after 8 attempts (20261122001200_mail.sql).
// Each call first sends the due reminders and writes the waiting notification mail
// (20261130000200_notifications.sql).
// Runs under Deno (Supabase, the local stack) and Node (tests); common code in ../_shared, see ../README.md.
import type { SupabaseClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';
import { serve } from '../_shared/env.ts';
import type { Recipient, RenderedMail } from '../_shared/mail.ts';
import {
  isNotificationKind,
  type NotificationData,
  renderNotification,
} from '../_shared/notification-mail.ts';
import { serviceRoleHandler } from '../_shared/service-role.ts';

export const DEFAULT_BATCH_SIZE = 20;
export const MAX_BATCH_SIZE = 100;

// --- the work -----------------------------------------------------------------------------------------

interface SmtpSettings {
  host: string;
  port: number;
  username: string;
  password: string | null;
  fromEmail: string;
  fromName: string;
}

interface QueuedMail {
  id: string;
  to: string;
  fromEmail: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

interface Batch {
  claim: string | null;
  smtp: SmtpSettings | null;
  mails: QueuedMail[];
}

export interface SendResult {
  /** Handed to the SMTP server (and removed from the queue). */
  sent: number;
  /** Not delivered: the attempt is counted and the database retries it later (or gives up). */
  failed: number;
  /** Not tried in this call (its time ran out, or another sender took the mail over): back in the queue. */
  skipped: number;
}

/** How long an SMTP server may take to answer the connection, the greeting and each command. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;
/** No new mail is started after this long, well inside the 5-minute lease and the runtime's limits. */
const TIME_BUDGET_MS = 40_000;
const MAX_ERROR_LENGTH = 300;

export const SMTP_HOST_NOT_SET = 'SMTP host not set (System Settings → Email)';
export const SMTP_PASSWORD_NOT_SET =
  'SMTP username set without a password (System Settings → Email)';
export const FROM_EMAIL_NOT_SET = 'From email not set (System Settings → Email)';

// Failures of the server or the connection rather than of one message: the rest of the batch would
// fail the same way, so it is not tried (each counts the same failure).
const CONNECTION_ERRORS = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
  'EPROTOCOL',
]);

type SmtpError = { code?: unknown; message?: unknown; responseCode?: unknown };

/** A short reason for operators, never containing the password. */
function reasonOf(error: unknown, password: string | null): string {
  const { code, message } = (error ?? {}) as SmtpError;
  let text = typeof message === 'string' && message ? message : 'Unexpected error';
  if (typeof code === 'string' && code && !text.startsWith(code)) text = `${code}: ${text}`;
  if (password) text = text.split(password).join('***');
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_LENGTH);
}

function isConnectionError(error: unknown): boolean {
  const { code } = (error ?? {}) as SmtpError;
  return typeof code === 'string' && CONNECTION_ERRORS.has(code);
}

async function record(
  db: SupabaseClient,
  claim: string,
  mail: QueuedMail,
  outcome: 'sent' | 'failed' | 'released',
  error?: string,
): Promise<string> {
  const { data, error: rpcError } = await db.rpc('record_mail_outcome', {
    mail_id: mail.id,
    claim,
    outcome,
    error: error ?? null,
  });
  if (rpcError) throw rpcError;
  return data as string;
}

async function sendBatch(db: SupabaseClient, batch: Batch, startedAt: number): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0, skipped: 0 };
  const { claim, smtp, mails } = batch;
  if (!claim || !smtp || mails.length === 0) return result;

  const fail = async (mail: QueuedMail, reason: string) => {
    const outcome = await record(db, claim, mail, 'failed', reason);
    if (outcome === 'stale') result.skipped += 1;
    else result.failed += 1;
  };

  // Settings that cannot work fail every mail with the reason, without a connection.
  const unusable = !smtp.host
    ? SMTP_HOST_NOT_SET
    : smtp.username && !smtp.password
      ? SMTP_PASSWORD_NOT_SET
      : null;
  if (unusable) {
    for (const mail of mails) await fail(mail, unusable);
    return result;
  }

  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    // 465 is TLS from the start; any other port upgrades with STARTTLS when the server offers it.
    secure: smtp.port === 465,
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    dnsTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  let brokenConnection: string | undefined;
  try {
    for (const mail of mails) {
      if (brokenConnection) {
        await fail(mail, brokenConnection);
        continue;
      }
      if (Date.now() - startedAt > TIME_BUDGET_MS) {
        await record(db, claim, mail, 'released');
        result.skipped += 1;
        continue;
      }
      const fromEmail = mail.fromEmail || smtp.fromEmail;
      const fromName = mail.fromEmail ? mail.fromName : smtp.fromName;
      if (!fromEmail) {
        await fail(mail, FROM_EMAIL_NOT_SET);
        continue;
      }
      try {
        await transport.sendMail({
          from: fromName ? { name: fromName, address: fromEmail } : fromEmail,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: { 'auto-submitted': 'auto-generated' },
        });
      } catch (error) {
        const reason = reasonOf(error, smtp.password);
        if (isConnectionError(error)) brokenConnection = reason;
        await fail(mail, reason);
        continue;
      }
      // Handed over: a lease taken over meanwhile (answer 'stale') still counts as sent here.
      await record(db, claim, mail, 'sent');
      result.sent += 1;
    }
  } finally {
    transport.close();
  }
  return result;
}

// --- notifications and reminders (docs/notifications.md) ------------------------------------------------

interface NotificationMail {
  id: string;
  to: string;
  kind: string;
  data: NotificationData;
  recipient: Recipient;
  timeZone: string;
}

/**
 * Writes each notification waiting for a mail (reminders included) in its recipient's language and
 * queues it, so the batch sends it with the rest of the school's mail.
 */
async function queueNotificationMail(db: SupabaseClient, limit: number): Promise<void> {
  const { data, error } = await db.rpc('claim_notification_mail', { batch_size: limit });
  if (error) throw error;
  const { claim, mails } = data as { claim: string; mails: NotificationMail[] };
  for (const mail of mails) {
    // A kind this function has no words for yet (a newer database) stays leased and is tried again in
    // 5 minutes, and so does one that failed to render: neither holds back the rest of the mail.
    if (!isNotificationKind(mail.kind)) {
      console.error(`[send-mail] no words for the notification kind ${mail.kind}`);
      continue;
    }
    let written: RenderedMail;
    try {
      written = renderNotification(
        { ...mail.recipient, language: mail.recipient.language === 'es' ? 'es' : 'en' },
        mail.kind,
        mail.data ?? {},
        mail.timeZone,
      );
    } catch (error) {
      console.error(`[send-mail] notification ${mail.id} not written: ${String(error)}`);
      continue;
    }
    const queued = await db.rpc('queue_notification_mail', {
      mail_id: mail.id,
      claim,
      subject: written.subject,
      text_body: written.text,
      html_body: written.html,
    });
    if (queued.error) throw queued.error;
  }
}

/**
 * POST with the service role key, body {} or { limit } (1–100, default 20): sends one batch of the
 * queued mail and answers { sent, failed, skipped }; or { code, message, details? } (401
 * UNAUTHENTICATED, 403 FORBIDDEN, 400 INVALID_REQUEST / VALIDATION_ERROR, 405, 500).
 */
const handler = serviceRoleHandler(
  {
    name: 'send-mail',
    forbidden: 'Only the service role can send the queued mail',
    limit: { default: DEFAULT_BATCH_SIZE, max: MAX_BATCH_SIZE },
  },
  async ({ db, limit, checkAccess }): Promise<SendResult> => {
    const startedAt = Date.now();
    // Reminders and notifications become queued mail first, so this batch sends them too.
    const reminders = await db.rpc('queue_due_reminders');
    // The database decides too: a token it does not accept, or a role without the grant.
    checkAccess(reminders);
    if (reminders.error) throw reminders.error;
    // Overdue invoices (docs/money.md): a reminder per invoice at most once every 7 days; the
    // database looks at most once an hour, however often the schedule runs.
    const overdue = await db.rpc('queue_overdue_reminders');
    if (overdue.error) throw overdue.error;
    // Seats held for a payment that did not come (docs/money.md "Payment before the seat"): released,
    // their invoices credited, the seats given to the waiting lists; the students' notices go out below.
    const holds = await db.rpc('expire_seat_holds');
    if (holds.error) throw holds.error;
    await queueNotificationMail(db, limit);
    const { data, error, status } = await db.rpc('claim_mail_batch', { batch_size: limit });
    checkAccess({ status, error });
    if (error) throw error;
    const batch = data as Batch;
    return sendBatch(db, batch, startedAt);
  },
);
export default handler;

// Supabase's runtime needs a server; tests under Node import the default export instead.
serve(handler);
