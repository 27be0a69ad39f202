import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { type CallerClaims, runAsCaller } from './caller-db';
import type { JsonObject } from './http-utils';
import { sendJson } from './http-utils';
import { bucketNotFound, fromDatabaseError, invalidRequest, storageError } from './storage-errors';
import type { ObjectFiles } from './storage-files';
import { assertValidBucketId } from './storage-keys';
import { GLOBAL_FILE_SIZE_LIMIT, parseFileSizeLimit } from './storage-uploads';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

const BUCKET_COLUMNS =
  'id, name, owner, public, file_size_limit::text, allowed_mime_types, created_at, updated_at';
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export function bucketJson(bucket: BucketRow) {
  return {
    id: bucket.id,
    name: bucket.name,
    owner: bucket.owner ?? '',
    public: bucket.public,
    type: 'STANDARD',
    file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
    allowed_mime_types: bucket.allowed_mime_types,
    created_at: bucket.created_at.toISOString(),
    updated_at: bucket.updated_at.toISOString(),
  };
}

function mimeTypesOf(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (
    !Array.isArray(value) ||
    value.some((entry) => typeof entry !== 'string' || !entry.includes('/'))
  ) {
    throw invalidRequest(
      'allowed_mime_types must be a list of MIME types such as "image/png" or "image/*"',
    );
  }
  return value.length > 0 ? (value as string[]) : null;
}

function sizeLimitOf(value: unknown): number | null {
  const limit = parseFileSizeLimit(value);
  if (limit !== null && limit > GLOBAL_FILE_SIZE_LIMIT) {
    throw invalidRequest(
      `file_size_limit cannot exceed the global limit of ${GLOBAL_FILE_SIZE_LIMIT} bytes`,
    );
  }
  return limit;
}

function requireServiceRole(claims: CallerClaims): void {
  if (claims.role !== 'service_role') {
    throw storageError(
      403,
      'Unauthorized',
      'Only the service role can create, update or delete buckets',
    );
  }
}

/**
 * `/bucket` routes. Reads run as the caller (storage.buckets RLS: without a policy only the service
 * role sees buckets, as on hosted Supabase); creating, changing and deleting buckets is for the
 * service role (migrations create the app's buckets).
 */
export class BucketRoutes {
  constructor(
    private readonly pool: pg.Pool,
    private readonly files: ObjectFiles,
  ) {}

  async list(res: ServerResponse, claims: CallerClaims, url: URL) {
    const params = url.searchParams;
    const sortColumn = params.get('sortColumn') ?? 'name';
    const sortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';
    if (!SORT_COLUMNS.has(sortColumn))
      throw invalidRequest(`sortColumn must be one of ${[...SORT_COLUMNS].join(', ')}`);
    const limit = params.has('limit') ? Number(params.get('limit')) : null;
    const offset = Number(params.get('offset') ?? 0);
    if (
      (limit !== null && (!Number.isInteger(limit) || limit < 1)) ||
      !Number.isInteger(offset) ||
      offset < 0
    ) {
      throw invalidRequest('limit must be a positive whole number and offset zero or more');
    }
    const rows = await runAsCaller(this.pool, claims, async (db) => {
      const result = await db.query<BucketRow>(
        `select ${BUCKET_COLUMNS} from storage.buckets
          where ($1::text is null or name ilike '%' || $1 || '%')
          order by ${sortColumn} ${sortOrder}, id
          limit $2 offset $3`,
        [params.get('search'), limit, offset],
      );
      return result.rows;
    });
    sendJson(res, 200, rows.map(bucketJson));
  }

