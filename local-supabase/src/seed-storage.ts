import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { SUPABASE_DIR } from './config';
import { ObjectFiles } from './storage-files';
import { DEFAULT_CACHE_CONTROL, assertMimeTypeAllowed, assertSizeAllowed, metadataFor } from './storage-uploads';

/**
 * Seed objects: `supabase/seed/storage/<bucket>/<object name>`. The Supabase CLI uploads the same folders
 * (config.toml `[storage.buckets.<bucket>] objects_path`); this is the local stack's equivalent.
 */
export const SEED_STORAGE_DIR = path.join(SUPABASE_DIR, 'seed', 'storage');

export interface SeededObject {
  bucketId: string;
  name: string;
  size: number;
  mimetype: string;
}

interface BucketLimits {
  id: string;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) names.push(...(await listFiles(path.join(dir, entry.name), name)));
    else if (entry.isFile()) names.push(name);
  }
  return names;
}

// What a browser sends for these extensions (the local stack serves seed files with this type).
const TYPE_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.zip': 'application/zip',
};

export function seedContentType(name: string): string {
  return TYPE_BY_EXTENSION[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

// Text types by extension as Go's `mime.TypeByExtension` gives them on Linux (charset added for text/*).
const CLI_TEXT_TYPES: Record<string, string> = {
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

/**
 * The Content-Type the Supabase CLI sends when it uploads a seed file to a hosted project
 * (`supabase seed buckets`): sniffed from the first bytes like Go's http.DetectContentType, and for plain
 * text refined by the extension. It differs from a browser's for some files (a .wav sniffs as
 * audio/wave), and the bucket's allowed_mime_types must accept it; supabase/tests/seed.test.ts checks that.
 */
export function supabaseCliContentType(name: string, bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 512));
  const ascii = head.toString('latin1');
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WAVE') return 'audio/wave';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.startsWith('ID3')) return 'audio/mpeg';
  if (ascii.startsWith('OggS')) return 'application/ogg';
  if (ascii.slice(4, 8) === 'ftyp') return 'video/mp4';
  if (ascii.startsWith('PK\x03\x04')) return 'application/zip';
  const binary = head.some((byte) => byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b));
  if (binary) return 'application/octet-stream';
  return CLI_TEXT_TYPES[path.extname(name).toLowerCase()] ?? 'text/plain; charset=utf-8';
}

export interface SeedFile {
  bucketId: string;
  /** Object name inside the bucket (path below the bucket's folder, '/'-separated). */
  name: string;
  file: string;
}

/** Every seed file, bucket by bucket, in name order. */
export async function listSeedFiles(dir = SEED_STORAGE_DIR): Promise<SeedFile[]> {
  const bucketIds = (await readdir(dir, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  const seedFiles: SeedFile[] = [];
  for (const bucketId of bucketIds) {
    for (const name of await listFiles(path.join(dir, bucketId))) {
      seedFiles.push({ bucketId, name, file: path.join(dir, bucketId, ...name.split('/')) });
    }
  }
  return seedFiles;
}

/**
 * Copies the seed's storage objects into the local stack on a fresh database: bytes to
 * `<dataDir>/storage/<bucket>/<name>` (the layout storage-files.ts serves) and one storage.objects row
 * each, with the metadata an upload through the Storage API records. Rows have no owner, like objects the
 * CLI uploads with the service role key. A folder without a bucket (buckets come from the migrations) or
 * a file its bucket refuses fails loudly, as hosted seeding would.
 */
export async function seedStorage(
  client: pg.Client,
  options: { dir?: string; files?: ObjectFiles } = {},
): Promise<SeededObject[]> {
  const seedFiles = await listSeedFiles(options.dir);
  if (seedFiles.length === 0) return [];
  const files = options.files ?? new ObjectFiles();
  const { rows: buckets } = await client.query<BucketLimits>(
    'select id, file_size_limit::text, allowed_mime_types from storage.buckets where id = any($1)',
    [[...new Set(seedFiles.map((seedFile) => seedFile.bucketId))]],
  );
  const bucketById = new Map(buckets.map((bucket) => [bucket.id, bucket]));
  const seeded: SeededObject[] = [];

  await client.query('begin');
  try {
    for (const { bucketId, name, file } of seedFiles) {
      const where = path.relative(SUPABASE_DIR, file);
      const bucket = bucketById.get(bucketId);
      if (!bucket) throw new Error(`${where}: there is no storage bucket '${bucketId}' (buckets come from the migrations)`);
      const bytes = new Uint8Array(await readFile(file));
      const contentType = seedContentType(name);
      try {
        assertSizeAllowed(bytes.byteLength, bucket.file_size_limit === null ? null : Number(bucket.file_size_limit));
        assertMimeTypeAllowed(contentType, bucket.allowed_mime_types);
      } catch (error) {
        const reason = (error as { body?: { message?: string } }).body?.message ?? String(error);
        throw new Error(`${where}: bucket '${bucketId}' refuses it: ${reason}`);
      }
      const metadata = metadataFor({ bytes, contentType, cacheControl: DEFAULT_CACHE_CONTROL, userMetadata: null });
      await client.query(
        // user_metadata {}: what Storage records for an upload that gives none (info() answers it).
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
         values ($1, $2, null, null, $3, '{}', $4)
         on conflict (bucket_id, name) do update set
           owner = null, owner_id = null, metadata = excluded.metadata,
           user_metadata = excluded.user_metadata, version = excluded.version,
           updated_at = now(), last_accessed_at = now()`,
        [bucketId, name, metadata, randomUUID()],
      );
      const target = files.filePath(bucketId, name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
      seeded.push({ bucketId, name, size: bytes.byteLength, mimetype: contentType });
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
  return seeded;
}
