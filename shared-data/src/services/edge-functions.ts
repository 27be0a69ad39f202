import { getClient } from '@portal/shared-data/session';
import type { ErrorCode } from '../errors';
import { fail, ok, type Result } from '../result';

type FunctionErrorReply = { code?: unknown; message?: unknown; error?: unknown; details?: unknown };

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Calls an edge function with a JSON body. A refusal (`{ code, message, details? }` from our functions,
 * or `{ error }`) keeps its own message, so "Only active administrators …" or "A user with this email
 * already exists" reach the screen, and its details: the HTTP status, the function's own `code`
 * (EMAIL_TAKEN, FORBIDDEN …, for a screen to tell cases apart) and whatever else it sent, such as the
 * `field` a validation error is about.
 */
export async function invokeFunction<T>(
  name: string,
  body: Record<string, unknown>,
  code: ErrorCode,
  fallbackMessage: string,
): Promise<Result<T>> {
  const { data, error } = await getClient().functions.invoke<T>(name, { body });
  if (!error) return ok(data as T);
  // supabase-js is loaded by now (the call above went through it): this import resolves at once.
  const { FunctionsHttpError } = await import('@supabase/supabase-js');
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const reply = (await response.json().catch(() => null)) as FunctionErrorReply | null;
    const message = [reply?.error, reply?.message].find(isText);
    const details: Record<string, unknown> = {
      ...(isRecord(reply?.details) ? reply.details : {}),
      status: response.status,
    };
    if (isText(reply?.code)) details.code = reply.code;
    return fail(code, message ?? fallbackMessage, details);
  }
  return fail(code, fallbackMessage);
}
