import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { type CallerClaims, runAsCaller } from './caller-db';
import { API_URL } from './config';
import {
  HttpError,
  type JsonObject,
  bearerToken,
  headerValue,
  readJsonObject,
  sendJson,
} from './http-utils';
import { verifyJwt } from './jwt';
import { BucketRoutes } from './storage-buckets';
import {
  OPAQUE_TYPE,
  mediaTypeOf,
  servedContentType,
  servingHeaders,
} from './storage-content-types';
import {
  bucketNotFound,
  duplicateObject,
  fromDatabaseError,
  invalidRequest,
  objectNotFound,
  storageError,
} from './storage-errors';
import { type DiskChanges, ObjectFiles } from './storage-files';
import {
  assertValidKey,
  decodeObjectPath,
  expiresInOf,
  signObjectToken,
  verifyObjectToken,
} from './storage-keys';
import {
  DEFAULT_CACHE_CONTROL,
  type ObjectMetadata,
  assertMimeTypeAllowed,
  assertPictureBytes,
  assertSizeAllowed,
  effectiveSizeLimit,
  metadataFor,
  metadataOfStaged,
  receiveUpload,
} from './storage-uploads';

interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: JsonObject | null;
  version: string | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

interface BucketLimits {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, metadata, user_metadata, version, created_at, updated_at, last_accessed_at';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const LIST_SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at', 'last_accessed_at']);
const MAX_LIST_LIMIT = 1000;
const MAX_KEYS_PER_REQUEST = 1000;
// Storage's lifetime for signed upload URLs.
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fileObjectJson(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? '',
    version: row.version,
    id: row.id,
    updated_at: row.updated_at.toISOString(),
    created_at: row.created_at.toISOString(),
    last_accessed_at: row.last_accessed_at.toISOString(),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function stringList(body: JsonObject, field: string): string[] {
  const value = body[field];
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((entry) => typeof entry !== 'string')
  ) {
    throw invalidRequest(`${field} must be a non-empty list of object paths`);
  }
  if (value.length > MAX_KEYS_PER_REQUEST)
    throw invalidRequest(`${field} may name at most ${MAX_KEYS_PER_REQUEST} objects`);
  return value as string[];
}

function stringField(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || !value) throw invalidRequest(`${field} is required`);
  return value;
}

interface ListV2Row {
  sort_key: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: unknown;
}

type ListV2Column = 'name' | 'created_at' | 'updated_at';
const LIST_V2_COLUMNS = new Set<string>(['name', 'created_at', 'updated_at']);

interface ListCursor {
  key: string;
  order: 'asc' | 'desc';
  column: ListV2Column;
  date: string | null;
}

