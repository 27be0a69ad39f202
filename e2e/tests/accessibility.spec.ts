import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '../../shell/src/app/route-table';
import { DEMO, DEMO_PASSWORD, passwordGrant, rest } from '../support/backend';

// Issue 12: every route of every role, in English and Spanish, light and dark, checked with axe-core
// against WCAG 2.1 A and AA. The shell's route table drives the list, so a screen is checked from the
// day its route lands. The main dialogs of each role are opened and checked too.
// Two passes cover both values of both axes: the language changes texts, their length and <html lang>;
// the scheme changes colours. Neither depends on the other (contrast.ts resolves colours per scheme,
// whatever the text), so English-light plus Spanish-dark finds what all four pairs would, in half the time.
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];
const ROLES = ['student', 'teacher', 'admin'] as const;
type Role = (typeof ROLES)[number];
const VARIANTS = [
  { language: 'en', scheme: 'light' },
  { language: 'es', scheme: 'dark' },
] as const;
type Variant = (typeof VARIANTS)[number];

// A course every role can open: the demo student is enrolled in it and the demo teacher teaches it,
// so its detail page shows materials, classes and reviews.
const COURSE = 'Spanish for Beginners';

/** A dialog a role opens from a screen, by what a person clicks, in either language. */
type DialogCheck = { name: string; path: string; open: (page: Page) => Promise<void> };

const click = (locator: (page: Page) => Locator) => (page: Page) => locator(page).click();

const LOGOUT: DialogCheck = {
  name: 'logout confirmation',
  path: '/',
  open: click((page) => page.getByRole('button', { name: /^(Logout|Cerrar sesión)$/ })),
};

const EDIT_PROFILE: DialogCheck = {
  name: 'edit profile',
  path: '/profile',
  open: click((page) => page.getByRole('button', { name: /^(Edit profile|Editar perfil)$/ })),
};

const CHANGE_PASSWORD: DialogCheck = {
  name: 'change password',
  path: '/profile',
  open: click((page) =>
    page.getByRole('button', { name: /^(Change password|Cambiar contraseña)$/ }),
  ),
};

const CLASS_FORM: DialogCheck = {
  name: 'class form',
  path: '/classes',
  open: click((page) =>
    page.getByRole('button', { name: /^(Schedule Class|Programar clase)$/ }).first(),
  ),
};

const CLASS_DELETE: DialogCheck = {
  name: 'class delete confirmation',
  path: '/classes',
  open: click((page) => page.getByRole('button', { name: /^(Delete|Eliminar)$/ }).first()),
};

const button = (name: RegExp) => click((page) => page.getByRole('button', { name }).first());

const ADD_MATERIAL: DialogCheck = {
  name: 'add material',
  path: '/materials',
  open: button(/^(Add Material|Agregar material)$/),
};

const ACTIVITY_FORM: DialogCheck = {
  name: 'activity form',
  path: '/activities',
  open: button(/^(Create Activity|Crear actividad)$/),
};

const SUBMISSIONS: DialogCheck = {
  name: 'submissions and grading',
  path: '/activities',
  open: button(/^(View submissions|Ver entregas)$/),
};

const ATTENDANCE: DialogCheck = {
  name: 'attendance',
  path: '/classes',
  open: async (page) => {
    // The segmented control's radios are visually hidden; a person clicks the label.
    await page
      .locator('label')
      .filter({ hasText: /^(Past|Pasadas)$/ })
      .click();
    await page
      .getByRole('button', { name: /^(Attendance|Asistencia)$/ })
      .first()
      .click();
  },
};

