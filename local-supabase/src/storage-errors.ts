import { HttpError } from './http-utils';

/** Storage's error body (`{ statusCode, error, message }`), which storage-js turns into StorageApiError. */
export function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

export const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
export const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
export const duplicateObject = () => storageError(409, 'Duplicate', 'The resource already exists');
export const rlsViolation = () =>
  storageError(403, 'Unauthorized', 'new row violates row-level security policy');
export const tooLarge = () =>
  storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidKey = (key: string) => storageError(400, 'InvalidKey', `Invalid key: ${key}`);
export const invalidRequest = (message: string) => storageError(400, 'InvalidRequest', message);

/**
 * Maps what Postgres says about a caller's statement to Storage's answers: a policy refusal is 403,
 * a second object at the same path 409. Anything else is a real failure and stays a 500.
 */
export function fromDatabaseError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === '42501') return rlsViolation();
  if (code === '23505') return duplicateObject();
  return error;
}
