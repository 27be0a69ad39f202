// Removes the stored objects the database queued when what they belonged to was deleted (a material,
// a submission, an activity, a course, a user: private.storage_deletions, filled by triggers of
// 20261122001100_storage.sql), and the uploads no row named within a day, which
// claim_storage_deletions sweeps for before it leases (20261201009000_storage_orphans.sql). SQL may not
// delete storage.objects on hosted Supabase ("use the Storage API"), so the files go through the
// Storage API here, with the service role. Only the service role calls it: a schedule on hosted
// Supabase (pg_cron + pg_net, every minute), the local stack (every second while there is work, else
// every minute). Each batch is leased in the database (claim_storage_deletions) and its outcome
// recorded (finish_storage_deletions); objects that could not be removed are tried again later.
// Runs under Deno (Supabase, the local stack) and Node (tests); common code in ../_shared, see ../README.md.
import type { SupabaseClient } from '@supabase/supabase-js';
import { serve } from '../_shared/env.ts';
import { serviceRoleHandler } from '../_shared/service-role.ts';

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;
/** Batches per call at most, so one call stays short; the next call goes on. */
const MAX_BATCHES = 5;
/** Objects per Storage API call (its own limit is 1,000 names). */
const REMOVE_CHUNK = 100;

// --- the work -----------------------------------------------------------------------------------------

interface QueuedObject {
  id: number;
  bucket: string;
  name: string;
}

interface Batch {
  claim: string | null;
  objects: QueuedObject[];
}

export interface Cleanup {
  removed: number;
  failed: number;
}

function reasonOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' && message ? message : 'Unexpected error').slice(0, 500);
}

/** Removes one leased batch bucket by bucket and records what happened. */
async function removeBatch(db: SupabaseClient, batch: Batch & { claim: string }): Promise<Cleanup> {
  const removedIds: number[] = [];
  let failed = 0;
  let lastError: string | null = null;
  const byBucket = new Map<string, QueuedObject[]>();
  for (const object of batch.objects) {
    byBucket.set(object.bucket, [...(byBucket.get(object.bucket) ?? []), object]);
  }
  for (const [bucket, objects] of byBucket) {
    for (let start = 0; start < objects.length; start += REMOVE_CHUNK) {
      const chunk = objects.slice(start, start + REMOVE_CHUNK);
      // Names already gone are simply not in the answer: removed either way.
      const { error } = await db.storage.from(bucket).remove(chunk.map((object) => object.name));
      if (error) {
        failed += chunk.length;
        lastError = reasonOf(error);
      } else {
        removedIds.push(...chunk.map((object) => object.id));
      }
    }
  }
  const { error } = await db.rpc('finish_storage_deletions', {
    claim: batch.claim,
    removed: removedIds,
    error: lastError,
  });
  if (error) throw error;
  return { removed: removedIds.length, failed };
}

/**
 * POST with the service role key, body {} or { limit } (1–1000 per batch, default 100): removes up to
 * five batches of queued files and answers { removed, failed }; or { code, message, details? } (401
 * UNAUTHENTICATED, 403 FORBIDDEN, 400 INVALID_REQUEST / VALIDATION_ERROR, 405, 500).
 */
const handler = serviceRoleHandler(
  {
    name: 'storage-cleanup',
    forbidden: 'Only the service role can remove queued files',
    limit: { default: DEFAULT_BATCH_SIZE, max: MAX_BATCH_SIZE },
    internalMessage: reasonOf,
  },
  async ({ db, limit: batchSize, checkAccess }): Promise<Cleanup> => {
    const result: Cleanup = { removed: 0, failed: 0 };
    for (let round = 0; round < MAX_BATCHES; round += 1) {
      const { data, error, status } = await db.rpc('claim_storage_deletions', {
        batch_size: batchSize,
      });
      // The database decides too: a token it does not accept, or a role without the grant.
      checkAccess({ status, error });
      if (error) throw error;
      const batch = data as Batch;
      if (!batch.claim || batch.objects.length === 0) break;
      const done = await removeBatch(db, batch as Batch & { claim: string });
      result.removed += done.removed;
      result.failed += done.failed;
      if (batch.objects.length < batchSize || done.failed > 0) break;
    }
    return result;
  },
);
export default handler;

// Supabase's runtime needs a server; tests under Node import the default export instead.
serve(handler);