  async get(res: ServerResponse, claims: CallerClaims, id: string) {
    const bucket = await runAsCaller(this.pool, claims, async (db) => {
      const result = await db.query<BucketRow>(
        `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
        [id],
      );
      return result.rows[0];
    });
    if (!bucket) throw bucketNotFound();
    sendJson(res, 200, bucketJson(bucket));
  }

  async create(res: ServerResponse, claims: CallerClaims, body: JsonObject) {
    requireServiceRole(claims);
    const id =
      typeof body.id === 'string' ? body.id : typeof body.name === 'string' ? body.name : '';
    assertValidBucketId(id);
    const values = [
      id,
      body.public === true,
      sizeLimitOf(body.file_size_limit),
      mimeTypesOf(body.allowed_mime_types),
    ];
    await runAsCaller(this.pool, claims, (db) =>
      db.query(
        `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4)`,
        values,
      ),
    ).catch((error: unknown) => {
      throw fromDatabaseError(error);
    });
    sendJson(res, 200, { name: id });
  }

  async update(res: ServerResponse, claims: CallerClaims, id: string, body: JsonObject) {
    requireServiceRole(claims);
    const sets: string[] = [];
    const values: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (typeof body.public === 'boolean') set('public', body.public);
    if ('file_size_limit' in body) set('file_size_limit', sizeLimitOf(body.file_size_limit));
    if ('allowed_mime_types' in body)
      set('allowed_mime_types', mimeTypesOf(body.allowed_mime_types));
    const { rowCount } = await runAsCaller(this.pool, claims, (db) =>
      db.query(
        `update storage.buckets set ${[...sets, 'updated_at = now()'].join(', ')} where id = $1`,
        values,
      ),
    );
    if (!rowCount) throw bucketNotFound();
    sendJson(res, 200, { message: 'Successfully updated' });
  }

  /** Removes every object of the bucket the caller may delete (storage.objects RLS decides). */
  async empty(res: ServerResponse, claims: CallerClaims, id: string) {
    const disk = this.files.changes();
    try {
      await runAsCaller(this.pool, claims, async (db) => {
        const bucket = await db.query('select 1 from storage.buckets where id = $1', [id]);
        if (!bucket.rowCount) throw bucketNotFound();
        const { rows } = await db.query<{ name: string }>(
          'delete from storage.objects where bucket_id = $1 returning name',
          [id],
        );
        for (const row of rows) await disk.remove(this.files.filePath(id, row.name));
      });
      await disk.commit();
    } catch (error) {
      await disk.rollback();
      throw fromDatabaseError(error);
    }
    sendJson(res, 200, { message: 'Successfully emptied' });
  }

  async remove(res: ServerResponse, claims: CallerClaims, id: string) {
    requireServiceRole(claims);
    await runAsCaller(this.pool, claims, async (db) => {
      const objects = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [
        id,
      ]);
      if (objects.rowCount)
        throw storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
      const { rowCount } = await db.query('delete from storage.buckets where id = $1', [id]);
      if (!rowCount) throw bucketNotFound();
    });
    await this.files.removeBucket(id);
    sendJson(res, 200, { message: 'Successfully deleted' });
  }

  async handle(
    req: IncomingMessage,
    res: ServerResponse,
    segments: string[],
    claims: CallerClaims,
    url: URL,
    body: () => Promise<JsonObject>,
  ) {
    const method = req.method ?? 'GET';
    let decoded: string[];
    try {
      decoded = segments.map((segment) => decodeURIComponent(segment));
    } catch {
      throw invalidRequest('The bucket name is not validly URL-encoded');
    }
    const [id, action, ...extra] = decoded;
    if (extra.length === 0) {
      if (id === undefined || id === '') {
        if (method === 'GET') return this.list(res, claims, url);
        if (method === 'POST') return this.create(res, claims, await body());
      } else if (action === undefined) {
        if (method === 'GET') return this.get(res, claims, id);
        if (method === 'PUT') return this.update(res, claims, id, await body());
        if (method === 'DELETE') return this.remove(res, claims, id);
      } else if (action === 'empty' && method === 'POST') {
        return this.empty(res, claims, id);
      }
    }
    throw storageError(
      404,
      'not_found',
      `Route ${method}:/storage/v1/bucket/${segments.join('/')} not found`,
    );
  }
}
