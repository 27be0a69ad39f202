import { simpleParser, type AddressObject } from 'mailparser';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { HOST } from './config';

/** One mail an SMTP client handed over, parsed. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), Bcc included. */
  recipients: string[];
  /** The From header as 'Name <address>' (or the bare address), null without one. */
  from: string | null;
  subject: string;
  text: string;
  html: string;
  /** The username the client authenticated with (AUTH), null when it sent no AUTH. */
  authUser: string | null;
}

export interface SmtpListenerOptions {
  port: number;
  host?: string;
  /** Stores one received mail; the client hears "250 OK" only after it resolves. */
  onMail(mail: ReceivedMail): Promise<void>;
  /**
   * Sees the credentials of each AUTH (every username and password is accepted). The stack's own
   * listener passes none, so passwords are never kept; a test's capturing server may.
   */
  onAuth?(username: string, password: string): void;
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Largest mail accepted (the app's mail is a few kilobytes). */
const MAX_MAIL_BYTES = 10 * 1024 * 1024;

function firstAddress(header: AddressObject | AddressObject[] | undefined): string | null {
  const address = (Array.isArray(header) ? header[0] : header)?.value[0];
  if (!address?.address) return null;
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

/**
 * A plain SMTP server for the local stack, bound to the loopback address only: it takes every mail it
 * is given (no TLS; AUTH optional, any credentials accepted) and hands it, parsed, to `onMail`.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const server = new SMTPServer({
    logger: false,
    banner: 'local-supabase mail listener',
    size: MAX_MAIL_BYTES,
    authOptional: true,
    // Plain text on the loopback interface: no STARTTLS, so AUTH has to be allowed without it.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      const username = auth.username ?? '';
      options.onAuth?.(username, auth.password ?? '');
      callback(null, { user: username });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (stream.sizeExceeded) throw Object.assign(new Error('Message too large'), { responseCode: 552 });
          await options.onMail({
            recipients: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: firstAddress(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            authUser: typeof session.user === 'string' ? session.user : null,
          });
        })
        .then(
          () => callback(),
          (error: unknown) => {
            console.error('[smtp] storing a received mail failed:', error);
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? HOST, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error: unknown) => console.error('[smtp]', error));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Local only: points System Settings → Email at this stack's listener (host 127.0.0.1, its port) when
 * no SMTP host is set (a new or reset database), so the school's mail reaches the local outbox. A host
 * an admin has entered is left alone. Answers whether it changed anything.
 */
export async function pointSchoolMailAtListener(pool: pg.Pool, port: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update public.app_settings
        set email = email || jsonb_build_object('smtpHost', $1::text, 'smtpPort', $2::integer)
      where id = 1 and btrim(coalesce(email ->> 'smtpHost', '')) = ''`,
    [HOST, port],
  );
  return (rowCount ?? 0) > 0;
}
