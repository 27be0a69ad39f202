import http from 'node:http';
import type pg from 'pg';
import { HOST, OUTBOX_PORT } from './config';
import { sendEmpty, sendJson } from './http-utils';
import type { OutboxMessage } from './outbox-client';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface OutboxRow {
  id: string;
  to_email: string;
  from_address: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Date;
}

// Postgres: relation does not exist (a database whose migrations predate the mail queue).
const UNDEFINED_TABLE = '42P01';

/**
 * Local mail delivery: mails are kept in auth.mail_outbox and survive restarts until a reset. Mail the
 * database queues (private.mail_queue: enrolment alerts) is delivered here too, in the place of the
 * hosted project's sending function.
 */
export class Outbox {
  constructor(private readonly pool: pg.Pool) {}

  /** Moves queued mail into the outbox, oldest first, in one statement; answers how many moved. */
  async deliverQueued(limit = 500): Promise<number> {
    try {
      const { rowCount } = await this.pool.query(
        `with picked as (
           select id from private.mail_queue order by created_at limit $1 for update skip locked
         ), moved as (
           delete from private.mail_queue q using picked where q.id = picked.id
           returning q.to_email, q.from_email, q.from_name, q.subject, q.text_body, q.html_body, q.created_at
         )
         insert into auth.mail_outbox (to_email, from_address, subject, text_body, html_body, created_at)
         select to_email,
                case when from_email = '' then null
                     when from_name = '' then from_email
                     else from_name || ' <' || from_email || '>' end,
                subject, text_body, html_body, created_at
           from moved`,
        [limit],
      );
      return rowCount ?? 0;
    } catch (error) {
      if ((error as { code?: string }).code === UNDEFINED_TABLE) return 0;
      throw error;
    }
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
  async list(to?: string, limit = 200): Promise<OutboxMessage[]> {
    await this.deliverQueued();
    const { rows } = await this.pool.query<OutboxRow>(
      `select id, to_email, from_address, subject, text_body, html_body, created_at from auth.mail_outbox
        where $1::text is null or lower(to_email) = lower($1)
        order by created_at desc
        limit $2`,
      [to ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      to: row.to_email,
      from: row.from_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      createdAt: row.created_at.toISOString(),
    }));
  }

  async clear(): Promise<void> {
    await this.deliverQueued();
    await this.pool.query('delete from auth.mail_outbox');
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function renderPage(messages: OutboxMessage[]): string {
  const items = messages
    .map(
      (message) => `<article>
  <header><strong>${escapeHtml(message.subject)}</strong> → ${escapeHtml(message.to)}${
    message.from ? ` <span>from ${escapeHtml(message.from)}</span>` : ''
  }
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
        if (!deliveryFailed) console.error('[outbox] delivering queued mail failed:', error);
        deliveryFailed = true;
      },
    );
  }, DELIVERY_INTERVAL_MS);
  delivery.unref();
  const server = http.createServer((req, res) => {
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
