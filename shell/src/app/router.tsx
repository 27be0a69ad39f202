import { Navigate, createBrowserRouter } from 'react-router-dom';
import { AuthPage } from '../features/auth/auth-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { AppLayout } from '../features/layout/app-layout';
import { routePaths } from './route-table';
import { GuardedPage, PublicOnly, RequireSession, SessionGate } from './guards';

export const router = createBrowserRouter([
  {
    element: <SessionGate />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/auth',
        element: (
          <PublicOnly>
            <AuthPage />
          </PublicOnly>
        ),
      },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        element: (
          <RequireSession>
            <AppLayout />
          </RequireSession>
        ),
        errorElement: <RouteErrorPage />,
        children: [
          ...routePaths().map((path) => ({ path, element: <GuardedPage path={path} /> })),
          // SPEC §2: any unknown path redirects to the dashboard.
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
]);
