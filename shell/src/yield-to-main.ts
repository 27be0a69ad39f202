/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: one long start-up task becomes a few short ones (Lighthouse's Total Blocking Time counts
 * every task over 50 ms). `scheduler.yield()` where the browser has it (it resumes ahead of other
 * queued tasks), a zero-delay timer elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
