/**
 * The sign-in page's HTML, rendered at build time with React's server renderer: the app's own
 * providers and route table at /auth, for a visitor of a school whose settings are the defaults, in
 * English (src/features/auth/static-sign-in.ts). rsbuild.config.ts puts it into auth.html through
 * the HTML template's parameters; the app hydrates it (src/bootstrap.tsx, docs/start-up.md).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { authAtom, initialAuthState, paths } from '@portal/shared-data';
import { i18n, initI18n } from '@portal/shared-ui';
import '../src/app/i18n';
import { AppProviders } from '../src/app/app';
import { portalRoutes } from '../src/app/router';
import { namespace } from '../src/features/auth/i18n';
import {
  STATIC_SIGN_IN_LANGUAGE,
  STATIC_SIGN_IN_SETTINGS,
} from '../src/features/auth/static-sign-in';

export type SignInPage = {
  /** The markup of #root. */
  markup: string;
  /** The tab's title, as the page sets it. */
  title: string;
  /** The page's language (<html lang>). */
  language: string;
};

export async function renderSignInPage(): Promise<SignInPage> {
  initI18n({ lng: STATIC_SIGN_IN_LANGUAGE });
  // A visitor whose session check has answered: the page, not the spinner that waits for it.
  const store = createStore();
  store.set(authAtom, { ...initialAuthState, initialized: true });
  // No browser copy of the settings here: SchoolSettings renders with the defaults, which are
  // STATIC_SIGN_IN_SETTINGS; the settings read waits for a session check, so nothing is fetched.

  const { query, dataRoutes } = createStaticHandler(portalRoutes());
  const context = await query(new Request(new URL(paths.auth, 'http://localhost')));
  if (context instanceof Response) {
    throw new Error(`The sign-in page answered ${context.status} instead of rendering`);
  }
  const markup = renderToString(
    <AppProviders store={store} queryClient={new QueryClient()}>
      {/* No hydration data: the page has no loader, and the browser router starts on its own. */}
      <StaticRouterProvider
        router={createStaticRouter(dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>,
  );
  const title = i18n.t('documentTitle', {
    ns: 'common',
    screen: i18n.t('pageTitle.signIn', { ns: namespace }),
    site: STATIC_SIGN_IN_SETTINGS.siteName,
  });
  return { markup, title, language: STATIC_SIGN_IN_LANGUAGE };
}
