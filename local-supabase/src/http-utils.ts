import type { IncomingMessage, ServerResponse } from 'node:http';

export type JsonObject = Record<string, unknown>;

/** An error that becomes an HTTP response with the given JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

/**
 * Reads a request body of at most `limitBytes`. Over the limit it stops reading at once (nothing more is
 * buffered) and rejects with `tooLarge()`; the gateway then answers and closes the connection.
 */
export function readBody(
  req: IncomingMessage,
  limitBytes: number,
  tooLarge: () => Error = () =>
    new HttpError(413, { code: 413, error_code: 'request_too_large', msg: 'Request body too large' }),
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        cleanUp();
        req.pause();
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const onClose = () => {
      cleanUp();
      if (!req.complete) reject(new Error('The client closed the request before sending its whole body'));
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limitBytes) {
      reject(tooLarge());
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The path of the first string (value or key) in `value` that holds a NUL character, or undefined. */
function nulCharacterAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulCharacterAt(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    // The path names such a key with \u0000, so the answer carries no NUL itself.
    if (key.includes('\0')) return at.replaceAll('\0', '\\u0000');
    const found = nulCharacterAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Parses a JSON object body; an empty body is an empty object. Every JSON body of the gateway (auth,
 * storage) is read here, so this is where malformed input stops: a NUL character, which Postgres
 * cannot store in text, is a 400 validation_failed naming where it was instead of a database error.
 */
export async function readJsonObject(req: IncomingMessage, limitBytes = 1024 * 1024): Promise<JsonObject> {
  const raw = (await readBody(req, limitBytes)).toString('utf8').trim();
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(400, { code: 400, error_code: 'bad_json', msg: 'Could not parse request body as JSON' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, { code: 400, error_code: 'bad_json', msg: 'Request body must be a JSON object' });
  }
  const nulAt = nulCharacterAt(parsed, '');
  if (nulAt !== undefined) {
    throw new HttpError(400, { code: 400, error_code: 'validation_failed', msg: `${nulAt} contains a NUL character` });
  }
  return parsed as JsonObject;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}) {
  res.writeHead(status, headers);
  res.end();
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

export function stringField(body: JsonObject, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

export function objectField(body: JsonObject, name: string): JsonObject | undefined {
  const value = body[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}
