import { Navigate, createBrowserRouter } from 'react-router-dom';
import { paths } from '@portal/shared-data';
import AuthScreen from '../features/auth/auth-screen';
import ResetPasswordScreen from '../features/auth/reset-password-screen';
import { RouteErrorScreen } from '../features/errors/route-error-screen';
import { routePaths } from './route-table';
import { GuardedPage, PublicOnly, RequireSession, SessionGate } from './guards';
import { SignedInLayout } from './signed-in-layout';

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
      { path: paths.resetPassword, element: <ResetPasswordScreen /> },
      {
        element: (
          <RequireSession>
            <SignedInLayout />
          </RequireSession>
        ),
        errorElement: <RouteErrorScreen />,
        children: [
          ...routePaths().map((path) => ({ path, element: <GuardedPage path={path} /> })),
          // Any unknown path redirects to the dashboard (docs/product-rules.md).
          { path: '*', element: <Navigate to={paths.home} replace /> },
        ],
      },
    ],
  },
]);
