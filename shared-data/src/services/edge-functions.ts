import { FunctionsHttpError } from '@supabase/supabase-js';
import { getClient } from '../client';
import type { ErrorCode } from '../errors';
import { fail, ok, type Result } from '../result';

/**
 * Calls an edge function with a JSON body. A refusal's own message and code (`{ code, message }`, or
 * `{ error }`) are kept, so "Only active administrators …" or "A user with this email already
 * exists" reach the screen.
 */
export async function invokeFunction<T>(
  name: string,
  body: Record<string, unknown>,
  code: ErrorCode,
  fallbackMessage: string,
): Promise<Result<T>> {
  const { data, error } = await getClient().functions.invoke<T>(name, { body });
  if (!error) return ok(data as T);
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const reply = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const message = [reply?.error, reply?.message].find(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    );
    const details: Record<string, unknown> = { status: response.status };
    if (typeof reply?.code === 'string') details.code = reply.code;
    return fail(code, message ?? fallbackMessage, details);
  }
  return fail(code, fallbackMessage);
}
