import http from 'node:http';
import type pg from 'pg';
import { HOST, OUTBOX_PORT } from './config';
import { callServiceFunction, hasQueuedWork } from './function-schedule';
import { sendEmpty, sendJson } from './http-utils';
import type { OutboxMessage } from './outbox-client';
import type { ReceivedMail } from './smtp-listener';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail of the local outbox, with the SMTP username its sender authenticated with (app mail only). */
export type LocalMail = OutboxMessage & {
  /** The AUTH username of the SMTP session that delivered it; null without AUTH and for auth mail. */
  smtpUser: string | null;
};

interface OutboxRow {
  id: string;
  to_email: string;
  from_address: string | null;
  smtp_user: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
}

/** What one send-mail call answered. */
export interface Delivery {
  sent: number;
  failed: number;
  skipped: number;
}

const NOTHING_DELIVERED: Delivery = { sent: 0, failed: 0, skipped: 0 };


/**
 * Local mail delivery: mails are kept in auth.mail_outbox and survive restarts until a reset. Auth mail
 * (password recovery) is written here directly. The app's mail, which the database queues
 * (private.mail_queue: enrolment alerts), goes out like on hosted Supabase: the send-mail edge function
 * sends it through the SMTP server of System Settings → Email, which locally is the stack's own SMTP
 * listener (smtp-listener.ts), and that listener stores what it receives here (`receive`).
 */
export class Outbox {
  /** The delivery in progress, and the one waiting to start after it (every caller arriving meanwhile joins it). */
  private running: Promise<Delivery> | undefined;
  private next: Promise<Delivery> | undefined;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Sends what the database queued, through the send-mail function. Deliveries run one at a time; a
   * caller always gets one that starts after its call, so mail queued before it is included (unless
   * its retry is not due yet).
   */
  deliverQueued(): Promise<Delivery> {
    if (this.next) return this.next;
    const previous = this.running ?? Promise.resolve(NOTHING_DELIVERED);
    const next = previous
      .catch(() => NOTHING_DELIVERED)
      .then(() => {
        this.next = undefined;
        const run = this.deliverOnce();
        this.running = run;
        void run.catch(() => undefined).finally(() => {
          if (this.running === run) this.running = undefined;
        });
        return run;
      });
    this.next = next;
    return next;
  }

  private async deliverOnce(): Promise<Delivery> {
    // Mail that is due and not leased to a sender, or a notification or reminder to write as mail (a
    // cheap check before calling the function; hosted, the schedule calls it every minute regardless).
    const due = await hasQueuedWork(
      this.pool,
      `select 1 from private.mail_queue
        where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
       union all
       select 1 where private.has_notification_work()
        limit 1`,
    );
    if (!due) return NOTHING_DELIVERED;
    const body = await callServiceFunction<Partial<Delivery>>('send-mail');
    return { sent: body?.sent ?? 0, failed: body?.failed ?? 0, skipped: body?.skipped ?? 0 };
  }

  /** Stores a mail the SMTP listener received: one outbox row per recipient. */
  async receive(mail: ReceivedMail): Promise<void> {
    if (mail.recipients.length === 0) return;
    await this.pool.query(
      `insert into auth.mail_outbox (to_email, from_address, smtp_user, subject, text_body, html_body)
       select recipient, $2, $3, $4, $5, $6 from unnest($1::text[]) as recipient`,
      [mail.recipients, mail.from, mail.authUser, mail.subject, mail.text, mail.html],
    );
  }

  async send(mail: OutgoingMail, db: pg.Pool | pg.PoolClient = this.pool): Promise<void> {
    await db.query('insert into auth.mail_outbox (to_email, subject, text_body, html_body) values ($1, $2, $3, $4)', [
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
    ]);
  }

