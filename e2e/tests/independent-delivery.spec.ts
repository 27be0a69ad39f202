import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen } from '../support/pages';
import { serveFolder } from '../support/servers';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The admin dashboard's English subtitle (admin-app/src/features/dashboard/i18n.ts). */
const SUBTITLE = 'An overview of the school: its totals, and how the chosen period compares.';
/** Where the new admin-app build is served: not where portal.config.json says it lives today. */
const NEW_ADMIN_PORT = 3103;

/** Every .js file under a folder. */
function scripts(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(folder, file));
}

/**
 * "A new release of admin-app": its current build copied to a temp folder with the dashboard
 * subtitle changed in the built chunks, so nothing in the workspace (and nothing of the shell)
 * is rebuilt.
 */
function releaseAdminApp(marker: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'admin-app-release-'));
  cpSync(join(ROOT, 'admin-app', 'dist'), folder, { recursive: true });
  let patched = 0;
  for (const file of scripts(folder)) {
    const code = readFileSync(file, 'utf8');
    if (!code.includes(SUBTITLE)) continue;
    writeFileSync(file, code.replaceAll(SUBTITLE, marker));
    patched += 1;
  }
  if (patched === 0)
    throw new Error(
      `No admin-app chunk holds "${SUBTITLE}": rebuild admin-app or update SUBTITLE.`,
    );
  return folder;
}

test('a remote released at another URL reaches users through portal.config.json alone', async ({
  page,
}) => {
  const marker = `Release ${Date.now()}: an overview of the school today.`;
  const folder = releaseAdminApp(marker);
  const release = await serveFolder(folder, NEW_ADMIN_PORT);
  try {
    const newManifest = `${release.origin}/mf-manifest.json`;
    // The operator's one change: the runtime config names the new admin-app. The shell's own
    // files are still the ones served from shell/dist.
    await page.route('**/portal.config.json', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as { remotes: Record<string, string> };
      await route.fulfill({
        response,
        json: { ...config, remotes: { ...config.remotes, admin: newManifest } },
      });
    });
    const manifestRequest = page.waitForRequest(newManifest);

    const auth = new AuthScreen(page);
    await auth.open();
    await auth.signIn(DEMO.admin, DEMO_PASSWORD);

    await manifestRequest;
    await expect(page.getByText(marker)).toBeVisible();
    await expect(page.getByText(SUBTITLE, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Total Users' })).toBeVisible();
  } finally {
    await release.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
