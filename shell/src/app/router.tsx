import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter } from 'react-router-dom';
import { paths } from '@portal/shared-data';
import { FullPageLoader } from '@portal/shared-ui';
import AuthScreen from '../features/auth/auth-screen';
import { RouteErrorScreen } from '../features/errors/route-error-screen';
import { routePaths } from './route-table';
import { PublicOnly, RequireSession, SessionGate } from './guards';

// /auth is the first page most visits paint: the signed-in half of the shell (layout, sidebar, its
// icons, profile, remote loading) and the reset page load only when they are opened.
const SignedInLayout = lazy(() => import('./signed-in-layout'));
const GuardedPage = lazy(() => import('./guarded-page'));
const ResetPasswordScreen = lazy(() => import('../features/auth/reset-password-screen'));

const loading = (element: ReactNode) => (
  <Suspense fallback={<FullPageLoader />}>{element}</Suspense>
);

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        path: paths.auth,
        element: (
          <PublicOnly>
            <AuthScreen />
          </PublicOnly>
        ),
      },
      { path: paths.resetPassword, element: loading(<ResetPasswordScreen />) },
      {
        element: <RequireSession>{loading(<SignedInLayout />)}</RequireSession>,
        errorElement: <RouteErrorScreen />,
        children: [
          ...routePaths().map((path) => ({ path, element: loading(<GuardedPage path={path} />) })),
          // Any unknown path redirects to the dashboard (docs/product-rules.md).
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
]);