// Storage's continuation token: base64 of `l:<last key>`, `o:<order>`, `c:<column>`, `a:<date>` lines.
function encodeListCursor(cursor: ListCursor): string {
  const lines = [`l:${cursor.key}`, `o:${cursor.order}`, `c:${cursor.column}`];
  if (cursor.date) lines.push(`a:${cursor.date}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeListCursor(token: string): ListCursor {
  const parts = new Map<string, string>();
  for (const line of Buffer.from(token, 'base64').toString('utf8').split('\n')) {
    const match = /^([loca]):(.*)$/.exec(line);
    if (!match) throw invalidRequest('Invalid continuation token');
    parts.set(match[1] as string, match[2] as string);
  }
  const key = parts.get('l');
  const order = parts.get('o') ?? 'asc';
  const column = parts.get('c') ?? 'name';
  const date = parts.get('a') ?? null;
  if (
    !key ||
    (order !== 'asc' && order !== 'desc') ||
    !LIST_V2_COLUMNS.has(column) ||
    (date !== null && Number.isNaN(Date.parse(date)))
  ) {
    throw invalidRequest('Invalid continuation token');
  }
  return { key, order, column: column as ListV2Column, date };
}

/** The body of a list-v2 request, checked as Storage's schema does; a cursor's sort wins over sortBy. */
function listV2Request(body: JsonObject) {
  const { prefix = '', limit = MAX_LIST_LIMIT, with_delimiter = false, cursor, sortBy } = body;
  if (typeof prefix !== 'string') throw invalidRequest('prefix must be a string');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
    throw invalidRequest('limit must be a whole number, 1 or more');
  if (typeof with_delimiter !== 'boolean')
    throw invalidRequest('with_delimiter must be true or false');
  if (cursor !== undefined && typeof cursor !== 'string')
    throw invalidRequest('cursor must be a string');
  let column: ListV2Column = 'name';
  let order: 'asc' | 'desc' = 'asc';
  if (sortBy !== undefined) {
    const sort = (typeof sortBy === 'object' && sortBy !== null ? sortBy : {}) as JsonObject;
    if (typeof sort.column !== 'string' || !LIST_V2_COLUMNS.has(sort.column))
      throw invalidRequest('sortBy.column must be one of name, created_at, updated_at');
    if (sort.order !== undefined && sort.order !== 'asc' && sort.order !== 'desc')
      throw invalidRequest('sortBy.order must be asc or desc');
    column = sort.column as ListV2Column;
    order = sort.order === 'desc' ? 'desc' : 'asc';
  }
  const after = cursor ? decodeListCursor(cursor) : undefined;
  return {
    prefix,
    // Storage returns at most 1000 entries a page.
    limit: Math.min(limit, MAX_LIST_LIMIT),
    withDelimiter: with_delimiter,
    column: after?.column ?? column,
    order: after?.order ?? order,
    after,
  };
}

/** A single `bytes=start-end` range of a file of `size` bytes; undefined for none or several ranges. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * The Storage (`/storage/v1`) API that storage-js 2.x calls. Every read and write of storage.objects
 * for a caller runs as that caller (role + JWT claims, see caller-db.ts), so the storage policies of
 * the migrations decide; bucket limits are read as the server, as Storage does. Bytes live on disk
 * (storage-files.ts) and change together with their row.
 */
export class StorageApi {
  private readonly files: ObjectFiles;
  private readonly buckets: BucketRoutes;

  constructor(
    private readonly pool: pg.Pool,
    files?: ObjectFiles,
  ) {
    this.files = files ?? new ObjectFiles();
    this.buckets = new BucketRoutes(pool, this.files);
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(req.url ?? '/', API_URL);
    const method = req.method ?? 'GET';
    const [area, ...segments] = path.split('/').slice(1);
    const body = () => this.readJson(req);
    if (area === 'bucket')
      return this.buckets.handle(req, res, segments, await this.caller(req), url, body);
    if (area === 'object') return this.routeObject(req, res, method, segments, url);
    throw storageError(404, 'not_found', `Route ${method}:/storage/v1${path} not found`);
  }

  private async routeObject(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    segments: string[],
    url: URL,
  ) {
    const [kind = '', ...rest] = segments;
    const read = method === 'GET' || method === 'HEAD';
    switch (kind) {
      case 'list':
        if (method === 'POST' && rest.length === 1)
          return this.list(req, res, decodeObjectPath(rest).bucketId);
        break;
      case 'list-v2':
        if (method === 'POST' && rest.length === 1)
          return this.listV2(req, res, decodeObjectPath(rest).bucketId);
        break;
      case 'move':
      case 'copy':
        if (method === 'POST' && rest.length === 0)
          return kind === 'move' ? this.move(req, res) : this.copy(req, res);
        break;
      case 'sign': {
        const { bucketId, name } = decodeObjectPath(rest);
        if (method === 'POST' && rest.length === 1) return this.signMany(req, res, bucketId);
        if (method === 'POST' && name) return this.signOne(req, res, bucketId, name);
        if (read && name) return this.serveSigned(req, res, bucketId, name, url);
        break;
      }
      case 'upload':
        if (rest[0] === 'sign' && rest.length > 2) {
          const { bucketId, name } = decodeObjectPath(rest.slice(1));
          if (method === 'POST') return this.createSignedUpload(req, res, bucketId, name);
          if (method === 'PUT') return this.uploadWithToken(req, res, bucketId, name, url);
        }
        break;
      case 'public':
        if (read && rest.length > 1) return this.servePublic(req, res, decodeObjectPath(rest), url);
        break;
      case 'authenticated':
        if (read && rest.length > 1)
          return this.serveAsCaller(req, res, decodeObjectPath(rest), url);
        break;
      case 'info': {
        const visibility =
          rest[0] === 'public' || rest[0] === 'authenticated' ? rest.shift() : 'authenticated';
        if (method === 'GET' && rest.length > 1)
          return this.info(req, res, decodeObjectPath(rest), visibility === 'public');
        break;
      }
      default: {
        const { bucketId, name } = decodeObjectPath(segments);
        if (!name) {
          if (method === 'DELETE') return this.removeMany(req, res, bucketId);
          break;
        }
        if (read) return this.serveAsCaller(req, res, { bucketId, name }, url);
        if (method === 'POST')
          return this.upload(req, res, bucketId, name, headerValue(req, 'x-upsert') === 'true');
        // storage-js `update`: replaces the object, creating it if missing (as Storage does).
        if (method === 'PUT') return this.upload(req, res, bucketId, name, true);
        if (method === 'DELETE') return this.removeOne(res, await this.caller(req), bucketId, name);
      }
    }
    throw storageError(
      404,
      'not_found',
      `Route ${method}:/storage/v1/object/${segments.join('/')} not found`,
    );
  }

  // --- callers, buckets, rows -----------------------------------------------------------------

  /** The caller's verified JWT (Authorization Bearer, else the apikey, as Kong passes it on). */
  private async caller(req: IncomingMessage): Promise<CallerClaims> {
    const token = bearerToken(req) ?? headerValue(req, 'apikey');
    if (!token) throw storageError(401, 'Unauthorized', 'Missing authorization header');
    const verified = await verifyJwt(token);
    if (!verified.ok) {
      throw storageError(
        403,
        'Unauthorized',
        verified.reason === 'expired' ? 'jwt expired' : 'Invalid JWT',
      );
    }
    if (!API_ROLES.has(String(verified.claims.role)))
      throw storageError(403, 'Unauthorized', 'Invalid JWT');
    return verified.claims as CallerClaims;
  }

  private async readJson(req: IncomingMessage): Promise<JsonObject> {
    try {
      return await readJsonObject(req);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) throw invalidRequest(error.message);
      throw error;
    }
  }

  private async bucketLimits(bucketId: string, onlyPublic = false): Promise<BucketLimits> {
    const { rows } = await this.pool.query<BucketLimits & { file_size_limit: string | null }>(
      'select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1',
      [bucketId],
    );
    const bucket = rows[0];
    if (!bucket || (onlyPublic && !bucket.public)) throw bucketNotFound();
    return {
      ...bucket,
      file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
    };
  }

  private async findObject(
    db: pg.Pool | pg.PoolClient,
    bucketId: string,
    name: string,
  ): Promise<ObjectRow | undefined> {
    const { rows } = await db.query<ObjectRow>(
      `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    return rows[0];
  }

  private findObjectAsCaller(claims: CallerClaims, bucketId: string, name: string) {
    return runAsCaller(this.pool, claims, (db) => this.findObject(db, bucketId, name));
  }

  /** Runs row changes as the caller and applies the file changes with them (see DiskChanges). */
  private async writeAsCaller<T>(
    claims: CallerClaims,
    work: (db: pg.PoolClient, disk: DiskChanges) => Promise<T>,
  ) {
    const disk = this.files.changes();
    try {
      const result = await runAsCaller(this.pool, claims, (db) => work(db, disk));
      await disk.commit();
      return result;
    } catch (error) {
      await disk.rollback();
      throw fromDatabaseError(error);
    }
  }

  /** Inserts (or with upsert, replaces) the row of `bucket/name`; returns its id. */
  private async putRow(
    db: pg.PoolClient,
    owner: string | null,
    bucketId: string,
    name: string,
    metadata: ObjectMetadata,
    userMetadata: JsonObject | null,
    upsert: boolean,
  ): Promise<string> {
    const id = randomUUID();
    const values = [
      id,
      bucketId,
      name,
      owner && UUID.test(owner) ? owner : null,
      owner,
      metadata,
      userMetadata,
      randomUUID(),
    ];
    const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
      values ($1, $2, $3, $4, $5, $6, $7, $8)`;
    if (!upsert) {
      // No RETURNING: it would also demand a SELECT policy, which a plain upload does not need.
      await db.query(insert, values);
      return id;
    }
    const { rows } = await db.query<{ id: string }>(
      `${insert}
       on conflict (bucket_id, name) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, version = excluded.version,
         updated_at = now(), last_accessed_at = now()
       returning id`,
      values,
    );
    return (rows[0] as { id: string }).id;
  }

  // --- uploads ----------------------------------------------------------------------------------

  private async upload(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
    upsert: boolean,
  ) {
    const claims = await this.caller(req);
    const id = await this.store(req, claims, claims.sub ?? null, bucketId, name, upsert);
    sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
  }

  /** Validates, stages the bytes, then writes row and file together as `claims`. */
  private async store(
    req: IncomingMessage,
    claims: CallerClaims,
    owner: string | null,
    bucketId: string,
    name: string,
    upsert: boolean,
  ): Promise<string> {
    assertValidKey(name);
    const bucket = await this.bucketLimits(bucketId);
    // A raw upload declares its type up front: refuse it before reading a byte.
    const declaredType = headerValue(req, 'content-type') ?? 'application/octet-stream';
    if (!/^multipart\/form-data/i.test(declaredType))
      assertMimeTypeAllowed(declaredType, bucket.allowed_mime_types);
    // The bytes stream to a staging file as they arrive, never whole into memory.
    const staged = this.files.stagingFile();
    const upload = await receiveUpload(req, effectiveSizeLimit(bucket.file_size_limit), staged);
    try {
      // Stored as the bare type/subtype the bucket took, never the header as sent.
      const mimetype = assertMimeTypeAllowed(upload.contentType, bucket.allowed_mime_types);
      // A picture bucket checks the bytes too, not the name or the declared type alone.
      await assertPictureBytes(staged, mimetype, bucket.allowed_mime_types);
      return await this.writeAsCaller(claims, async (db, disk) => {
        const id = await this.putRow(
          db,
          owner,
          bucketId,
          name,
          metadataOfStaged({ ...upload, contentType: mimetype }),
          // Storage records an upload without metadata as {}.
          upload.userMetadata ?? {},
          upsert,
        );
        await disk.place(staged, this.files.filePath(bucketId, name));
        return id;
      });
    } finally {
      await this.files.discard(staged);
    }
  }

  private async createSignedUpload(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
  ) {
    const claims = await this.caller(req);
    assertValidKey(name);
    await this.bucketLimits(bucketId);
    const upsert = headerValue(req, 'x-upsert') === 'true';
    // Ask the policies now, in a transaction that is rolled back: the later upload carries only the token.
    const probe: ObjectMetadata = metadataFor({
      bytes: new Uint8Array(),
      contentType: 'application/octet-stream',
      cacheControl: DEFAULT_CACHE_CONTROL,
      userMetadata: null,
    });
    await runAsCaller(this.pool, claims, async (db) => {
      await db.query('savepoint probe');
      await this.putRow(db, claims.sub ?? null, bucketId, name, probe, null, upsert);
      await db.query('rollback to savepoint probe');
    }).catch((error: unknown) => {
      throw fromDatabaseError(error);
    });
    const token = await signObjectToken('upload', bucketId, name, SIGNED_UPLOAD_SECONDS, {
      ...(claims.sub ? { owner: claims.sub } : {}),
      upsert,
      // Single use: the upload claims this id (ObjectFiles.claimUploadToken).
      jti: randomUUID(),
    });
    sendJson(res, 200, { url: `/object/upload/sign/${bucketId}/${name}?token=${token}`, token });
  }

  private async uploadWithToken(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
    url: URL,
  ) {
    const token = await verifyObjectToken(url.searchParams.get('token'), 'upload', bucketId, name);
    // A signed upload URL stores one object: a second upload with the same token is refused.
    const jti = typeof token.jti === 'string' ? token.jti : '';
    // Storage answers a second upload to the path as it answers any duplicate object.
    if (!(await this.files.claimUploadToken(jti, token.exp ?? 0))) throw duplicateObject();
    // The policies were asked when the URL was signed; the token now stands for that permission.
    const server: CallerClaims = { role: 'service_role' };
    let id: string;
    try {
      id = await this.store(
        req,
        server,
        token.owner ?? null,
        bucketId,
        name,
        token.upsert === true,
      );
    } catch (error) {
      // Nothing was stored: the URL may be tried again.
      await this.files.releaseUploadToken(jti);
      throw error;
    }
    sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
  }

  // --- downloads --------------------------------------------------------------------------------

  private async serveAsCaller(
    req: IncomingMessage,
    res: ServerResponse,
    key: { bucketId: string; name: string },
    url: URL,
  ) {
    const claims = await this.caller(req);
    const row = await this.findObjectAsCaller(claims, key.bucketId, key.name);
    if (!row) throw objectNotFound();
    await this.sendObject(req, res, row, url);
  }

  private async servePublic(
    req: IncomingMessage,
    res: ServerResponse,
    key: { bucketId: string; name: string },
    url: URL,
  ) {
    await this.bucketLimits(key.bucketId, true);
    const row = await this.findObject(this.pool, key.bucketId, key.name);
    if (!row) throw objectNotFound();
    await this.sendObject(req, res, row, url);
  }

  private async serveSigned(
    req: IncomingMessage,
    res: ServerResponse,
    bucketId: string,
    name: string,
    url: URL,
  ) {
    await verifyObjectToken(url.searchParams.get('token'), 'download', bucketId, name);
    const row = await this.findObject(this.pool, bucketId, name);
    if (!row) throw objectNotFound();
    await this.sendObject(req, res, row, url);
  }

  private async sendObject(req: IncomingMessage, res: ServerResponse, row: ObjectRow, url: URL) {
    const file = await this.files.open(row.bucket_id, row.name);
    const eTag = row.metadata?.eTag;
    const headers: Record<string, string> = {
      'content-type': servedContentType(row.metadata?.mimetype),
      'cache-control': row.metadata?.cacheControl ?? DEFAULT_CACHE_CONTROL,
      'last-modified': row.updated_at.toUTCString(),
      'accept-ranges': 'bytes',
      ...(eTag ? { etag: eTag } : {}),
      // Uploaded bytes are served from the API origin: never as a page that runs there.
      ...servingHeaders(row.metadata?.mimetype, row.name, url.searchParams.get('download')),
    };
    if (eTag && headerValue(req, 'if-none-match') === eTag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const range = parseRange(headerValue(req, 'range'), file.size);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${file.size}` });
      res.end();
      return;
    }
    const status = range ? 206 : 200;
    const length = range ? range.end - range.start + 1 : file.size;
    res.writeHead(status, {
      ...headers,
      'content-length': String(length),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${file.size}` } : {}),
    });
    if (req.method === 'HEAD' || length === 0) {
      res.end();
      return;
    }
    // pipeline closes the file when the client goes away (pipe() would leave it open).
    await pipeline(file.read(range), res).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    });
  }

  private async info(
    req: IncomingMessage,
    res: ServerResponse,
    key: { bucketId: string; name: string },
    isPublic: boolean,
  ) {
    let row: ObjectRow | undefined;
    if (isPublic) {
      await this.bucketLimits(key.bucketId, true);
      row = await this.findObject(this.pool, key.bucketId, key.name);
    } else {
      row = await this.findObjectAsCaller(await this.caller(req), key.bucketId, key.name);
    }
    if (!row) throw objectNotFound();
    sendJson(res, 200, {
      id: row.id,
      version: row.version,
      name: row.name,
      bucket_id: row.bucket_id,
      size: row.metadata?.size ?? null,
      content_type: row.metadata?.mimetype ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      etag: row.metadata?.eTag ?? null,
      last_modified: row.metadata?.lastModified ?? row.updated_at.toISOString(),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      metadata: row.user_metadata,
    });
  }

  // --- signed URLs ------------------------------------------------------------------------------

  private async signOne(req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
    const claims = await this.caller(req);
    const expiresIn = expiresInOf((await this.readJson(req)).expiresIn);
    assertValidKey(name);
    if (!(await this.findObjectAsCaller(claims, bucketId, name))) throw objectNotFound();
    const token = await signObjectToken('download', bucketId, name, expiresIn);
    // Not URL-encoded: storage-js encodes the whole URL itself.
    sendJson(res, 200, { signedURL: `/object/sign/${bucketId}/${name}?token=${token}` });
  }

  private async signMany(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const claims = await this.caller(req);
    const body = await this.readJson(req);
    const expiresIn = expiresInOf(body.expiresIn);
    const paths = stringList(body, 'paths');
    const visible = await runAsCaller(this.pool, claims, async (db) => {
      const { rows } = await db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2)',
        [bucketId, paths],
      );
      return new Set(rows.map((row) => row.name));
    });
    const signed = [];
    for (const path of paths) {
      if (!visible.has(path)) {
        signed.push({
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        });
        continue;
      }
      const token = await signObjectToken('download', bucketId, path, expiresIn);
      signed.push({
        error: null,
        path,
        signedURL: `/object/sign/${bucketId}/${path}?token=${token}`,
      });
    }
    sendJson(res, 200, signed);
  }

  // --- removal, listing, move, copy ---------------------------------------------------------------

  private async deleteRows(
    claims: CallerClaims,
    bucketId: string,
    names: string[],
  ): Promise<ObjectRow[]> {
    await this.bucketLimits(bucketId);
    return this.writeAsCaller(claims, async (db, disk) => {
      // Rows the policies hide or refuse are simply not deleted, as on Supabase.
      const { rows } = await db.query<ObjectRow>(
        `delete from storage.objects where bucket_id = $1 and name = any($2) returning ${OBJECT_COLUMNS}`,
        [bucketId, names],
      );
      for (const row of rows) await disk.remove(this.files.filePath(bucketId, row.name));
      return rows;
    });
  }

  private async removeMany(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const claims = await this.caller(req);
    const prefixes = stringList(await this.readJson(req), 'prefixes').map((prefix) =>
      prefix.replace(/^\/+/, ''),
    );
    const rows = await this.deleteRows(claims, bucketId, prefixes);
    sendJson(res, 200, rows.map(fileObjectJson));
  }

  private async removeOne(
    res: ServerResponse,
    claims: CallerClaims,
    bucketId: string,
    name: string,
  ) {
    const rows = await this.deleteRows(claims, bucketId, [name]);
    if (rows.length === 0) throw objectNotFound();
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  /** One folder level under `prefix`, folders (id null) and files together, as storage.search returns them. */
  private async list(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const claims = await this.caller(req);
    const body = await this.readJson(req);
    const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    const prefix = rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix;
    const limit = body.limit === undefined ? 100 : body.limit;
    const offset = body.offset === undefined ? 0 : body.offset;
    if (
      typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > MAX_LIST_LIMIT
    ) {
      throw invalidRequest(`limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`);
    }
    if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
      throw invalidRequest('offset must be a whole number, zero or more');
    }
    const sortBy = (
      typeof body.sortBy === 'object' && body.sortBy !== null ? body.sortBy : {}
    ) as JsonObject;
    const column = typeof sortBy.column === 'string' ? sortBy.column : 'name';
    if (!LIST_SORT_COLUMNS.has(column))
      throw invalidRequest(`sortBy.column must be one of ${[...LIST_SORT_COLUMNS].join(', ')}`);
    const order = sortBy.order === 'desc' ? 'desc' : 'asc';
    const search = typeof body.search === 'string' ? body.search : '';
    // Byte order for names (collate "C"), like S3 and Storage; other columns tie-break on it.
    const orderBy =
      column === 'name'
        ? `name collate "C" ${order}`
        : `${column} ${order} nulls last, name collate "C" asc`;

    await this.bucketLimits(bucketId);
    const entries = await runAsCaller(this.pool, claims, async (db) => {
      const { rows } = await db.query(
        `with matching as (
           select o.*, substr(o.name, char_length($2) + 1) as rest
             from storage.objects o
            where o.bucket_id = $1
              and o.name like $3 escape '\\'
              and substr(o.name, char_length($2) + 1) ilike $4 escape '\\'
         ), entries as (
           select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
                  null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
             from matching where position('/' in rest) > 0
            group by split_part(rest, '/', 1)
           union all
           select rest, id, updated_at, created_at, last_accessed_at, metadata
             from matching where position('/' in rest) = 0
         )
         select * from entries order by ${orderBy} limit $5 offset $6`,
        [bucketId, prefix, `${escapeLike(prefix)}%`, `${escapeLike(search)}%`, limit, offset],
      );
      return rows as Array<{
        name: string;
        id: string | null;
        updated_at: Date | null;
        created_at: Date | null;
        last_accessed_at: Date | null;
        metadata: unknown;
      }>;
    });
    sendJson(
      res,
      200,
      entries.map((entry) => ({
        name: entry.name,
        id: entry.id,
        updated_at: entry.updated_at?.toISOString() ?? null,
        created_at: entry.created_at?.toISOString() ?? null,
        last_accessed_at: entry.last_accessed_at?.toISOString() ?? null,
        metadata: entry.metadata,
      })),
    );
  }

  /**
   * storage-js `listV2`: the objects whose names start with `prefix` (a plain string prefix, not a
   * folder), or with `with_delimiter` one level of them, the deeper ones gathered into folders
   * (`<prefix><segment>/`). Pages of `limit` entries follow one another by an opaque cursor, as in
   * Storage's list-v2; the policies decide what the caller sees. Like Storage it does not look the
   * bucket up: a missing bucket lists nothing.
   */
  private async listV2(req: IncomingMessage, res: ServerResponse, bucketId: string) {
    const claims = await this.caller(req);
    const request = listV2Request(await this.readJson(req));
    const { prefix, limit, withDelimiter, column, order, after } = request;
    const dateSort = column !== 'name';
    const values: unknown[] = [
      bucketId,
      prefix,
      withDelimiter,
      limit + 1,
      `${escapeLike(prefix)}%`,
    ];
    const param = (value: unknown) => `$${values.push(value)}`;
    const compare = order === 'asc' ? '>' : '<';
    let cursorCondition = 'true';
    if (after && dateSort) {
      const [date, key] = [param(after.date), param(after.key)];
      cursorCondition = `(date_trunc('milliseconds', ${column}), sort_key collate "C")
        ${compare} (coalesce(${date}::timestamptz, 'epoch'), ${key})`;
    } else if (after) {
      cursorCondition = `sort_key collate "C" ${compare} ${param(after.key)}`;
    }
    const orderBy = dateSort
      ? `coalesce(date_trunc('milliseconds', ${column}), 'epoch') ${order}, sort_key collate "C" ${order}`
      : `sort_key collate "C" ${order}`;
    const rows = await runAsCaller(this.pool, claims, async (db) => {
      const { rows } = await db.query<ListV2Row>(
        `with matching as (
           -- slash: where the first delimiter after the prefix is (1-based), null for a leaf.
           select o.*,
                  case when $3::boolean
                    then nullif(position('/' in substr(o.name, char_length($2) + 1)), 0) end as slash
             from storage.objects o
            where o.bucket_id = $1 and o.name like $5 escape '\\'
         ), entries as (
           -- A folder sorts by its name with the delimiter, as Storage walks the keys; its dates are
           -- those of its first object.
           select left(name, char_length($2) + slash) as sort_key, null::uuid as id,
                  min(created_at) as updated_at, min(created_at) as created_at,
                  null::timestamptz as last_accessed_at, null::jsonb as metadata
             from matching where slash is not null
            group by left(name, char_length($2) + slash)
           union all
           select name, id, updated_at, created_at, last_accessed_at, metadata
             from matching where slash is null
         )
         select * from entries where ${cursorCondition} order by ${orderBy} limit $4`,
        values,
      );
      return rows;
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const hasNext = rows.length > limit && last !== undefined;
    // Storage's `key`: the name's segment at the prefix's level, with the delimiter only.
    const level = prefix ? prefix.split('/').length - 1 : 0;
    const entry = (row: ListV2Row) => ({
      ...(withDelimiter ? { key: row.sort_key.split('/')[level] ?? '' } : {}),
      name: row.sort_key,
      id: row.id,
      updated_at: row.id === null && !dateSort ? null : (row.updated_at?.toISOString() ?? null),
      created_at: row.id === null && !dateSort ? null : (row.created_at?.toISOString() ?? null),
      last_accessed_at: row.last_accessed_at?.toISOString() ?? null,
      metadata: row.metadata,
    });
    sendJson(res, 200, {
      hasNext,
      ...(hasNext
        ? {
            nextCursor: encodeListCursor({
              key: last.sort_key,
              order,
              column,
              date: dateSort ? (last[column]?.toISOString() ?? null) : null,
            }),
            nextCursorKey: last.sort_key,
          }
        : {}),
      folders: page.filter((row) => row.id === null).map(entry),
      objects: page.filter((row) => row.id !== null).map(entry),
    });
  }

  private async transferRequest(req: IncomingMessage) {
    const claims = await this.caller(req);
    const body = await this.readJson(req);
    const bucketId = stringField(body, 'bucketId');
    const sourceKey = stringField(body, 'sourceKey');
    const destinationKey = stringField(body, 'destinationKey');
    const destinationBucket =
      typeof body.destinationBucket === 'string' && body.destinationBucket
        ? body.destinationBucket
        : bucketId;
    assertValidKey(sourceKey);
    assertValidKey(destinationKey);
    await this.bucketLimits(bucketId);
    const target = await this.bucketLimits(destinationBucket);
    return { claims, bucketId, sourceKey, destinationKey, destinationBucket, target };
  }

  /**
   * Checks that `row` fits the target bucket as an upload would; answers the type it is stored with
   * there (a type an older stack stored unreadable counts as opaque bytes).
   */
  private static assertFits(row: ObjectRow, target: BucketLimits): string {
    assertSizeAllowed(row.metadata?.size ?? 0, target.file_size_limit);
    return assertMimeTypeAllowed(
      mediaTypeOf(row.metadata?.mimetype) ?? OPAQUE_TYPE,
      target.allowed_mime_types,
    );
  }

  /** Needs SELECT and UPDATE on the source row; the moved row must pass UPDATE's check. */
  private async move(req: IncomingMessage, res: ServerResponse) {
    const { claims, bucketId, sourceKey, destinationKey, destinationBucket, target } =
      await this.transferRequest(req);
    await this.writeAsCaller(claims, async (db, disk) => {
      const source = await this.findObject(db, bucketId, sourceKey);
      if (!source) throw objectNotFound();
      const mimetype = StorageApi.assertFits(source, target);
      await assertPictureBytes(
        this.files.filePath(bucketId, sourceKey),
        mimetype,
        target.allowed_mime_types,
      );
      const { rowCount } = await db.query(
        `update storage.objects
            set bucket_id = $3, name = $4, owner = $5, owner_id = $6, updated_at = now(),
                metadata = jsonb_set(coalesce(metadata, '{}'), '{mimetype}', to_jsonb($7::text))
          where bucket_id = $1 and name = $2`,
        [
          bucketId,
          sourceKey,
          destinationBucket,
          destinationKey,
          claims.sub && UUID.test(claims.sub) ? claims.sub : null,
          claims.sub ?? null,
          mimetype,
        ],
      );
      if (!rowCount) throw objectNotFound();
      await disk.move(
        this.files.filePath(bucketId, sourceKey),
        this.files.filePath(destinationBucket, destinationKey),
      );
    });
    sendJson(res, 200, { message: 'Successfully moved' });
  }

  /** Needs SELECT on the source and INSERT (with x-upsert also UPDATE) at the destination. */
  private async copy(req: IncomingMessage, res: ServerResponse) {
    const upsert = headerValue(req, 'x-upsert') === 'true';
    const { claims, bucketId, sourceKey, destinationKey, destinationBucket, target } =
      await this.transferRequest(req);
    let staged: string | undefined;
    try {
      const id = await this.writeAsCaller(claims, async (db, disk) => {
        const source = await this.findObject(db, bucketId, sourceKey);
        if (!source) throw objectNotFound();
        const mimetype = StorageApi.assertFits(source, target);
        staged = await this.files.stageCopy(this.files.filePath(bucketId, sourceKey));
        await assertPictureBytes(staged, mimetype, target.allowed_mime_types);
        const metadata = {
          ...(source.metadata as ObjectMetadata),
          mimetype,
          lastModified: new Date().toISOString(),
        };
        const copyId = await this.putRow(
          db,
          claims.sub ?? null,
          destinationBucket,
          destinationKey,
          metadata,
          source.user_metadata,
          upsert,
        );
        await disk.place(staged, this.files.filePath(destinationBucket, destinationKey));
        return copyId;
      });
      sendJson(res, 200, { Id: id, Key: `${destinationBucket}/${destinationKey}` });
    } finally {
      if (staged) await this.files.discard(staged);
    }
  }
}
