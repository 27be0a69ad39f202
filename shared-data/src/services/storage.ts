import { getClient } from '../client';
import type { ErrorCode } from '../errors';
import { SIGNED_URL_SECONDS, STORAGE_CACHE_CONTROL } from '../rules/storage-names';
import type { SizeProblem } from '../rules/uploads';
import { fail, ok, type Failure, type Result } from '../result';

// The storage calls the three buckets share: one cache lifetime, one signed-link lifetime, and
// storage errors turned into service Failures.

export type Bucket = 'materials' | 'avatars' | 'activity-submissions';

/** A storage error as a Failure: the server's message, with its HTTP status and storage code. */
export function fromStorageError(code: ErrorCode, err: unknown, fallbackMessage: string): Failure {
  const record = typeof err === 'object' && err !== null ? (err as Record<string, unknown>) : {};
  const message =
    typeof record.message === 'string' && record.message.trim() !== '' && record.message !== '{}'
      ? record.message
      : fallbackMessage;
  const details: Record<string, unknown> = {};
  if (record.status !== undefined) details.status = record.status;
  if (record.statusCode !== undefined) details.statusCode = record.statusCode;
  return fail(code, message, Object.keys(details).length > 0 ? details : undefined);
}

/**
 * A file refused before upload for its size. The message is the service's fallback text; the details
 * (`{ code: 'too_large', limitBytes, size }`, see isSizeProblem) are what the UI words in its language.
 */
export function fileTooLarge(code: ErrorCode, problem: SizeProblem, size: number): Failure {
  return fail(code, 'File too large', { ...problem, size });
}

/** Uploads a browser file under `name`, with its own content type and the one-hour cache lifetime. */
export async function uploadObject(
  bucket: Bucket,
  name: string,
  file: Blob,
  { upsert = false }: { upsert?: boolean } = {},
): Promise<{ error: unknown }> {
  const { error } = await getClient()
    .storage.from(bucket)
    .upload(name, file, {
      cacheControl: STORAGE_CACHE_CONTROL,
      upsert,
      ...(file.type ? { contentType: file.type } : {}),
    });
  return { error };
}

/** Best effort: an orphaned object costs only space, so a failed clean-up is not reported. */
export async function removeObjects(bucket: Bucket, names: string[]): Promise<void> {
  if (names.length === 0) return;
  try {
    await getClient().storage.from(bucket).remove(names);
  } catch {
    // nothing to tell the user: their action already succeeded or already failed
  }
}

/** A link to a private object that works for SIGNED_URL_SECONDS. */
export async function signedUrl(
  bucket: Bucket,
  name: string,
  fallbackMessage: string,
): Promise<Result<string>> {
  const { data, error } = await getClient()
    .storage.from(bucket)
    .createSignedUrl(name, SIGNED_URL_SECONDS);
  if (error || !data) return fromStorageError('SIGNED_URL_ERROR', error, fallbackMessage);
  return ok(data.signedUrl);
}
