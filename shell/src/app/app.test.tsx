import { useMantineColorScheme, useMantineTheme } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  PUBLIC_SETTINGS_STORAGE_KEY,
  authAtom,
  fail,
  initialAuthState,
  ok,
  settingsService,
  type PublicSettings,
} from '@portal/shared-data';
import { createQueryClient, settingsKeys } from '@portal/shared-data/queries';
import { LANGUAGE_STORAGE_KEY, initI18n, useSiteName, usePageTitle } from '@portal/shared-ui';
import { SchoolSettings } from './app';

const school: PublicSettings = {
  siteName: 'Escuela Sol',
  contactEmail: '',
  defaultLanguage: 'es',
  theme: 'dark',
  primaryColor: '#7C3AED',
  secondaryColor: '#0EA5E9',
  accentColor: '#F43F5E',
  currency: 'EUR',
  sessionTimeout: null,
};

/** What a page under the shell sees: the brand, the tab title, the scheme, the palette, the language. */
function Page() {
  usePageTitle('Dashboard');
  const theme = useMantineTheme();
  const { colorScheme } = useMantineColorScheme();
  const { i18n } = useTranslation();
  return (
    <ul>
      <li>brand: {useSiteName()}</li>
      <li>scheme: {colorScheme}</li>
      <li>primary: {theme.colors.brand?.join(' ')}</li>
      <li>accent: {theme.colors.accent?.join(' ')}</li>
      <li>language: {i18n.language}</li>
    </ul>
  );
}

/** A page whose start-up session check has answered: a visitor. */
function checkedStore() {
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, initialized: true });
  return store;
}

function renderSettings(store = checkedStore()) {
  const queryClient = createQueryClient({ retry: false });
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <SchoolSettings>
          <Page />
        </SchoolSettings>
      </QueryClientProvider>
    </Provider>,
  );
  return { store, queryClient };
}

beforeEach(() => initI18n({ lng: 'en' }));

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('SchoolSettings', () => {
  it('paints with the defaults at once, then applies the school settings from one request', async () => {
    let answer: (value: Awaited<ReturnType<typeof settingsService.getPublic>>) => void = () => {};
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockReturnValue(new Promise((resolve) => (answer = resolve)));

    renderSettings();

    // Nothing waits for the server: the defaults are on the page.
    expect(screen.getByText('brand: Lingua Academy')).toBeInTheDocument();
    expect(screen.getByText('scheme: light')).toBeInTheDocument();
    expect(screen.getByText(/^primary: .*#3b82f6/)).toBeInTheDocument();

    answer(ok(school));

    expect(await screen.findByText('brand: Escuela Sol')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Escuela Sol');
    expect(screen.getByText('scheme: dark')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // A school's own colours wait for the colour generator, which loads on first need.
    expect(
      await screen.findByText(/^primary: .*#7c3aed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^accent: .*#f43f5e/)).toBeInTheDocument();
    // A visitor who never chose a language is greeted in the school's default.
    expect(screen.getByText('language: es')).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(getPublic).toHaveBeenCalledTimes(1);
  });

  it("keeps a visitor's own language choice", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(school));

    renderSettings();

    expect(await screen.findByText('brand: Escuela Sol')).toBeInTheDocument();
    expect(screen.getByText('language: en')).toBeInTheDocument();
  });

  it('greets in English when the default is a language without screens', async () => {
    initI18n({ lng: 'es' });
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(
      ok({ ...school, defaultLanguage: 'de' }),
    );

    renderSettings();

    expect(await screen.findByText('brand: Escuela Sol')).toBeInTheDocument();
    expect(screen.getByText('language: en')).toBeInTheDocument();
  });

  it('remembers the settings for the next load, and paints them from there before asking', async () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(school));
    renderSettings();
    await screen.findByText('brand: Escuela Sol');
    expect(JSON.parse(localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({
      siteName: 'Escuela Sol',
      theme: 'dark',
    });

    // The next load: a new page paints the copy while its own read is on its way.
    vi.spyOn(settingsService, 'getPublic').mockReturnValue(new Promise(() => {}));
    renderSettings();
    expect(screen.getAllByText('brand: Escuela Sol')).toHaveLength(2);
  });

  it('reads nothing until the start-up session check has answered, then reads once', async () => {
    const getPublic = vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(school));
    const store = createStore();
    renderSettings(store);
    expect(screen.getByText('brand: Lingua Academy')).toBeInTheDocument();
    expect(getPublic).not.toHaveBeenCalled();

    act(() => store.set(authAtom, { ...initialAuthState, initialized: true }));

    expect(await screen.findByText('brand: Escuela Sol')).toBeInTheDocument();
    expect(getPublic).toHaveBeenCalledTimes(1);
  });

  it('keeps what it shows when the settings cannot be read', async () => {
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockResolvedValue(fail('QUERY_ERROR', 'Failed to load settings'));

    renderSettings();

    await waitFor(() => expect(getPublic).toHaveBeenCalled());
    expect(screen.getByText('brand: Lingua Academy')).toBeInTheDocument();
    expect(screen.getByText('scheme: light')).toBeInTheDocument();
  });

  it('follows a later change live (an admin saving while signed in)', async () => {
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    const { queryClient } = renderSettings();
    await waitFor(() => expect(getPublic).toHaveBeenCalled());

    getPublic.mockResolvedValue(ok({ ...school, theme: 'auto', siteName: 'Escuela Luna' }));
    // What a successful settings mutation declares it changes (settingsMutations' meta).
    await act(() => queryClient.invalidateQueries({ queryKey: settingsKeys.all }));

    expect(await screen.findByText('brand: Escuela Luna')).toBeInTheDocument();
    expect(screen.getByText('scheme: auto')).toBeInTheDocument();
  });
});
