import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail, ok } from '@portal/shared-data';
import { renderShell, student } from '../test-support/render-shell';
import {
  PRERENDER_ATTRIBUTE,
  PRERENDER_CONTAINER_ID,
  discardPrerender,
} from '../prerender/handover';
import {
  LAST_VIEW_ATTRIBUTE,
  LAST_VIEW_CONTAINER_ID,
  LAST_VIEW_STORAGE_KEY,
  releaseLastView,
} from '../prerender/last-view';
import { RequireSession, SessionGate } from './guards';

afterEach(() => vi.restoreAllMocks());

/** The server answers the stored session's check: that session is gone (revoked or expired). */
function rejectStoredSession() {
  vi.spyOn(authService, 'getSession').mockResolvedValue(
    fail('GET_SESSION_ERROR', 'Invalid Refresh Token: Refresh Token Not Found', {
      status: 400,
      code: 'refresh_token_not_found',
    }),
  );
}

function renderApp() {
  vi.spyOn(authService, 'onAuthEvent').mockReturnValue(() => {});
  return renderShell(
    <Routes>
      <Route element={<SessionGate />}>
        <Route path="/auth" element={<p>Sign-in page</p>} />
        <Route
          path="/"
          element={
            <RequireSession>
              <p>Signed-in home</p>
            </RequireSession>
          }
        />
      </Route>
    </Routes>,
    { initialized: false, path: '/' },
  );
}

describe('SessionGate', () => {
  it('keeps a stored session the server could not check, and Try again checks it again', async () => {
    vi.spyOn(authService, 'getSession')
      .mockResolvedValueOnce(fail('GET_SESSION_ERROR', 'Failed to fetch'))
      .mockResolvedValueOnce(ok({ user: student(), token: 't', refreshToken: 'r' }));
    const { user } = renderApp();

    expect(await screen.findByText(/The server could not be reached/)).toBeInTheDocument();
    expect(screen.getByText('Your session could not be checked:')).toBeInTheDocument();
    expect(screen.queryByText('Sign-in page')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Signed-in home')).toBeInTheDocument();
  });

  it('goes to the sign-in page when the server rejects the session', async () => {
    rejectStoredSession();
    renderApp();

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('SessionGate and the built sign-in page', () => {
  /** The built copy on show (build/prerender/), which only /auth's sign-in page takes over. */
  function showCopy() {
    document.documentElement.setAttribute(PRERENDER_ATTRIBUTE, 'en');
    const container = document.createElement('div');
    container.id = PRERENDER_CONTAINER_ID;
    document.body.append(container);
  }
  const copyShown = () => document.getElementById(PRERENDER_CONTAINER_ID) !== null;

  function renderAt(path: string, user: ReturnType<typeof student> | null) {
    vi.spyOn(authService, 'onAuthEvent').mockReturnValue(() => {});
    vi.spyOn(authService, 'getSession').mockResolvedValue(ok(null));
    return renderShell(
      <Routes>
        <Route element={<SessionGate />}>
          <Route path="/auth" element={<p>Sign-in page</p>} />
          <Route path="/" element={<p>Signed-in home</p>} />
        </Route>
      </Routes>,
      { path, user, initialized: true },
    );
  }

  afterEach(() => discardPrerender());

  it.each(['/auth', '/auth/'])('leaves it for the sign-in page at %s', async (path) => {
    showCopy();
    renderAt(path, null);
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(copyShown()).toBe(true);
  });

  it('removes it when the start goes to another page (a session signed in meanwhile)', async () => {
    showCopy();
    renderAt('/', student());
    expect(await screen.findByText('Signed-in home')).toBeInTheDocument();
    expect(copyShown()).toBe(false);
    expect(document.documentElement.hasAttribute(PRERENDER_ATTRIBUTE)).toBe(false);
  });
});

describe('SessionGate and the dashboard as last seen', () => {
  /** The copy on show, as build/prerender/last-view-script.js leaves it, and kept in storage. */
  function showLastView() {
    localStorage.setItem(LAST_VIEW_STORAGE_KEY, '{"userId":"user-1"}');
    document.documentElement.setAttribute(LAST_VIEW_ATTRIBUTE, 'shown');
    const container = document.createElement('div');
    container.id = LAST_VIEW_CONTAINER_ID;
    document.body.append(container);
  }
  const shown = () => document.getElementById(LAST_VIEW_CONTAINER_ID) !== null;

  afterEach(() => {
    releaseLastView();
    localStorage.clear();
  });

  it('removes and forgets it when the stored session turns out to be gone', async () => {
    showLastView();
    rejectStoredSession();
    renderApp();

    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(shown()).toBe(false);
    expect(document.documentElement.hasAttribute(LAST_VIEW_ATTRIBUTE)).toBe(false);
    expect(localStorage.getItem(LAST_VIEW_STORAGE_KEY)).toBeNull();
  });

  it('leaves it while a session restores, for the layout to hand over', async () => {
    showLastView();
    vi.spyOn(authService, 'onAuthEvent').mockReturnValue(() => {});
    // The check still on its way: the stored user's page is there, the answer not yet.
    vi.spyOn(authService, 'getSession').mockReturnValue(new Promise(() => {}));
    renderShell(
      <Routes>
        <Route element={<SessionGate />}>
          <Route path="/" element={<p>Signed-in home</p>} />
        </Route>
      </Routes>,
      { path: '/', user: student(), initialized: true },
    );

    expect(await screen.findByText('Signed-in home')).toBeInTheDocument();
    expect(shown()).toBe(true);
    expect(localStorage.getItem(LAST_VIEW_STORAGE_KEY)).not.toBeNull();
  });
});
