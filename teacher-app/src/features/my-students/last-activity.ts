import { lastActivityAge } from '@portal/shared-data';

/** The screen's `t` (its namespace). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** 'Just now', 'Nh ago', 'Nd ago' (or 'No activity yet') in the UI language. */
export function lastActivityLabel(t: Translate, at: string | null, now: Date): string {
  if (!at) return t('lastActivity.never');
  const age = lastActivityAge(at, now);
  if (age.unit === 'now') return t('lastActivity.now');
  return t(age.unit === 'hours' ? 'lastActivity.hours' : 'lastActivity.days', { count: age.count });
}
