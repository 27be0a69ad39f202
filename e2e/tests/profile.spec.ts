import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi, uniqueEmail } from '../support/backend';
import { AuthScreen, Portal, Sidebar } from '../support/pages';

// The profile screen (/profile, every role) as a person uses it, on a fresh account made through the
// API (never a demo account, so other journeys see the seed unchanged): edit the personal fields and
// see the sidebar follow at once and after a reload; upload, replace and remove a photo; change the
// password (the current one is asked) and sign in with the new one.

/** 1×1 pictures, small enough for any bucket limit. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
/** A PNG one byte over the avatars bucket's 2 MB. */
const TOO_BIG = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]);

const AVATAR_URL = (ext: string) =>
  new RegExp(`/storage/v1/object/public/avatars/[0-9a-f-]{36}/\\d+-[a-z0-9]{8}\\.${ext}$`);

class ProfileScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await new Portal(this.page).open('Profile');
  }

  sidebarUser() {
    return this.page.getByTestId('sidebar-user');
  }

  /** A value of the "Personal information" list, by its label. */
  field(label: string) {
    return this.page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  async editProfile() {
    await this.page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Edit profile' });
    await expect(dialog.getByLabel(/^First name/)).toBeFocused();
    return dialog;
  }

  async choosePhoto(name: string, mimeType: string, buffer: Buffer) {
    // The Upload / Change photo button opens the system picker; its file input takes the file.
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
  }

  /** The profile card's photo (the sidebar shows the same URL). */
  photo() {
    return this.page.getByRole('img', { name: /^Profile photo of / });
  }

  async changePassword() {
    await this.page.getByRole('button', { name: 'Change password' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Change password' });
    await expect(dialog.getByLabel(/^Current password/)).toBeFocused();
    return dialog;
  }
}

async function signedInAsNewStudent(page: Page, password: string) {
  const email = uniqueEmail('profile');
  await signUpThroughApi(email, password, 'Marta', 'Perfil');
  const auth = new AuthScreen(page);
  await auth.open();
  await auth.signIn(email, password);
  await expect(page.getByRole('heading', { name: 'Welcome back, Marta!' })).toBeVisible();
  const profile = new ProfileScreen(page);
  await profile.open();
  return { email, auth, profile };
}

test('a user edits their profile; the sidebar shows the new name at once and after a reload', async ({
  page,
}) => {
  const { profile } = await signedInAsNewStudent(page, 'first-secret');
  await expect(profile.sidebarUser()).toContainText('Marta Perfil');

  const dialog = await profile.editProfile();
  await dialog.getByLabel(/^First name/).fill('');
  await dialog.getByLabel(/^Phone/).fill('call me');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(
    dialog.getByText('Enter a valid phone number (digits, spaces and + ( ) - . /).'),
  ).toBeVisible();

  await dialog.getByLabel(/^First name/).fill('Martina');
  await dialog.getByLabel(/^Last name/).fill('Pérez Perfil');
  await dialog.getByLabel(/^Phone/).fill('+34 600 123 456');
  await dialog.getByLabel(/^Location/).fill('Sevilla');
  await dialog.getByLabel(/^Bio/).fill('Aprendo inglés para el trabajo.');
  await expect(dialog.getByText('7/120')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save changes' }).click();

  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  // At once: the sidebar reads the session the save updated.
  await expect(profile.sidebarUser()).toContainText('Martina Pérez Perfil');
  await expect(page.getByRole('heading', { level: 2, name: 'Martina Pérez Perfil' })).toBeVisible();
  await expect(profile.field('Location')).toHaveText('Sevilla');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(profile.sidebarUser()).toContainText('Martina Pérez Perfil');
  await expect(profile.field('Phone')).toHaveText('+34 600 123 456');
  await expect(profile.field('Bio')).toHaveText('Aprendo inglés para el trabajo.');
});

test('a user uploads, replaces and removes their photo', async ({ page }) => {
  const { profile } = await signedInAsNewStudent(page, 'photo-secret');
  // The sidebar's photo sits beside the name, so it may be decorative (no accessible name).
  const sidebarPhoto = profile.sidebarUser().locator('img');
  await expect(sidebarPhoto).toHaveCount(0);

  // Refused in the browser, before anything is sent.
  await profile.choosePhoto('huge.png', 'image/png', TOO_BIG);
  await expect(page.getByRole('alert')).toContainText(
    'The picture is too large: it can be at most 2 MB.',
  );

  await profile.choosePhoto('me.png', 'image/png', PNG);
  await expect(page.getByText('Profile photo updated').first()).toBeVisible();
  await expect(profile.photo()).toHaveAttribute('src', AVATAR_URL('png'));
  await expect(sidebarPhoto).toHaveAttribute('src', AVATAR_URL('png'));
  const pngUrl = (await sidebarPhoto.getAttribute('src')) ?? '';
  expect((await page.request.get(pngUrl)).status()).toBe(200);

  // Another type replaces it: a new URL at once, and the old picture is gone from storage.
  await profile.choosePhoto('me.webp', 'image/webp', WEBP);
  await expect(sidebarPhoto).toHaveAttribute('src', AVATAR_URL('webp'));
  expect((await page.request.get(pngUrl)).ok()).toBe(false);

  await page.getByRole('button', { name: 'Remove photo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove profile photo' });
  await confirm.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Profile photo removed').first()).toBeVisible();
  await expect(sidebarPhoto).toHaveCount(0);
  await expect(profile.sidebarUser()).toContainText('MP');
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await expect(profile.sidebarUser().locator('img')).toHaveCount(0);
});

test('a user changes their password (the current one is asked) and signs in with the new one', async ({
  page,
}) => {
  const { email, auth, profile } = await signedInAsNewStudent(page, 'old-secret');

  let dialog = await profile.changePassword();
  await dialog.getByLabel(/^Current password/).fill('not-my-password');
  await dialog.getByLabel(/^New password/).fill('new-secret');
  await dialog.getByLabel(/^Confirm new password/).fill('new-secret');
  await dialog.getByRole('button', { name: 'Update password' }).click();
  await expect(dialog.getByText('The current password is not correct.')).toBeVisible();
  await expect(dialog.getByLabel(/^New password/)).toHaveValue('new-secret');

  await dialog.getByLabel(/^Current password/).fill('old-secret');
  await dialog.getByLabel(/^Confirm new password/).fill('other-secret');
  await dialog.getByRole('button', { name: 'Update password' }).click();
  await expect(dialog.getByText('Passwords do not match.')).toBeVisible();

  await dialog.getByLabel(/^Confirm new password/).fill('new-secret');
  await dialog.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated successfully').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // Still signed in on this page after the change.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  const logout = await new Sidebar(page).logout();
  await logout.getByRole('button', { name: 'Logout' }).click();
  await auth.open();
  await auth.signIn(email, 'old-secret');
  await expect(page.getByRole('alert')).toContainText('Invalid login credentials');
  await auth.signIn(email, 'new-secret');
  await expect(page.getByRole('heading', { name: 'Welcome back, Marta!' })).toBeVisible();

  // Opening the dialog again starts empty.
  await profile.open();
  dialog = await profile.changePassword();
  await expect(dialog.getByLabel(/^Current password/)).toHaveValue('');
});
