import { getClient, getClientApiKey } from '@portal/shared-data/session';
import type { ErrorCode } from '../errors';
import { SIGNED_URL_SECONDS, STORAGE_CACHE_CONTROL } from '../rules/storage-names';
import type { SizeProblem } from '../rules/uploads';
import { fail, ok, type Failure, type Result } from '../result';

// The storage calls the three buckets share: one cache lifetime, one signed-link lifetime, and
// storage errors turned into service Failures.

export type Bucket =
  'materials' | 'avatars' | 'activity-submissions' | 'message-attachments' | 'feedback-audio';

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

/** How far an upload has got: the share of its bytes sent, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * Uploads like uploadObject, reporting progress as the bytes leave the browser. supabase-js uploads with
 * fetch, which reports none, so the object is uploaded to a signed upload URL (the storage policies
 * decide when it is signed; the bucket's size and type rules when the bytes arrive) with
 * XMLHttpRequest, whose `upload.onprogress` does. Where there is no XMLHttpRequest (Node), the same
 * signed URL is used through supabase-js and progress jumps to 1 at the end.
 */
export async function uploadObjectWithProgress(
  bucket: Bucket,
  name: string,
  file: Blob,
  onProgress: UploadProgress,
): Promise<{ error: unknown }> {
  const storage = getClient().storage.from(bucket);
  const signed = await storage.createSignedUploadUrl(name);
  if (signed.error || !signed.data) return { error: signed.error };
  onProgress(0);
  if (typeof XMLHttpRequest === 'undefined') {
    const { error } = await storage.uploadToSignedUrl(name, signed.data.token, file, {
      cacheControl: STORAGE_CACHE_CONTROL,
      ...(file.type ? { contentType: file.type } : {}),
    });
    if (!error) onProgress(1);
    return { error };
  }
  return putWithProgress(signed.data.signedUrl, file, onProgress);
}

/** The storage server's JSON error (`{ statusCode, error, message }`), with the HTTP status. */
function storageReply(status: number, body: string): Record<string, unknown> {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: the status alone says what happened
  }
  const reply = typeof parsed === 'object' && parsed !== null ? parsed : {};
  return { ...(reply as Record<string, unknown>), status };
}

/** A PUT of the file as storage-js sends it (a form with `cacheControl` and the file), with progress. */
function putWithProgress(
  url: string,
  file: Blob,
  onProgress: UploadProgress,
): Promise<{ error: unknown }> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append('cacheControl', STORAGE_CACHE_CONTROL);
    body.append('', file);
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    // supabase-js adds the project key to every request; the gateway (Kong on hosted Supabase) refuses
    // a request without it, even with a signed upload token.
    request.setRequestHeader('apikey', getClientApiKey());
    request.setRequestHeader('x-upsert', 'false');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve({ error: null });
      } else {
        resolve({ error: storageReply(request.status, request.responseText) });
      }
    };
    // The browsers' own word for a request that never reached the server.
    request.onerror = () => resolve({ error: { message: 'Failed to fetch' } });
    request.onabort = () => resolve({ error: { message: 'The upload was cancelled' } });
    request.send(body);
  });
}

/**
 * Removes one object and says whether that worked. An object that is already gone, or that the caller
 * may not remove, is no error: storage answers both with an empty list.
 */
export async function removeObject(bucket: Bucket, name: string): Promise<{ error: unknown }> {
  try {
    const { error } = await getClient().storage.from(bucket).remove([name]);
    return { error };
  } catch (error) {
    return { error };
  }
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
