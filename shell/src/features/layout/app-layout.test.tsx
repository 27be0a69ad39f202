import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  IDLE_SIGN_OUT_STORAGE_KEY,
  authAtom,
  authService,
  initialAuthState,
  ok,
  settingsService,
  type AppUser,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { PortalUiProvider, initI18n } from '@portal/shared-ui';
import { PHONE_WIDTH, mediaQueryList, setWindowSize } from '@portal/shared-ui/test-utils';
import { student } from '../../test-support/render-shell';
import { useMessagesLive } from './use-messages-live';
import { useNotificationsLive } from './use-notifications-live';
import { AppLayout } from './app-layout';

// The live subscription needs the data client's socket; its own test is shared-data's
// use-live-invalidation.test.ts. Here: the layout asks for it with the signed-in user's id.
vi.mock('./use-notifications-live', () => ({ useNotificationsLive: vi.fn() }));
vi.mock('./use-messages-live', () => ({ useMessagesLive: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
});

/** The signed-in layout under the UI providers, as the shell's App mounts it. */
function renderLayout({
  loading = false,
  language = 'en' as 'en' | 'es',
  role = 'student' as AppUser['role'],
} = {}) {
  initI18n({ lng: language });
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, user: student({ role }), initialized: true });
  function Ui({ children }: { children: ReactNode }) {
    return <PortalUiProvider env="test">{children}</PortalUiProvider>;
  }
  const view = (
    <Provider store={store}>
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<AppLayout navigation={[]} loading={loading} />}>
              <Route path="/" element={<p>Dashboard page</p>} />
            </Route>
            <Route path="/auth" element={<p>Sign-in page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Provider>
  );
  const rendered = render(<Ui>{view}</Ui>);
  return {
    store,
    rerender: () => rendered.rerender(<Ui>{view}</Ui>),
    unmount: () => rendered.unmount(),
  };
}

describe('AppLayout and the notifications', () => {
  it("keeps the signed-in user's notifications live, once for the layout", async () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    renderLayout();
    await vi.waitFor(() => expect(useNotificationsLive).toHaveBeenCalledWith(student().id));
    expect(new Set(vi.mocked(useNotificationsLive).mock.calls.map(([id]) => id))).toEqual(
      new Set([student().id]),
    );
  });
});

describe('AppLayout and the messages', () => {
  it("keeps the signed-in user's messages (badge, inbox, open thread) live from every page", async () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    renderLayout();
    await vi.waitFor(() => expect(useMessagesLive).toHaveBeenCalledWith(student().id));
  });
});

describe('AppLayout and the school settings', () => {
  it.each([
    ['en', 'Need help? Write to'],
    ['es', '¿Necesitas ayuda? Escribe a'],
  ] as const)(
    "offers the school's contact at the foot of the sidebar, the same place on every screen (%s)",
    async (language, text) => {
      vi.spyOn(settingsService, 'getPublic').mockResolvedValue(
        ok({ ...DEFAULT_PUBLIC_SETTINGS, contactEmail: 'office@school.test' }),
      );
      renderLayout({ language });

      const help = await screen.findByTestId('school-contact');
      expect(help).toHaveTextContent(`${text} office@school.test`);
      expect(screen.getByRole('link', { name: 'office@school.test' })).toHaveAttribute(
        'href',
        'mailto:office@school.test',
      );
    },
  );

  it('offers no contact line when the school has set none', async () => {
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockResolvedValue(ok({ ...DEFAULT_PUBLIC_SETTINGS, contactEmail: '' }));
    renderLayout();
    await vi.waitFor(() => expect(getPublic).toHaveBeenCalled());
    expect(screen.queryByTestId('school-contact')).not.toBeInTheDocument();
  });

  it("reads the session's settings once, for its session timeout", async () => {
    const getPublic = vi
      .spyOn(settingsService, 'getPublic')
      .mockResolvedValue(ok({ ...DEFAULT_PUBLIC_SETTINGS, sessionTimeout: 30 }));
    const { rerender } = renderLayout();

    await vi.waitFor(() => expect(getPublic).toHaveBeenCalledOnce());
    rerender();
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    expect(getPublic).toHaveBeenCalledOnce();
  });

  it('signs an idle user out after the session timeout and says why on the sign-in page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(
      ok({ ...DEFAULT_PUBLIC_SETTINGS, sessionTimeout: 5 }),
    );
    const signOut = vi.spyOn(authService, 'signOut').mockResolvedValue(ok(null));
    renderLayout();
    await vi.waitFor(() => expect(settingsService.getPublic).toHaveBeenCalled());
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60_000);
    });

    expect(signOut).toHaveBeenCalledOnce();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(sessionStorage.getItem(IDLE_SIGN_OUT_STORAGE_KEY)).toBe('5');
  });
});

describe('AppLayout while the next page loads', () => {
  it('keeps the page on show and says the next one is loading', () => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    renderLayout({ loading: true });
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  });
});

describe('AppLayout names the portal of each role', () => {
  it.each([
    ['student', 'Student Portal', 'Portal de estudiantes'],
    ['teacher', 'Teacher Portal', 'Portal docente'],
    ['admin', 'Admin Portal', 'Portal de administración'],
  ] as const)('%s: "%s", in Spanish "%s" (no "Portal de Profesor")', (role, english, spanish) => {
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    const view = renderLayout({ role });
    expect(screen.getByText(english)).toBeInTheDocument();
    view.unmount();
    renderLayout({ role, language: 'es' });
    expect(screen.getByText(spanish)).toBeInTheDocument();
  });
});

describe('AppLayout on a phone (WCAG 2.4.11)', () => {
  // The width hides the phone's header (with its menu button) from `sm` up, as Mantine's CSS does;
  // matchMedia tells the navbar which layout it is in.
  const screenIs = (phone: boolean) => {
    setWindowSize({ width: phone ? PHONE_WIDTH : 1280 });
    return vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) =>
        mediaQueryList(query, phone && query === '(max-width: 47.99em)'),
      );
  };
  const navbar = () =>
    screen.getByRole('navigation', { name: 'Main navigation' }).closest('.mantine-AppShell-navbar');

  it('keeps the closed menu out of the tab order, and opens it to the keyboard', async () => {
    screenIs(true);
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    renderLayout();
    await vi.waitFor(() => expect(navbar()).toHaveAttribute('inert'));

    act(() => screen.getByRole('button', { name: 'Toggle navigation' }).click());
    await vi.waitFor(() => expect(navbar()).not.toHaveAttribute('inert'));
  });

  it('leaves the sidebar of a wider screen alone', async () => {
    screenIs(false);
    vi.spyOn(settingsService, 'getPublic').mockResolvedValue(ok(DEFAULT_PUBLIC_SETTINGS));
    renderLayout();
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    expect(navbar()).not.toHaveAttribute('inert');
  });
});
