// Sign-in click → the dashboard's real content, with the CPU slowed down 4×, cold cache each run.
import { dashboardContent, fillSignIn, inFreshContext, openSignIn } from './journeys.mjs';
import { median } from './stats.mjs';

export const RUNS = 3;
const CPU_SLOWDOWN = 4;

function signInTime(browser, target, { role, email }) {
  return inFreshContext(
    browser,
    `${target.name}: ${role} sign-in at 4× CPU`,
    async (page, context) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await openSignIn(page, target.base);
      await fillSignIn(page, email);
      // A person takes seconds to type; the page loads the auth client meanwhile (it starts when the
      // form is reached for), so the click comes once the page is idle, as it would for a person.
      await page.waitForLoadState('networkidle');
      const started = Date.now();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await dashboardContent(page, role).waitFor({ timeout: 60_000 });
      return Date.now() - started;
    },
  );
}

/**
 * For one role, RUNS runs against each target, alternating (old, new, old, …) so a busy moment on
 * the machine does not land on one side only.
 * Returns { [target.name]: { median, runs } | { error } } (a failed run ends that target's series).
 */
export async function signInTimings(browser, targets, account) {
  const results = Object.fromEntries(targets.map((target) => [target.name, { runs: [] }]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const target of targets) {
      const result = results[target.name];
      if (result.error) continue;
      try {
        result.runs.push(await signInTime(browser, target, account));
      } catch (error) {
        results[target.name] = { error: error.message };
      }
    }
  }
  for (const result of Object.values(results))
    if (!result.error) result.median = median(result.runs);
  return results;
}
