import { type JwtClaims, signJwt, verifyJwt } from './jwt';
import { invalidKey, invalidRequest, storageError } from './storage-errors';

// Route words of /object/…; a bucket with one of these names would be unreachable.
const RESERVED_BUCKET_NAMES = new Set([
  'list',
  'list-v2',
  'sign',
  'upload',
  'public',
  'authenticated',
  'info',
  'move',
  'copy',
]);
const BUCKET_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export function assertValidBucketId(id: string): void {
  if (!BUCKET_ID.test(id) || RESERVED_BUCKET_NAMES.has(id.toLowerCase())) {
    throw invalidRequest(
      `Bucket name invalid: use letters, digits, '.', '_' or '-' (at most 100), and none of ${[...RESERVED_BUCKET_NAMES].join(', ')}`,
    );
  }
}

/** Object names become file paths: no empty, '.' or '..' segments, no absolute paths, no control characters. */
export function assertValidKey(name: string): void {
  if (
    !name ||
    name.length > 1024 ||
    name.startsWith('/') ||
    name.includes('\\') ||
    hasControlCharacter(name) ||
    name
      .split('/')
      .some(
        (segment) =>
          !segment || segment === '.' || segment === '..' || Buffer.byteLength(segment) > 255,
      )
  ) {
    throw invalidKey(name);
  }
}

/** Splits `/bucket/a/b.txt` (still URL-encoded) into the bucket id and the decoded object name. */
export function decodeObjectPath(segments: string[]): { bucketId: string; name: string } {
  try {
    const [bucket = '', ...rest] = segments.map((segment) => decodeURIComponent(segment));
    return { bucketId: bucket, name: rest.join('/') };
  } catch {
    throw invalidKey(segments.join('/'));
  }
}

type TokenPurpose = 'download' | 'upload';

interface ObjectTokenClaims extends JwtClaims {
  url: string;
  purpose: TokenPurpose;
  owner?: string;
  upsert?: boolean;
  /** Upload tokens: the id that makes them single-use (see ObjectFiles.claimUploadToken). */
  jti?: string;
}

/** A signed-URL token: a JWT (the project's secret) naming `bucket/name`; it carries no API role. */
export async function signObjectToken(
  purpose: TokenPurpose,
  bucketId: string,
  name: string,
  expiresInSeconds: number,
  extra: { owner?: string; upsert?: boolean; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({
    url: `${bucketId}/${name}`,
    purpose,
    ...extra,
    iat: now,
    exp: now + expiresInSeconds,
  });
}

export async function verifyObjectToken(
  token: string | null,
  purpose: TokenPurpose,
  bucketId: string,
  name: string,
): Promise<ObjectTokenClaims> {
  if (!token) throw storageError(400, 'InvalidRequest', 'Missing token query parameter');
  const verified = await verifyJwt(token);
  if (!verified.ok) {
    if (verified.reason === 'expired')
      throw storageError(400, 'InvalidJWT', 'The signed URL has expired');
    throw storageError(
      403,
      'InvalidSignature',
      'The signed URL is invalid: its signature does not match',
    );
  }
  const claims = verified.claims as Partial<ObjectTokenClaims>;
  if (claims.purpose !== purpose || claims.url !== `${bucketId}/${name}`) {
    throw storageError(
      403,
      'InvalidSignature',
      'The signed URL is invalid: it was not issued for this object',
    );
  }
  return claims as ObjectTokenClaims;
}

/**
 * The longest a signed download URL may live: 7 days. Supabase Storage takes any positive lifetime;
 * this stack is stricter, so a leaked link stops working within a week.
 */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

/** `expiresIn` of a signing request: whole seconds, from 1 to MAX_SIGNED_URL_SECONDS. */
export function expiresInOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  }
  if (value > MAX_SIGNED_URL_SECONDS) {
    throw invalidRequest(
      `expiresIn must be at most ${MAX_SIGNED_URL_SECONDS} seconds (7 days)`,
    );
  }
  return value;
}
