/** Progress colour thresholds. */
export const PROGRESS_GOOD = 80;
export const PROGRESS_FAIR = 60;

export type ProgressColor = 'green' | 'yellow' | 'red';

/** 80 or more green, 60 to 79 yellow, below 60 red. */
export function progressColor(progress: number): ProgressColor {
  if (progress >= PROGRESS_GOOD) return 'green';
  if (progress >= PROGRESS_FAIR) return 'yellow';
  return 'red';
}

const HOUR_MS = 60 * 60 * 1000;

export type ActivityAge = { unit: 'now' } | { unit: 'hours' | 'days'; count: number };

/** How long ago, in whole hours under a day and whole days after; under an hour (or future) is now. */
export function lastActivityAge(date: string | Date, now: Date): ActivityAge {
  const elapsed = now.getTime() - new Date(date).getTime();
  const hours = Math.floor(elapsed / HOUR_MS);
  if (!Number.isFinite(hours) || hours < 1) return { unit: 'now' };
  if (hours < 24) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** 'Just now', 'Nh ago' or 'Nd ago'; translated screens format `lastActivityAge` instead. */
export function relativeLastActivity(date: string | Date, now: Date): string {
  const age = lastActivityAge(date, now);
  if (age.unit === 'now') return 'Just now';
  return `${age.count}${age.unit === 'hours' ? 'h' : 'd'} ago`;
}
