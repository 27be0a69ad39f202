import type { Page } from '@playwright/test';

/**
 * Holds every script of the portal until `release` is called: the page as its HTML alone paints it
 * (the built sign-in page, the dashboard as last seen).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/static/js/**', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
