import { useEffect, type ReactNode } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { FullPageLoader } from '@portal/shared-ui';
import { authAtom, authEventWriteAtom, authService, paths } from '@portal/shared-data';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SessionCheckScreen } from '../features/errors/session-check-screen';
import { checkSession, checkSessionAgain } from './session';

/**
 * Shows a spinner until the start-up session check has answered (a signed-in route's loader has
 * usually started it already: session.ts). When the server could not be reached the stored session
 * is kept: the failure is shown with Try again (which checks again) instead of sending a signed-in
 * user to the sign-in page.
 */
export function SessionGate() {
  const auth = useAtomValue(authAtom);
  const store = useStore();
  const applyAuthEvent = useSetAtom(authEventWriteAtom);
  useEffect(() => {
    void checkSession(store);
    // Keeps the atom in step with background token refreshes and sign-outs in other tabs.
    return authService.onAuthEvent((event, tokens) => applyAuthEvent({ event, tokens }));
  }, [store, applyAuthEvent]);
  if (!auth.initialized) return <FullPageLoader />;
  if (auth.sessionCheckFailure && !auth.user) {
    return (
      <SessionCheckScreen
        failure={auth.sessionCheckFailure}
        onRetry={() => void checkSessionAgain(store)}
        retrying={auth.isLoading}
      />
    );
  }
  return <Outlet />;
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { user } = useAtomValue(authAtom);
  const location = useLocation();
  if (!user) return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** A signed-in visitor at /auth goes to the dashboard (a spinner while it loads). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAtomValue(authAtom);
  if (user) {
    return (
      <>
        <FullPageLoader />
        <Navigate to={paths.home} replace />
      </>
    );
  }
  return <>{children}</>;
}
