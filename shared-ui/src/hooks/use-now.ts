import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so "Join Now", "Today" and due dates change on
 * their own. A `fixed` time (tests, previews) stays as given.
 */
export function useNow(intervalMs = 30_000, fixed?: Date): Date {
  const [now, setNow] = useState(() => fixed ?? new Date());
  useEffect(() => {
    if (fixed) return undefined;
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, fixed]);
  return fixed ?? now;
}
