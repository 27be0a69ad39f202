import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { JsonObject } from './http-utils';
import { headerValue, readBody } from './http-utils';
import { invalidRequest, storageError, tooLarge } from './storage-errors';

/** supabase/config.toml `[storage] file_size_limit`; a bucket may only lower it. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
// Room for the multipart boundaries and form fields around the file itself.
const MULTIPART_OVERHEAD = 64 * 1024;
/** The largest body an upload route reads: the global file limit plus the multipart form around it. */
export const MAX_UPLOAD_BODY_BYTES = GLOBAL_FILE_SIZE_LIMIT + MULTIPART_OVERHEAD;
export const DEFAULT_CACHE_CONTROL = 'max-age=3600';

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: JsonObject | null;
}

/** Stops reading as soon as the body passes the limit; the gateway answers 413 and closes the connection. */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  return readBody(req, limit, tooLarge);
}

/** storage-js sends `cacheControl` as seconds ('3600') in forms and as `max-age=3600` in headers. */
function normalizeCacheControl(value: string | null | undefined): string {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_CACHE_CONTROL;
  return /^\d+$/.test(trimmed) ? `max-age=${trimmed}` : trimmed;
}

function parseUserMetadata(raw: string | null | undefined): JsonObject | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as JsonObject;
  } catch {
    // Reported below.
  }
  throw invalidRequest('metadata must be a JSON object');
}

/**
 * Reads an upload the two ways storage-js sends one: a multipart form (a Blob or File: the file part plus
 * `cacheControl` and `metadata` fields) or the raw bytes (Content-Type, Cache-Control, base64 x-metadata).
 */
export async function readUpload(req: IncomingMessage, sizeLimit: number): Promise<Upload> {
  const contentType = headerValue(req, 'content-type') ?? 'application/octet-stream';
  if (!/^multipart\/form-data/i.test(contentType)) {
    const bytes = await readLimited(req, sizeLimit);
    const encodedMetadata = headerValue(req, 'x-metadata');
    return {
      bytes,
      contentType,
      cacheControl: normalizeCacheControl(headerValue(req, 'cache-control')),
      userMetadata: parseUserMetadata(
        encodedMetadata && Buffer.from(encodedMetadata, 'base64').toString('utf8'),
      ),
    };
  }

  const body = await readLimited(req, sizeLimit + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(
      new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength),
      { headers: { 'content-type': contentType } },
    ).formData();
  } catch {
    throw invalidRequest('The multipart form could not be read');
  }
  const files: Blob[] = [];
  form.forEach((value) => {
    if (typeof value !== 'string') files.push(value);
  });
  const file = files[0];
  if (!file) throw invalidRequest('The form has no file');
  if (file.size > sizeLimit) throw tooLarge();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    cacheControl: normalizeCacheControl(field('cacheControl')),
    userMetadata: parseUserMetadata(field('metadata')),
  };
}

/** `image/*` style wildcards as Storage allows them; parameters (`;charset=…`) are ignored. */
export function assertMimeTypeAllowed(contentType: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const mimeType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const ok = allowed.some((entry) => {
    const pattern = entry.trim().toLowerCase();
    if (pattern === '*' || pattern === '*/*') return true;
    return pattern.endsWith('/*')
      ? mimeType.startsWith(pattern.slice(0, -1))
      : pattern === mimeType;
  });
  if (!ok)
    throw storageError(
      415,
      'invalid_mime_type',
      `mime type ${mimeType || contentType} is not supported`,
    );
}

export function assertSizeAllowed(size: number, bucketLimit: number | null): void {
  if (size > effectiveSizeLimit(bucketLimit)) throw tooLarge();
}

export function effectiveSizeLimit(bucketLimit: number | null): number {
  return bucketLimit === null
    ? GLOBAL_FILE_SIZE_LIMIT
    : Math.min(bucketLimit, GLOBAL_FILE_SIZE_LIMIT);
}

export function metadataFor(upload: Upload): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(upload.bytes).digest('hex')}"`,
    size: upload.bytes.byteLength,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.bytes.byteLength,
    httpStatusCode: 200,
  };
}

const SIZE_UNITS: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/** A bucket's file_size_limit as storage-js sends it: bytes, or a string such as '5MB' or '1 MiB'. */
export function parseFileSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  const match =
    typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value) : null;
  const unit = SIZE_UNITS[(match?.[2] || 'b').toLowerCase()];
  if (!match || unit === undefined || Number(match[1]) <= 0) {
    throw invalidRequest(
      'file_size_limit must be a positive number of bytes or a size such as "5MB"',
    );
  }
  return Math.floor(Number(match[1]) * unit);
}