// The main dialogs of each role. New dialogs (the admin's course and user forms) join as they land.
const DIALOGS: Record<Role, DialogCheck[]> = {
  student: [
    LOGOUT,
    EDIT_PROFILE,
    CHANGE_PASSWORD,
    {
      name: 'material viewer',
      path: '/course-detail/:courseId',
      open: click((page) => page.getByRole('button', { name: /^(View|Ver) / }).first()),
    },
    {
      name: 'submit activity',
      path: '/activities',
      open: click((page) => page.getByRole('button', { name: /^(Submit|Entregar)$/ }).first()),
    },
    {
      name: 'drop course confirmation',
      path: '/my-courses',
      open: async (page) => {
        await page
          .getByRole('button', { name: /^(Details of|Detalles de) / })
          .first()
          .click();
        await page.getByRole('button', { name: /^(Drop course|Abandonar curso)$/ }).click();
      },
    },
  ],
  teacher: [
    LOGOUT,
    CLASS_FORM,
    CLASS_DELETE,
    ATTENDANCE,
    {
      name: 'course form',
      path: '/my-courses',
      open: button(/^(Create Course|Crear curso)$/),
    },
    ADD_MATERIAL,
    ACTIVITY_FORM,
    SUBMISSIONS,
    {
      name: 'student details',
      path: '/students',
      open: button(/^(View details|Ver detalles)/),
    },
  ],
  admin: [
    LOGOUT,
    CLASS_FORM,
    ADD_MATERIAL,
    ACTIVITY_FORM,
    { name: 'user form', path: '/users', open: button(/^(Create User|Crear usuario)$/) },
    { name: 'user import', path: '/users', open: button(/^(Import CSV|Importar CSV)$/) },
    {
      name: 'course form (admin)',
      path: '/courses',
      open: button(/^(Create Course|Crear curso)$/),
    },
    {
      name: 'student picker',
      path: '/courses',
      open: button(/^(Add student|Agregar estudiante)/),
    },
    {
      name: 'teacher form',
      path: '/teachers',
      open: button(/^(Add Teacher|Añadir profesor)$/),
    },
    {
      name: 'teacher delete with course handoff',
      path: '/teachers',
      open: button(/^(Delete|Eliminar)$/),
    },
    {
      name: 'settings reset confirmation',
      path: '/settings',
      open: button(/^(Reset to Defaults|Restablecer valores predeterminados)$/),
    },
  ],
};

// Views of a route that only an address parameter opens: the teacher calendar's planner.
const VIEWS: Record<Role, string[]> = {
  student: [],
  teacher: ['/calendar?view=planner'],
  admin: ['/calendar?view=planner'],
};

type Finding = { page: string; rule: string; impact: string; help: string; targets: string[] };

async function courseId(title: string): Promise<string> {
  const { token } = await passwordGrant(DEMO.admin, DEMO_PASSWORD);
  const response = await rest(`courses?select=id&title=eq.${encodeURIComponent(title)}`, token);
  const [course] = (await response.json()) as { id: string }[];
  if (!course) throw new Error(`no course ${title}`);
  return course.id;
}