  /** The outbox's mail, newest first; what the database queued until now is delivered first. */
  async list(to?: string, limit = 200): Promise<LocalMail[]> {
    await this.deliverBeforeReading();
    const { rows } = await this.pool.query<OutboxRow>(
      `select id, to_email, from_address, smtp_user, subject, text_body, html_body, created_at from auth.mail_outbox
        where $1::text is null or lower(to_email) = lower($1)
        order by created_at desc
        limit $2`,
      [to ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.to_email,
      from: row.from_address,
      smtpUser: row.smtp_user,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /**
   * Reading the outbox first delivers what is queued, batch after batch until nothing due is left (a
   * busy moment queues more than one send-mail batch), for at most READ_DELIVERY_MS; a failed delivery
   * is logged, the read goes on.
   */
  private async deliverBeforeReading(): Promise<void> {
    const deadline = Date.now() + READ_DELIVERY_MS;
    try {
      for (;;) {
        const delivery = await this.deliverQueued();
        if (delivery.sent + delivery.failed + delivery.skipped === 0 || Date.now() > deadline) return;
      }
    } catch (error) {
      console.error(`[outbox] delivering queued mail failed: ${messageOf(error)}`);
    }
  }

  async clear(): Promise<void> {
    await this.deliverBeforeReading();
    await this.pool.query('delete from auth.mail_outbox');
  }
}

/** One line per failure: the message, never the stack. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function renderPage(messages: LocalMail[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <header><strong>${escapeHtml(message.subject)}</strong> → ${escapeHtml(message.to)}${
    message.from ? ` <span>from ${escapeHtml(message.from)}</span>` : ''
  }${message.smtpUser ? ` <span>(SMTP user ${escapeHtml(message.smtpUser)})</span>` : ''}
  <time>${escapeHtml(message.createdAt)}</time></header>
  <div class="mail">${message.html}</div>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mail outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem; max-width: 60rem; }
  article { border: 1px solid #ccc; border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 1rem; }
  header { display: flex; gap: 1rem; flex-wrap: wrap; } time { color: #666; margin-left: auto; }
</style></head>
<body><h1>Local mail outbox</h1>
<p>${messages.length} message(s), newest first. JSON: <code>GET /api/messages?to=email</code>; empty with <code>DELETE /api/messages</code>.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`;
}

/** How long a read of the outbox may spend delivering what is queued before it answers. */
const READ_DELIVERY_MS = 20_000;

/** How often queued mail is delivered when nobody reads the outbox. */
const DELIVERY_INTERVAL_MS = 1000;

export async function startOutboxServer(outbox: Outbox): Promise<{ close(): Promise<void> }> {
  let deliveryFailed = false;
  const delivery = setInterval(() => {
    outbox.deliverQueued().then(
      () => {
        deliveryFailed = false;
      },
      (error: unknown) => {
        // Said once per outage (the database restarting), not every second.
        if (!deliveryFailed) console.error(`[outbox] delivering queued mail failed: ${messageOf(error)}`);
        deliveryFailed = true;
      },
    );
  }, DELIVERY_INTERVAL_MS);
  delivery.unref();
  // Only these Host names: a page on another site that rebinds its DNS name to 127.0.0.1 gets 421.
  const ownHosts = new Set([`${HOST}:${OUTBOX_PORT}`, `localhost:${OUTBOX_PORT}`]);
  const server = http.createServer((req, res) => {
    if (!ownHosts.has((req.headers.host ?? '').toLowerCase())) {
      return sendJson(res, 421, { message: `Misdirected request: use http://${HOST}:${OUTBOX_PORT}` });
    }
    const url = new URL(req.url ?? '/', `http://${HOST}:${OUTBOX_PORT}`);
    const respond = async () => {
      if (url.pathname === '/api/messages' && req.method === 'GET') {
        return sendJson(res, 200, await outbox.list(url.searchParams.get('to') ?? undefined));
      }
      if (url.pathname === '/api/messages' && req.method === 'DELETE') {
        await outbox.clear();
        return sendEmpty(res, 204);
      }
      if (url.pathname === '/' && req.method === 'GET') {
        const page = renderPage(await outbox.list());
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page);
      }
      sendJson(res, 404, { message: 'Not found' });
    };
    respond().catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(OUTBOX_PORT, HOST, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(delivery);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
