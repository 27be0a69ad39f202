import { errorMessageKey, type ErrorMessageKey } from '@portal/shared-data';

/** The screen's `t` (its namespace; `ns` reaches the `errors` namespace). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// Keys that only say which operation failed: for them the screen says it its own way ('Error al
// guardar usuario'), as the spec asks; anything more specific is the server's reason, translated.
const OPERATION_ONLY: readonly ErrorMessageKey[] = [
  'saveFailed',
  'deleteFailed',
  'loadFailed',
  'unknown',
];

/**
 * Why a save or delete failed, in the user's language: the server's reason when it gave one we know
 * (a taken email, not allowed, one's own account …), else `fallback`. Never the raw message.
 */
export function userFailureText(error: unknown, fallback: string, t: Translate): string {
  const key = errorMessageKey(error);
  return OPERATION_ONLY.includes(key) ? fallback : t(key, { ns: 'errors' });
}
