import { useDeferredValue, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FullPageLoader } from '@portal/shared-ui';
import {
  authAtom,
  authEventWriteAtom,
  authService,
  initializeAuthWriteAtom,
  paths,
  rememberMeStorage,
} from '@portal/shared-data';
import { Navigate, Outlet, matchPath, useLocation } from 'react-router-dom';
import { SessionCheckScreen } from '../features/errors/session-check-screen';
import { discardSignInCopy } from '../prerender/handover';
import { forgetLastView, releaseLastView } from '../prerender/last-view';

/**
 * Checks the session once on start and shows a spinner until it knows. When the server could not
 * be reached the stored session is kept: the failure is shown with Try again (which checks again)
 * instead of sending a signed-in user to the sign-in page.
 */
export function SessionGate() {
  // Deferred: the signed-in page that the answer opens renders as a transition, in slices that
  // yield to input, instead of one long task on a phone's main thread.
  const auth = useDeferredValue(useAtomValue(authAtom));
  const initialize = useSetAtom(initializeAuthWriteAtom);
  const applyAuthEvent = useSetAtom(authEventWriteAtom);
  // The sign-in page's built copy (src/prerender/handover.ts) stays only while this start is on its
  // way to /auth's sign-in page, which takes it over: another page (a session signed in meanwhile in
  // another tab) or the session check's failure removes it.
  // Matched as the router matches it (`/auth/` too).
  const onAuthPage = matchPath(paths.auth, useLocation().pathname) !== null;
  const checkFailed = auth.sessionCheckFailure !== null && !auth.user;
  useLayoutEffect(() => {
    if (!onAuthPage || checkFailed) discardSignInCopy();
  }, [onAuthPage, checkFailed]);
  // The dashboard's last view (src/prerender/last-view.ts) stays while the signed-in layout starts
  // underneath; a start that ends signed out or with the check's failure paints its own page. Signed
  // out (the stored session revoked, expired or half-done), the copy is forgotten too: the layout
  // that forgets it at sign-out never mounted.
  const signedOut = auth.initialized && !auth.user && !checkFailed;
  useLayoutEffect(() => {
    if (signedOut || checkFailed) releaseLastView();
    if (signedOut) forgetLastView(rememberMeStorage);
  }, [signedOut, checkFailed]);
  useEffect(() => {
    void initialize();
    // Keeps the atom in step with background token refreshes and sign-outs in other tabs.
    return authService.onAuthEvent((event, tokens) => applyAuthEvent({ event, tokens }));
  }, [initialize, applyAuthEvent]);
  if (!auth.initialized) return <FullPageLoader />;
  if (auth.sessionCheckFailure && !auth.user) {
    return (
      <SessionCheckScreen
        failure={auth.sessionCheckFailure}
        onRetry={() => void initialize()}
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

/** A signed-in visitor at /auth goes to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useAtomValue(authAtom);
  if (user) return <Navigate to={paths.home} replace />;
  return <>{children}</>;
}
