import { expect, test, type ConsoleMessage } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen } from '../support/pages';
import { startAppServer, stopAppServer } from '../support/servers';

test('one react-dom for the whole page, no shared-version warnings, no console errors', async ({
  page,
}) => {
  const warnings: string[] = [];
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (/unsatisfied version|shared singleton|version-first|shared module/i.test(text))
      warnings.push(text);
    if (message.type() === 'error') errors.push(text);
  });
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(DEMO.admin, DEMO_PASSWORD);
  await expect(page.getByRole('group', { name: 'Total Users' })).toBeVisible();

  const reactDomCopies = await page.evaluate(() => {
    type ShareEntry = { loaded?: boolean; loading?: unknown; lib?: unknown };
    type Federation = {
      __INSTANCES__?: {
        shareScopeMap?: Record<string, Record<string, Record<string, ShareEntry>>>;
      }[];
    };
    const federation = (globalThis as unknown as { __FEDERATION__?: Federation }).__FEDERATION__;
    const copies = new Set<string>();
    for (const instance of federation?.__INSTANCES__ ?? []) {
      for (const scope of Object.values(instance.shareScopeMap ?? {})) {
        for (const [version, entry] of Object.entries(scope['react-dom'] ?? {})) {
          if (entry.loaded || entry.lib) copies.add(version);
        }
      }
    }
    return copies.size;
  });
  expect(reactDomCopies).toBe(1);
  expect(warnings).toEqual([]);
  expect(errors).toEqual([]);
});

test('with teacher-app down, teacher pages show the unavailable panel and the rest works', async ({
  page,
}) => {
  await stopAppServer('teacher-app');
  try {
    const auth = new AuthScreen(page);
    await auth.open();
    await auth.signIn(DEMO.teacher, DEMO_PASSWORD);

    await expect(page.getByText('This section is unavailable')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The runtime's message is there for a bug report, folded away from the user.
    await expect(page.getByText('Technical details')).toBeVisible();
    await expect(page.getByText(/RUNTIME-003/)).toBeHidden();
    await expect(page.getByText('Teacher Portal')).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText(DEMO.teacher).first()).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByText('This section is unavailable')).toBeVisible({ timeout: 20_000 });

    await startAppServer('teacher-app');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    await startAppServer('teacher-app');
  }
});
