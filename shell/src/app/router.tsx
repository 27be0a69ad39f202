import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@portal/shared-data';
import { FullPageLoader } from '@portal/shared-ui';
import AuthScreen from '../features/auth/auth-screen';
import { RouteErrorScreen } from '../features/errors/route-error-screen';
import { routePaths } from './route-table';
import { PublicOnly, RequireSession, SessionGate } from './guards';

// /auth is the first page most visits paint: the signed-in half of the shell (layout, sidebar, its
// icons, profile, remote loading; the query cache's persistence loads with the first session) and
// the reset page are route `lazy` modules, loaded when one of their routes is opened. A signed-in page's loader
// (page-loader.ts, in its lazy module) loads the page's remote module and first reads before it
// renders; until the first page is ready the root shows a spinner.
//
// The route table is also rendered at build time, for the sign-in page's HTML
// (build/sign-in-page.tsx, docs/start-up.md).
export const portalRoutes = (): RouteObject[] => [
  {
    element: <SessionGate />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: paths.auth,
        element: (
          <PublicOnly>
            <AuthScreen />
          </PublicOnly>
        ),
      },
      {
        path: paths.resetPassword,
        lazy: async () => ({
          Component: (await import('../features/auth/reset-password-screen')).default,
        }),
      },
      {
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: [
          {
            lazy: async () => ({ Component: (await import('./signed-in-layout')).default }),
            errorElement: <RouteErrorScreen />,
            children: [
              ...routePaths().map((path) => ({
                path,
                lazy: async () => (await import('./guarded-page')).pageRoute(path),
              })),
              // Any unknown path redirects to the dashboard (docs/product-rules.md).
              { path: '*', element: <Navigate to={paths.home} replace /> },
            ],
          },
        ],
      },
    ],
  },
];

// Created when the app first renders, not when this module loads: the router starts the first
// page's loaders at once, and they need the data client the bootstrap configures first.
export const createPortalRouter = () => createBrowserRouter(portalRoutes());
