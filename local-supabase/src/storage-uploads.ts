import { createHash } from 'node:crypto';
import { type WriteStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { JsonObject } from './http-utils';
import { headerValue } from './http-utils';
import { acceptedMimeType } from './storage-content-types';
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

/** An upload whose bytes were streamed to a staging file (nothing of it is kept in memory). */
export interface StagedUpload {
  /** The staging file holding the bytes; the caller moves it into place or removes it. */
  file: string;
  size: number;
  /** MD5 of the bytes, hex (Storage's ETag). */
  md5: string;
  contentType: string;
  cacheControl: string;
  userMetadata: JsonObject | null;
}

/**
 * Feeds a request body to `sink` chunk by chunk, pausing the request while the sink is busy (so at most
 * one chunk per upload is held in memory). Past `limit` bytes it stops reading without draining and
 * rejects with `tooLarge()`, so the gateway can still answer 413 and close the connection; a client
 * that goes away rejects too.
 */
function pumpBody(
  req: IncomingMessage,
  limit: number,
  sink: (chunk: Buffer) => void | Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    let busy = false;
    let ended = false;
    const cleanUp = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      cleanUp();
      req.pause();
      reject(error);
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      cleanUp();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        fail(tooLarge());
        return;
      }
      let pending: void | Promise<void>;
      try {
        pending = sink(chunk);
      } catch (error) {
        fail(error);
        return;
      }
      if (pending) {
        busy = true;
        req.pause();
        pending.then(
          () => {
            busy = false;
            if (ended) finish();
            else if (!settled) req.resume();
          },
          (error: unknown) => fail(error),
        );
      }
    };
    const onEnd = () => {
      ended = true;
      if (!busy) finish();
    };
    const onError = (error: Error) => fail(error);
    const onClose = () => {
      if (!req.complete)
        fail(new Error('The client closed the request before sending its whole body'));
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      fail(tooLarge());
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** A staging file being written: bytes, size and MD5 as they arrive, with backpressure. */
class StagingWriter {
  private readonly out: WriteStream;
  private readonly hash = createHash('md5');
  size = 0;

  constructor(readonly file: string) {
    this.out = createWriteStream(file, { flags: 'wx' });
    // Errors surface through write() and close(); never as an unhandled 'error' event.
    this.out.on('error', () => undefined);
  }

  write(chunk: Buffer): void | Promise<void> {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.out.write(chunk)) return undefined;
    return new Promise((resolve, reject) => {
      const onDrain = () => {
        this.out.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        this.out.off('drain', onDrain);
        reject(error);
      };
      this.out.once('drain', onDrain);
      this.out.once('error', onError);
    });
  }

  /** Flushes and closes the file; answers the MD5. */
  async close(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
    return this.hash.digest('hex');
  }

  /**
   * Closes and removes the file (an aborted or refused upload). The file is removed once the stream
   * has closed: a stream destroyed while its file is still being opened creates the file after an
   * earlier removal would have run, and the partial file stayed behind.
   */
  async abort(): Promise<void> {
    if (!this.out.closed) {
      await new Promise<void>((resolve) => {
        this.out.once('close', () => resolve());
        this.out.destroy();
      });
    }
    await rm(this.file, { force: true });
  }
}

const MAX_PART_HEADER_BYTES = 16 * 1024;

interface PartHeaders {
  name: string;
  filename: string | undefined;
  contentType: string | undefined;
}

function parsePartHeaders(text: string): PartHeaders {
  let name = '';
  let filename: string | undefined;
  let contentType: string | undefined;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-disposition') {
      name = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1] ?? '';
      filename = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1];
    } else if (key === 'content-type') {
      contentType = value;
    }
  }
  return { name, filename, contentType };
}

/**
 * A streaming multipart/form-data reader: the first file part goes to `onFile` as it arrives, text
 * fields (at most MULTIPART_OVERHEAD bytes in all) are kept; further file parts are read and dropped.
 */
class MultipartReader {
  private buffer: Buffer;
  private state: 'preamble' | 'delimiter' | 'headers' | 'body' | 'done' = 'preamble';
  private readonly delimiter: Buffer;
  private part: { kind: 'file' | 'extra' | 'field'; name: string; chunks: Buffer[] } | undefined;
  private fileSeen = false;
  private fieldBytes = 0;
  readonly fields = new Map<string, string>();
  fileContentType: string | undefined;

  constructor(
    boundary: string,
    private readonly onFile: (chunk: Buffer) => void | Promise<void>,
    private readonly fileLimit: number,
    private fileBytes = 0,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // The body starts with the delimiter without its CRLF; a leading CRLF makes every delimiter alike.
    this.buffer = Buffer.from('\r\n');
  }

  get complete(): boolean {
    return this.state === 'done';
  }

  get hasFile(): boolean {
    return this.fileSeen;
  }

