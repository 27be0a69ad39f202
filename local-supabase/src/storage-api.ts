import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { callerClaims, runAsCaller } from './caller-db';
import { HttpError, sendJson } from './http-utils';

function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

/** The Storage (`/storage/v1`) API. Bucket listing runs as the caller, so storage.buckets RLS applies. */
export class StorageApi {
  constructor(private readonly pool: pg.Pool) {}

  async handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'GET' && (path === '/bucket' || path === '/bucket/')) return this.listBuckets(req, res);
    throw storageError(501, 'not_implemented', `Storage ${req.method} ${path} is not available in the local stack.`);
  }

  private async listBuckets(req: IncomingMessage, res: ServerResponse) {
    const claims = await callerClaims(req);
    if (!claims) throw storageError(400, 'Unauthorized', 'Invalid JWT');
    const buckets = await runAsCaller(this.pool, claims, async (db) => {
      const { rows } = await db.query<BucketRow>(
        `select id, name, owner, public, file_size_limit::text, allowed_mime_types, created_at, updated_at
           from storage.buckets order by name`,
      );
      return rows;
    });
    sendJson(
      res,
      200,
      buckets.map((bucket) => ({
        id: bucket.id,
        name: bucket.name,
        owner: bucket.owner ?? '',
        public: bucket.public,
        file_size_limit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
        allowed_mime_types: bucket.allowed_mime_types,
        created_at: bucket.created_at.toISOString(),
        updated_at: bucket.updated_at.toISOString(),
      })),
    );
  }
}
