import type { ReactNode } from 'react';
import { ErrorBanner } from '../error-banner/error-banner';

export interface SaveFailedAlertProps {
  /** The lead-in, e.g. "The class was not saved:"; without it the reason stands alone. */
  title?: ReactNode;
  /** Why, in the user's language: `t(errorMessageKey(error), { ns: 'errors' })`, never the raw message. */
  reason: ReactNode;
  /** A line under it, e.g. "Nothing you entered was lost; you can try again." */
  notice?: ReactNode;
}

/**
 * The red alert (an ARIA alert, announced as it appears) a dialog shows when the server refused what
 * it sent: what was not done, why, and that nothing was lost. The dialog stays open and filled.
 */
export function SaveFailedAlert({ title, reason, notice }: SaveFailedAlertProps) {
  return <ErrorBanner title={title} message={reason} notice={notice} />;
}
