import { useEffect, type ReactNode } from 'react';
import { Title } from '@mantine/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { FullPageLoader } from '@portal/shared-ui';
import {
  authAtom,
  authEventWriteAtom,
  authService,
  initializeAuthWriteAtom,
  paths,
} from '@portal/shared-data';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import NoAccessScreen from '../features/errors/no-access-screen';
import { SessionCheckScreen } from '../features/errors/session-check-screen';
import ProfileScreen from '../features/profile/profile-screen';
import { RemotePage } from '../features/remotes/remote-page';
import { namespace } from './i18n';
import { resolveRoute } from './route-table';

/**
 * Checks the session once on start and shows a spinner until it knows. When the server could not
 * be reached the stored session is kept: the failure is shown with Try again (which checks again)
 * instead of sending a signed-in user to the sign-in page.
 */
export function SessionGate() {
  const auth = useAtomValue(authAtom);
  const initialize = useSetAtom(initializeAuthWriteAtom);
  const applyAuthEvent = useSetAtom(authEventWriteAtom);
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

/** Resolves a route pattern for the signed-in role and mounts its page, or "no access". */
export function GuardedPage({ path }: { path: string }) {
  const { t } = useTranslation(namespace);
  const { user } = useAtomValue(authAtom);
  if (!user) return null;
  const resolution = resolveRoute(path, user.role);
  if (resolution.status === 'unknown') return <Navigate to={paths.home} replace />;
  if (resolution.status === 'forbidden') {
    return <NoAccessScreen role={user.role} allowedRoles={resolution.allowedRoles} />;
  }
  const { route } = resolution;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {t(route.titleKey)}
      </Title>
      {route.source.kind === 'remote' ? (
        <RemotePage
          key={`${route.source.remote}:${route.source.module}`}
          remote={route.source.remote}
          module={route.source.module}
        />
      ) : (
        <ProfileScreen />
      )}
    </>
  );
}
