import { request } from 'node:http';

/** Direct calls to the local stack for test set-up (the UI is what the tests exercise). */
export const API_URL = 'http://127.0.0.1:54321';
export const OUTBOX_URL = 'http://127.0.0.1:54324';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const DEMO_PASSWORD = 'password123';
export const DEMO = {
  admin: 'admin@school.test',
  teacher: 'teacher@school.test',
  student: 'student@school.test',
} as const;

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.test`;
}

let nextHost = Math.floor(Math.random() * 50_000);

/**
 * Sign-ups are limited per IP (30 in 5 minutes), so each set-up sign-up comes from its own loopback
 * address (all of 127.0.0.0/8 is local), as people signing up from their own machines do.
 */
function freshLoopbackAddress(): string {
  nextHost += 1;
  return `127.${100 + ((nextHost >> 16) % 50)}.${(nextHost >> 8) & 255}.${(nextHost & 255) || 1}`;
}

export async function signUpThroughApi(
  email: string,
  password: string,
  firstName: string,
  lastName: string,
) {
  const payload = JSON.stringify({
    email,
    password,
    data: { first_name: firstName, last_name: lastName, role: 'student' },
  });
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${API_URL}/auth/v1/signup`,
      {
        method: 'POST',
        localAddress: freshLoopbackAddress(),
        headers: {
          apikey: ANON_KEY,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  if (status !== 200) throw new Error(`sign-up failed: ${status} ${text}`);
}

type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

export async function waitForMail(to: string, timeoutMs = 10_000): Promise<OutboxMessage> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const response = await fetch(`${OUTBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as OutboxMessage[];
    const [latest] = messages;
    if (latest) return latest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail for ${to}`);
}

export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s"'<>]+/.exec(text);
  if (!match) throw new Error('mail has no link');
  return match[0].replace(/&amp;/g, '&');
}

/** A password sign-in through the API: the token and user id for set-up calls. */
export async function passwordGrant(
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

/** A PostgREST call as the token's user. */
export function rest(path: string, token: string, init: RequestInit = {}) {
  return fetch(`${API_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
}
