// Standard Webhooks signatures (https://www.standardwebhooks.com), the scheme Supabase Auth signs its
// HTTP hooks with: `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`
// under the hook's secret (`v1,whsec_<base64 key>` in the dashboard). Written on Web Crypto, so it runs
// under Deno and Node alike without another package.

/** How far a signed timestamp may be from now (the scheme's default tolerance). */
const TOLERANCE_SECONDS = 5 * 60;

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const base64 = secret.replace(/^v1,/, '').replace(/^whsec_/, '');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function signatureOf(secret: string, content: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(content)),
  );
  return btoa(String.fromCharCode(...mac));
}

/** The three headers that sign `body` (the local auth server sends them as Supabase Auth does). */
export async function signWebhook(
  secret: string,
  id: string,
  body: string,
  now = Date.now(),
): Promise<Record<string, string>> {
  const timestamp = String(Math.floor(now / 1000));
  const signature = await signatureOf(secret, `${id}.${timestamp}.${body}`);
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}

/** Constant-time comparison of two signatures. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1)
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Whether `body` was signed with `secret` by the sender of `headers`, within the time tolerance (a
 * replayed old call is refused). Any of the space-separated `v1,` signatures may match.
 */
export async function verifyWebhook(
  secret: string,
  headers: Headers,
  body: string,
  now = Date.now(),
): Promise<boolean> {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  let expected: string;
  try {
    expected = await signatureOf(secret, `${id}.${timestamp}.${body}`);
  } catch {
    return false;
  }
  return signatures
    .split(' ')
    .some((entry) => entry.startsWith('v1,') && sameText(entry.slice(3), expected));
}
