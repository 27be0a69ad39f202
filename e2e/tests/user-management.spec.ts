import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from '../support/backend';
import { AuthScreen } from '../support/pages';

// Issue 9, User Management: an admin in the Spanish UI submits the empty form and reads the spec's
// Spanish messages, creates a teacher and reads the one-time temporary password; the teacher signs in
// with it; the admin deactivates the account and the same password no longer signs in.

test('an admin creates a teacher who signs in with the temporary password, then deactivates them', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('new-teacher');

  const adminContext = await browser.newContext();
  await adminContext.addInitScript(() => window.localStorage.setItem('portal.language', 'es'));
  const admin = await adminContext.newPage();
  await admin.goto('/auth');
  await admin.locator('input[type="email"]').fill(DEMO.admin);
  await admin.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await admin.locator('button[type="submit"]').click();
  await admin.getByRole('navigation').getByRole('link', { name: 'Gestión de usuarios' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Gestión de usuarios' })).toBeVisible();

  await admin.getByRole('button', { name: 'Crear usuario' }).first().click();
  const form = admin.getByRole('dialog', { name: 'Crear usuario' });
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  for (const message of [
    'Todos los campos son obligatorios',
    'Nombre requerido',
    'Apellido requerido',
    'Email requerido',
    'Rol requerido',
  ]) {
    await expect(form.getByText(message).first()).toBeVisible();
  }
  await form.getByRole('textbox', { name: /^Nombre/ }).fill('Valeria');
  await form.getByRole('textbox', { name: /^Apellido/ }).fill('Núñez');
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('combobox', { name: 'Rol' }).click();
  await admin.getByRole('option', { name: 'Profesor' }).click();
  await form.getByRole('button', { name: 'Crear usuario' }).click();

  const created = admin.getByRole('dialog', { name: 'Usuario creado' });
  await expect(created).toBeVisible();
  await expect(admin.getByText('Usuario creado correctamente.')).toBeVisible();
  const password = (await created.locator('code').innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await created.getByRole('button', { name: 'Listo' }).click();

  // The new teacher signs in with the temporary password.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  const auth = new AuthScreen(teacher);
  await auth.open();
  await auth.signIn(email, password);
  await expect(teacher.getByText('Teacher Portal')).toBeVisible();
  await teacherContext.close();

  // Deactivated: the same password no longer opens a session.
  await admin.getByRole('searchbox').fill(email);
  // The search (debounced) narrows the table to this account.
  const deactivate = admin.getByRole('button', { name: 'Desactivar a Valeria Núñez' });
  await expect(deactivate).toHaveCount(1);
  await deactivate.click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  const retry = new AuthScreen(again);
  await retry.open();
  await retry.signIn(email, password);
  await expect(again.getByRole('alert')).toBeVisible();
  await expect(again).toHaveURL(/\/auth/);
  await againContext.close();
  await adminContext.close();
});