/** Waits until the screen has its content: the shell's h1, no spinner or skeleton, no request in flight. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
}

async function scan(page: Page, label: string, findings: Finding[], include?: string) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const elements = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  // One line per page, so a run's log doubles as the per-screen report.
  console.log(`axe: ${label}: ${violations.length} rules, ${elements} elements`);
  for (const violation of violations) {
    findings.push({
      page: label,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) =>
        `${node.target.join(' ')} — ${node.failureSummary ?? ''}`.trim(),
      ),
    });
  }
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.page}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
        finding.targets.map((target) => `    ${target.replaceAll('\n', ' ')}`).join('\n'),
    )
    .join('\n');
}

async function prepare(page: Page, variant: Variant) {
  await page.addInitScript(
    ([language, scheme]) => {
      window.localStorage.setItem('portal.language', language);
      window.localStorage.setItem('mantine-color-scheme-value', scheme);
    },
    [variant.language, variant.scheme] as const,
  );
}

async function signIn(page: Page, role: Role) {
  await page.goto('/auth');
  await page.locator('input[type="email"]').fill(DEMO[role]);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await settled(page);
}

function withParams(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`no value for :${name} in ${path}`);
    return value;
  });
}

function routesOf(role: Role, params: Record<string, string>): string[] {
  return ROUTES.filter((route) => route.roles.includes(role)).map((route) =>
    withParams(route.path, params),
  );
}

// Dialogs are checked once they have finished opening; reduced motion makes that immediate.
test.use({ reducedMotion: 'reduce' });

for (const variant of VARIANTS) {
  const tag = `${variant.language}, ${variant.scheme}`;

  test(`sign-in page has no WCAG 2.1 AA violations (${tag})`, async ({ page }) => {
    await prepare(page, variant);
    const findings: Finding[] = [];
    await page.goto('/auth');
    await expect(page.locator('input[type="email"]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
    await expect(page).toHaveTitle(
      variant.language === 'en' ? 'Sign in · Lingua Academy' : 'Iniciar sesión · Lingua Academy',
    );
    await scan(page, `/auth (${tag})`, findings);
    expect(findings.length, report(findings)).toBe(0);
  });

  for (const role of ROLES) {
    test(`every ${role} screen has no WCAG 2.1 AA violations (${tag})`, async ({ page }) => {
      test.setTimeout(180_000);
      await prepare(page, variant);
      const params = { courseId: await courseId(COURSE) };
      await signIn(page, role);
      const findings: Finding[] = [];
      for (const path of [...routesOf(role, params), ...VIEWS[role]]) {
        await page.goto(path);
        await settled(page);
        // Screen readers pick the voice from <html lang>, and announce the tab title on arrival.
        await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
        await expect(page).toHaveTitle(/^.+ · Lingua Academy$/);
        await scan(page, `${role} ${path} (${tag})`, findings);
      }
      expect(findings.length, report(findings)).toBe(0);
    });

    test(`every ${role} dialog has no WCAG 2.1 AA violations (${tag})`, async ({ page }) => {
      test.setTimeout(180_000);
      await prepare(page, variant);
      const params = { courseId: await courseId(COURSE) };
      await signIn(page, role);
      const findings: Finding[] = [];
      for (const dialog of DIALOGS[role]) {
        await page.goto(withParams(dialog.path, params));
        await settled(page);
        await dialog.open(page);
        await expect(page.getByRole('dialog')).toBeVisible();
        // Not networkidle: a previewed video or PDF keeps streaming.
        await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
        // The dialog only: the page behind it is scanned on its own by the screens test.
        await scan(page, `${role} ${dialog.name} dialog (${tag})`, findings, '[role="dialog"]');
      }
      expect(findings.length, report(findings)).toBe(0);
    });
  }
}

// WCAG 1.4.10 Reflow, at the width of a small phone: no screen scrolls sideways, neither the page nor
// any box inside it (a table that scrolls within the page counts too). In Spanish, whose texts are
// the longer ones. The planner's time grid is the exception the criterion allows (a two-dimensional
// timetable), so only the routes are checked.
const PHONE = { width: 375, height: 812 };

for (const role of ROLES) {
  test(`every ${role} screen fits a ${PHONE.width} px phone without scrolling sideways`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await prepare(page, VARIANTS[1]);
    const params = { courseId: await courseId(COURSE) };
    await signIn(page, role);
    const overflowing: string[] = [];
    for (const path of routesOf(role, params)) {
      await page.goto(path);
      await settled(page);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        const root = document.documentElement;
        if (root.scrollWidth > window.innerWidth) out.push(`the page (${root.scrollWidth} px)`);
        for (const element of document.querySelectorAll<HTMLElement>('main *')) {
          const overflowX = getComputedStyle(element).overflowX;
          const scrolls = overflowX === 'auto' || overflowX === 'scroll';
          if (scrolls && element.scrollWidth > element.clientWidth) {
            out.push(
              `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} (${element.scrollWidth} px in ${element.clientWidth})`,
            );
          }
        }
        return out;
      });
      overflowing.push(...found.map((what) => `${role} ${path}: ${what}`));
    }
    await context.close();
    expect(overflowing, overflowing.join('\n')).toEqual([]);
  });
}
