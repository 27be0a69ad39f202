import { errorMessageKey, type ErrorMessageKey } from '@portal/shared-data';

/** The screen's `t` (its namespace; `ns` reaches the `errors` namespace). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// Keys that only say which operation failed: for them the toast is the spec's own text ('Error al
// agregar estudiante.'); anything more specific is the server's reason, translated, under it.
const OPERATION_ONLY: readonly ErrorMessageKey[] = [
  'enrollFailed',
  'saveFailed',
  'deleteFailed',
  'loadFailed',
  'unknown',
];

/** What a failure toast shows: the spec's text, and the server's reason when it gave one we know. */
export type FailureToast = { title?: string; message: string };

/**
 * The toast of a failed add: `headline` ('Error al agregar estudiante.') alone, or as the
 * title over the reason (a full course, an inactive student …). Never the raw message.
 */
export function studentFailureToast(error: unknown, headline: string, t: Translate): FailureToast {
  const key = errorMessageKey(error);
  return OPERATION_ONLY.includes(key)
    ? { message: headline }
    : { title: headline, message: t(key, { ns: 'errors' }) };
}
