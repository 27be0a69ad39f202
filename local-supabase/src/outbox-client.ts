import { OUTBOX_URL } from './config';

/** A mail the local auth server "sent", as the outbox API returns it. */
export interface OutboxMessage {
  id: string;
  to: string;
  /** 'Name <address>' of the app's own mail (enrolment alerts); null for auth mail. */
  from: string | null;
  /** The SMTP username the local listener saw for the school's mail; null for auth mail. */
  smtpUser: string | null;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Mails in the local outbox, newest first, optionally only those sent to one address. */
export async function readOutbox(to?: string): Promise<OutboxMessage[]> {
  const url = new URL('/api/messages', OUTBOX_URL);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

export async function clearOutbox(): Promise<void> {
  const response = await fetch(new URL('/api/messages', OUTBOX_URL), { method: 'DELETE' });
  if (!response.ok) throw new Error(`Outbox answered ${response.status}`);
}
