// The sign-in page's HTML as the build renders it (build/sign-in-page.tsx), and the app's hydration
// of it (bootstrap.tsx, docs/start-up.md).
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { createStore } from 'jotai';
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authService,
  configureDataClient,
  fail,
  resetDataClientForTests,
} from '@portal/shared-data';
import { renderSignInPage } from '../../build/sign-in-page';
import { AppProviders } from './app';
import { portalRoutes } from './router';
import { checkSession } from './session';

let root: Root | null = null;

// React's act() for a root made here (Testing Library's render would say so itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  resetDataClientForTests();
  vi.restoreAllMocks();
});

describe('the sign-in page built as HTML', () => {
  it('shows the page before any script runs: the heading and fields in English, the buttons waiting', async () => {
    const page = await renderSignInPage();
    document.body.innerHTML = `<div id="root">${page.markup}</div>`;
    const built = within(document.body);

    expect(page.title).toBe('Sign in · Lingua Academy');
    expect(page.language).toBe('en');
    expect(built.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(built.getByRole('heading', { level: 1, name: 'Lingua Academy' })).toBeInTheDocument();
    expect(built.getByLabelText('Email')).toBeEnabled();
    expect(built.getByLabelText('Password')).toBeEnabled();
    expect(built.getByLabelText('Remember me')).toBeChecked();
    // Until the app runs they could do nothing: they say so.
    expect(built.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(built.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    expect(built.getByRole('button', { name: 'Forgot password?' })).toBeDisabled();
    expect(built.getByRole('radio', { name: 'Español' })).toBeDisabled();
  });

  it('is hydrated by the app without a mismatch, keeping the nodes and what was typed before', async () => {
    const page = await renderSignInPage();
    document.body.innerHTML = `<div id="root">${page.markup}</div>`;
    const container = document.getElementById('root')!;
    const built = within(container);
    // The visitor types before the app runs.
    const email = built.getByLabelText('Email');
    const password = built.getByLabelText('Password');
    const remember = built.getByLabelText('Remember me');
    (email as HTMLInputElement).value = 'ana@school.test';
    (password as HTMLInputElement).value = 'secret123';
    (remember as HTMLInputElement).checked = false;

    const signIn = vi
      .spyOn(authService, 'signIn')
      .mockResolvedValue(fail('LOGIN_ERROR', 'Invalid login credentials', { status: 400 }));
    const consoleErrors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    // The app's first render as the bootstrap makes it: the visitor's session check has answered
    // (nothing stored: it needs no network).
    configureDataClient({
      supabaseUrl: 'http://127.0.0.1:1',
      supabaseAnonKey: 'anon',
      apiProvider: 'supabase',
      remotes: { student: '', teacher: '', admin: '' },
    });
    const store = createStore();
    await checkSession(store);
    const router = createMemoryRouter(portalRoutes(), { initialEntries: ['/auth'] });
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders store={store}>
          <RouterProvider router={router} />
        </AppProviders>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
    });

    const signInButton = built.getByRole('button', { name: 'Sign In' });
    expect(signInButton).toBeEnabled();
    expect(built.getByRole('radio', { name: 'Español' })).toBeEnabled();
    // Hydrated, not rendered over: React found every node as built (React reports a mismatch as a
    // recoverable error, an attribute it leaves as built as a console error).
    expect(recoverable).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(built.getByLabelText('Email')).toBe(email);
    expect(email).toHaveValue('ana@school.test');
    expect(password).toHaveValue('secret123');
    expect(remember).not.toBeChecked();

    // The form has what the fields show.
    await userEvent.click(signInButton);
    expect(signIn).toHaveBeenCalledWith({
      email: 'ana@school.test',
      password: 'secret123',
      remember: false,
    });
  });
});
