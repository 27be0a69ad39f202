import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authService, fail, ok } from '@portal/shared-data';
import { renderShell, student } from '../test-support/render-shell';
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
