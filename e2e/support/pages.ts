import { expect, type Page } from '@playwright/test';

/** The /auth screen, found the way a person finds it: by roles and labels. */
export class AuthScreen {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/auth');
    await expect(this.page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  async signUp(fields: { firstName: string; lastName: string; email: string; password: string }) {
    await this.page.getByRole('button', { name: 'Sign up' }).click();
    await this.page.getByLabel('First Name').fill(fields.firstName);
    await this.page.getByLabel('Last Name').fill(fields.lastName);
    await this.page.getByLabel('Email').fill(fields.email);
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Confirm Password').fill(fields.password);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
  }
}

export class Sidebar {
  constructor(private readonly page: Page) {}

  nav() {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  async itemNames(): Promise<string[]> {
    const links = this.nav().getByRole('link');
    await expect(links.first()).toBeVisible();
    return (await links.allInnerTexts()).map((text) => text.trim());
  }

  async logout() {
    await this.page.getByRole('button', { name: 'Logout' }).click();
    const dialog = this.page.getByRole('dialog');
    await expect(
      dialog.getByText('Are you sure you want to log out? You will need to sign in again to access your account.'),
    ).toBeVisible();
    return dialog;
  }
}
