import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from '../support/backend';
import { AuthScreen, Portal } from '../support/pages';
import { serveFolder, startAppServer, stopAppServer } from '../support/servers';
import { VariantWorkspace } from '../support/variants';

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

// Each team ships alone (docs/shared-packages.md). A release of teacher-app that starts using shared
// exports no app used before (two @mantine/core components, a @mantine/hooks hook, a new export of
// its own copy of @portal/shared-data) runs inside the unchanged deployed shell, with the shell's
// theme and session, while the other remotes are untouched; and a new shell runs the old remotes.
// Each variant is built once, from a copy of the workspace (support/variants.ts).
test.describe('shared exports no app used before', () => {
  test.describe.configure({ mode: 'serial' });
  const TEACHER_RELEASE_PORT = 3104;
  const SHELL_RELEASE_MARK = 'Rating function, useHeadroom function';
  let workspace: VariantWorkspace;
  let teacherDist: string;
  let shellDist: string;

  test.beforeAll(() => {
    test.setTimeout(900_000);
    workspace = new VariantWorkspace();

    // The teacher team's new shared-data export: a read of the page's one session.
    workspace.write(
      'shared-data/src/read-models/session-email.ts',
      `import { getClient } from '@portal/shared-data/session';

/** The signed-in person's email, from the page's one Supabase session. */
export async function sessionEmail(): Promise<string | null> {
  const { data } = await getClient().auth.getSession();
  return data.session?.user.email ?? null;
}
`,
    );
    workspace.write(
      'shared-data/src/index.ts',
      `${workspace.read('shared-data/src/index.ts')}\nexport { sessionEmail } from './read-models/session-email';\n`,
    );
    // Its dashboard gains a panel built from them.
    workspace.copyPackage('teacher-app');
    workspace.write(
      'teacher-app/src/features/dashboard/release-panel.tsx',
      `import { Button, Stepper, Text, Timeline } from '@mantine/core';
import { useCounter } from '@mantine/hooks';
import { sessionEmail } from '@portal/shared-data';
import { useEffect, useState } from 'react';
import DashboardScreen from './dashboard-screen';

export default function ReleaseDashboard() {
  const [count, counter] = useCounter(0);
  const [email, setEmail] = useState('(reading)');
  useEffect(() => {
    sessionEmail().then(
      (found) => setEmail(found ?? '(none)'),
      (error: unknown) => setEmail(\`failed: \${String(error)}\`),
    );
  }, []);
  return (
    <>
      <section aria-label="Release panel">
        <Stepper active={1}>
          <Stepper.Step label="Plan" />
          <Stepper.Step label="Teach" />
        </Stepper>
        <Timeline active={0}>
          <Timeline.Item title="Shipped alone" />
        </Timeline>
        <Button onClick={counter.increment}>Counted {count}</Button>
        <Text>Session of {email}</Text>
      </section>
      <DashboardScreen />
    </>
  );
}
`,
    );
    workspace.edit(
      'teacher-app/src/app/pages.ts',
      "file: './src/features/dashboard/dashboard-screen.tsx'",
      "file: './src/features/dashboard/release-panel.tsx'",
    );
    teacherDist = workspace.build('teacher-app');

    // The shell team's release starts using a component and a hook no app used before.
    workspace.copyPackage('shell');
    workspace.write(
      'shell/src/release-mark.ts',
      `import { Rating } from '@mantine/core';
import { useHeadroom } from '@mantine/hooks';

document.documentElement.dataset.release = \`Rating \${typeof Rating}, useHeadroom \${typeof useHeadroom}\`;
`,
    );
    workspace.write(
      'shell/src/bootstrap.tsx',
      `import './release-mark';\n${workspace.read('shell/src/bootstrap.tsx')}`,
    );
    shellDist = workspace.build('shell');
  });

  test.afterAll(() => workspace?.remove());

  /** Signs in and waits for the role's dashboard (its remote's manifest, then its content). */
  async function signIn(page: Page, email: string, manifest: string | RegExp) {
    const manifestRequest = page.waitForRequest(manifest);
    const auth = new AuthScreen(page);
    await auth.open();
    await auth.signIn(email, DEMO_PASSWORD);
    await manifestRequest;
  }

  /** The other roles' dashboards, from their usual remotes. */
  async function otherRemotesWork(browser: Browser, routeConfig: (page: Page) => Promise<unknown>) {
    for (const [email, port, content] of [
      [DEMO.student, 3001, { role: 'region', name: 'My Courses' }],
      [DEMO.admin, 3003, { role: 'group', name: 'Total Users' }],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await routeConfig(page);
      await signIn(page, email, `http://localhost:${port}/mf-manifest.json`);
      await expect(page.getByRole(content.role, { name: content.name }).first()).toBeVisible();
      await expect(page.getByText('This section is unavailable')).toHaveCount(0);
      await context.close();
    }
  }

  test("a teacher-app release runs in the deployed shell, with the shell's theme and session", async ({
    browser,
  }) => {
    const release = await serveFolder(teacherDist, TEACHER_RELEASE_PORT);
    const manifest = `${release.origin}/mf-manifest.json`;
    const pointTeacherAtRelease = (page: Page) =>
      page.route('**/portal.config.json', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as { remotes: Record<string, string> };
        await route.fulfill({
          response,
          json: { ...config, remotes: { ...config.remotes, teacher: manifest } },
        });
      });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await pointTeacherAtRelease(page);
      await signIn(page, DEMO.teacher, manifest);

      const panel = page.getByRole('region', { name: 'Release panel' });
      await expect(panel.getByText('Shipped alone')).toBeVisible();
      await panel.getByRole('button', { name: 'Counted 0' }).click();
      await expect(panel.getByRole('button', { name: 'Counted 1' })).toBeVisible();
      // The new shared-data export reached the shell's session, not a second client.
      await expect(panel.getByText(`Session of ${DEMO.teacher}`)).toBeVisible();
      // The new component is styled by the shell's stylesheet and takes the school's primary colour.
      const colours = await panel.evaluate((section) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--mantine-primary-color-filled)';
        document.body.append(probe);
        const primary = getComputedStyle(probe).backgroundColor;
        probe.remove();
        const icon = section.querySelector('.mantine-Stepper-stepIcon[data-completed]');
        return { primary, step: icon ? getComputedStyle(icon).backgroundColor : 'no icon' };
      });
      expect(colours.primary).not.toBe('rgba(0, 0, 0, 0)');
      expect(colours.step).toBe(colours.primary);
      // The release's own dashboard and its other screens work too.
      await expect(page.getByRole('region', { name: 'Course Performance' })).toBeVisible();
      await new Portal(page).open('My Courses');
      await expect(page.getByRole('button', { name: 'Create Course' }).first()).toBeVisible();
      await expect(page.getByText('This section is unavailable')).toHaveCount(0);
      expect(errors).toEqual([]);
      await context.close();

      // The student and admin apps are untouched, also beside the released teacher-app.
      await otherRemotesWork(browser, pointTeacherAtRelease);
    } finally {
      await release.close();
    }
  });

  test('a new shell build runs the deployed remotes', async ({ browser }) => {
    await stopAppServer('shell');
    const shell = await serveFolder(shellDist, 3000, { spa: true });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, DEMO.teacher, 'http://localhost:3002/mf-manifest.json');
      await expect(page.locator('html')).toHaveAttribute('data-release', SHELL_RELEASE_MARK);
      await expect(page.getByRole('region', { name: 'Course Performance' })).toBeVisible();
      await new Portal(page).open('My Courses');
      await expect(page.getByRole('button', { name: 'Create Course' }).first()).toBeVisible();
      await expect(page.getByText('This section is unavailable')).toHaveCount(0);
      await context.close();
      await otherRemotesWork(browser, async () => {});
    } finally {
      await shell.close();
      await startAppServer('shell');
    }
  });
});
