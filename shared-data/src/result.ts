import type { ErrorCode } from './errors';

export type ServiceError = { message: string; code: ErrorCode; details?: unknown };

export type Success<T> = { success: true; data: T };
export type Failure = { success: false; error: ServiceError };
/** What every service call resolves to; services never throw to the UI. */
export type Result<T> = Success<T> | Failure;

export function ok<T>(data: T): Success<T> {
  return { success: true, data };
}

export function fail(code: ErrorCode, message: string, details?: unknown): Failure {
  return details === undefined
    ? { success: false, error: { message, code } }
    : { success: false, error: { message, code, details } };
}

function field(err: unknown, key: string): unknown {
  return typeof err === 'object' && err !== null
    ? (err as Record<string, unknown>)[key]
    : undefined;
}

/** The provider's message when it has one. */
function messageOf(err: unknown, fallbackMessage: string): string {
  const message = field(err, 'message');
  // auth-js reports a 5xx response it could not read as the message '{}'.
  return typeof message === 'string' && message.trim() !== '' && message !== '{}'
    ? message
    : fallbackMessage;
}

function pick(err: unknown, keys: readonly string[]): Record<string, unknown> | undefined {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = field(err, key);
    if (value !== undefined && value !== null && value !== '') picked[key] = value;
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

/** A PostgREST error (or anything thrown around a query) as a Failure; keeps code/details/hint. */
export function fromPostgrestError(
  code: ErrorCode,
  err: unknown,
  fallbackMessage: string,
): Failure {
  return fail(code, messageOf(err, fallbackMessage), pick(err, ['code', 'details', 'hint']));
}

/** An auth error as a Failure; keeps the HTTP status (e.g. 429) and the auth error code. */
export function fromAuthError(code: ErrorCode, err: unknown, fallbackMessage: string): Failure {
  return fail(code, messageOf(err, fallbackMessage), pick(err, ['status', 'code']));
}

/** Runs a service body and turns anything it throws (network, uninitialised client) into a Failure. */
export async function settle<T>(
  code: ErrorCode,
  fallbackMessage: string,
  run: () => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    return fail(code, messageOf(error, fallbackMessage));
  }
}
