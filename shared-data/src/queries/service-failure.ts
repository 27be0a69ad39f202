import type { ErrorCode, Result, ServiceError } from '@portal/shared-data';

/**
 * A service's Failure, thrown so TanStack Query sees it as the query's or mutation's error.
 * Services never throw (they resolve to a Result); query and mutation functions unwrap the Result
 * with `unwrap`, so a screen reads `query.error.code` and `query.error.message` as before.
 */
export class ServiceFailure extends Error {
  override name = 'ServiceFailure';
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(error: ServiceError) {
    super(error.message);
    this.code = error.code;
    this.details = error.details;
  }

  /** The plain ServiceError shape the rest of the code (and the error translator) works with. */
  toServiceError(): ServiceError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

/** A Result's data, or its Failure thrown as a ServiceFailure. */
export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (!result.success) throw new ServiceFailure(result.error);
  return result.data;
}

/**
 * A ServiceFailure from any app's copy of this module: each app bundles its own, and one query's
 * error can be read by another app's screen (the cache is shared), so not `instanceof`.
 */
function isServiceFailure(error: unknown): error is ServiceFailure {
  return (
    error instanceof Error &&
    error.name === 'ServiceFailure' &&
    typeof (error as Partial<ServiceFailure>).toServiceError === 'function'
  );
}

/** Whatever a query or mutation threw, as a ServiceError (unknown throws become UNKNOWN_ERROR). */
export function toServiceError(error: unknown): ServiceError {
  if (isServiceFailure(error)) return error.toServiceError();
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return { code: 'UNKNOWN_ERROR', message };
}