  async push(chunk: Buffer): Promise<void> {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      if (this.state === 'done') {
        this.buffer = Buffer.alloc(0);
        return;
      }
      if (this.state === 'preamble') {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          this.buffer = this.buffer.subarray(
            Math.max(0, this.buffer.length - this.delimiter.length + 1),
          );
          return;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'delimiter';
      }
      if (this.state === 'delimiter') {
        if (this.buffer.length < 2) return;
        const next = this.buffer.subarray(0, 2).toString('latin1');
        if (next === '--') {
          this.state = 'done';
          continue;
        }
        if (next !== '\r\n') throw formError();
        this.buffer = this.buffer.subarray(2);
        this.state = 'headers';
      }
      if (this.state === 'headers') {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (this.buffer.length > MAX_PART_HEADER_BYTES) throw formError();
          return;
        }
        const headers = parsePartHeaders(this.buffer.subarray(0, end).toString('utf8'));
        this.buffer = this.buffer.subarray(end + 4);
        const isFile = headers.filename !== undefined;
        if (isFile && !this.fileSeen) {
          this.fileSeen = true;
          this.fileContentType = headers.contentType;
          this.part = { kind: 'file', name: headers.name, chunks: [] };
        } else {
          this.part = { kind: isFile ? 'extra' : 'field', name: headers.name, chunks: [] };
        }
        this.state = 'body';
      }
      if (this.state === 'body') {
        const at = this.buffer.indexOf(this.delimiter);
        const usable = at >= 0 ? at : Math.max(0, this.buffer.length - this.delimiter.length + 1);
        if (usable > 0) await this.take(this.buffer.subarray(0, usable));
        if (at < 0) {
          this.buffer = this.buffer.subarray(usable);
          return;
        }
        this.endPart();
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'delimiter';
      }
    }
  }

  private async take(bytes: Buffer): Promise<void> {
    const part = this.part;
    if (!part || part.kind === 'extra') return;
    if (part.kind === 'field') {
      this.fieldBytes += bytes.length;
      if (this.fieldBytes > MULTIPART_OVERHEAD)
        throw invalidRequest('The form fields are too large');
      // A copy: `bytes` is a view of a buffer that is dropped as the form goes on.
      part.chunks.push(Buffer.from(bytes));
      return;
    }
    this.fileBytes += bytes.length;
    if (this.fileBytes > this.fileLimit) throw tooLarge();
    await this.onFile(bytes);
  }

  private endPart(): void {
    const part = this.part;
    if (part?.kind === 'field')
      this.fields.set(part.name, Buffer.concat(part.chunks).toString('utf8'));
    this.part = undefined;
  }
}

function formError() {
  return invalidRequest('The multipart form could not be read');
}

/**
 * Receives an upload the two ways storage-js sends one, a multipart form (the file part plus
 * `cacheControl` and `metadata` fields) or the raw bytes (Content-Type, Cache-Control, base64
 * x-metadata), streaming the file's bytes into `stagingFile` as they arrive. Memory stays at a chunk
 * per upload however large the file; over `sizeLimit` (or on a broken form, or when the client goes
 * away) the staging file is removed and the upload refused.
 */
export async function receiveUpload(
  req: IncomingMessage,
  sizeLimit: number,
  stagingFile: string,
): Promise<StagedUpload> {
  const contentType = headerValue(req, 'content-type') ?? 'application/octet-stream';
  await mkdir(path.dirname(stagingFile), { recursive: true });
  const writer = new StagingWriter(stagingFile);
  try {
    if (!/^multipart\/form-data/i.test(contentType)) {
      await pumpBody(req, sizeLimit, (chunk) => writer.write(chunk));
      const md5 = await writer.close();
      const encodedMetadata = headerValue(req, 'x-metadata');
      return {
        file: stagingFile,
        size: writer.size,
        md5,
        contentType,
        cacheControl: normalizeCacheControl(headerValue(req, 'cache-control')),
        userMetadata: parseUserMetadata(
          encodedMetadata && Buffer.from(encodedMetadata, 'base64').toString('utf8'),
        ),
      };
    }
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const boundaryText = boundary?.[1] ?? boundary?.[2];
    if (!boundaryText) throw formError();
    const form = new MultipartReader(boundaryText, (chunk) => writer.write(chunk), sizeLimit);
    await pumpBody(req, sizeLimit + MULTIPART_OVERHEAD, (chunk) => form.push(chunk));
    if (!form.complete) throw formError();
    if (!form.hasFile) throw invalidRequest('The form has no file');
    const md5 = await writer.close();
    return {
      file: stagingFile,
      size: writer.size,
      md5,
      contentType: form.fileContentType || 'application/octet-stream',
      cacheControl: normalizeCacheControl(form.fields.get('cacheControl')),
      userMetadata: parseUserMetadata(form.fields.get('metadata')),
    };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * The type a bucket stores an upload of `contentType` as (see acceptedMimeType); 415
 * invalid_mime_type when it does not take it.
 */
export function assertMimeTypeAllowed(contentType: string, allowed: string[] | null): string {
  return acceptedMimeType(contentType, allowed);
}

/** How each raster picture type's bytes begin (its file signature). */
const PICTURE_SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'image/jpeg': (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (head) => head.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A bucket that takes pictures only: every type its allow-list names is an image type. */
function isPictureBucket(allowed: string[] | null): boolean {
  return allowed !== null && allowed.length > 0 && allowed.every((type) => /^image\//i.test(type));
}

/**
 * In a bucket that takes pictures only (the avatars), the bytes must be the picture their type
 * says: a PDF renamed `.png` and sent as image/png is refused (415 invalid_mime_type), whatever its
 * name and declared type (docs/security.md "Avatars"). Types without a known signature pass.
 */
export async function assertPictureBytes(
  file: string,
  mimetype: string,
  allowed: string[] | null,
): Promise<void> {
  const matches = PICTURE_SIGNATURES[mimetype];
  if (!matches || !isPictureBucket(allowed)) return;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (!matches(head.subarray(0, bytesRead))) {
      throw storageError(415, 'invalid_mime_type', `the file is not a ${mimetype} picture`);
    }
  } finally {
    await handle.close();
  }
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

/** The metadata Storage records for an upload streamed to disk (see receiveUpload). */
export function metadataOfStaged(upload: StagedUpload): ObjectMetadata {
  return {
    eTag: `"${upload.md5}"`,
    size: upload.size,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.size,
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
