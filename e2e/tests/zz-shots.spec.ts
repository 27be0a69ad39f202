import { test } from '@playwright/test';
test.use({ viewport: { width: 375, height: 800 } });
test('shots es', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));
  await page.goto('/auth');
  await page.locator('input[type=email]').fill('teacher@school.test');
  await page.locator('input[type=password]').fill('password123');
  await page.locator('button[type=submit]').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  const shots: [string, ((p: typeof page) => Promise<void>) | null][] = [
    ['/', null],
    ['/my-courses?new=1', null],
    ['/classes?new=1', null],
    ['/materials', async (p) => { await p.getByRole('button', { name: 'Agregar material' }).first().click(); }],
    ['/activities', async (p) => { await p.getByRole('button', { name: 'Ver entregas' }).first().click(); }],
    ['/activities?new=1', null],
    ['/students', async (p) => { await p.getByRole('button', { name: /^Ver detalles/ }).first().click(); }],
    ['/calendar', null],
  ];
  let i = 0;
  for (const [path, act] of shots) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (act) await act(page);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/es${i++}.png`, fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`overflow ${path}: ${overflow}px`);
  }
});
