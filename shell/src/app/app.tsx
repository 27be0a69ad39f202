import { useLayoutEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, useAtomValue, type createStore } from 'jotai';
import { authAtom, readCachedPublicSettings, uiSiteLanguage } from '@portal/shared-data';
import { settingsQueries } from '@portal/shared-data/queries';
import { PortalUiProvider, applySiteLanguage } from '@portal/shared-ui';
import { RouterProvider } from 'react-router-dom';
import { portalQueryCache } from './query-cache';
import { createPortalRouter } from './router';
import { portalStore } from './session';

/**
 * Providers are mounted once, here; remote pages render inside this tree and share them. The jotai
 * store is the page's one (session.ts), which the route loaders read outside React; so is the
 * QueryClient (query-cache.ts: each session starts from nothing of the last one's, and a signed-in
 * user's reads are kept between visits). The toasts host belongs to the signed-in layout.
 */
export function App() {
  // One router for the page's life, made on the first render (see createPortalRouter).
  const [router] = useState(createPortalRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * What every page renders in, around the router. The build renders the sign-in page's HTML in the
 * same providers with its own store, query client and a static router (build/sign-in-page.tsx): the
 * same tree gives the same markup and the same `useId` ids, so the app hydrates that HTML.
 */
export function AppProviders({
  children,
  store = portalStore,
  queryClient = portalQueryCache.client,
}: {
  children: ReactNode;
  store?: ReturnType<typeof createStore>;
  queryClient?: QueryClient;
}) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <SchoolSettings>{children}</SchoolSettings>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

/**
 * The school's System Settings on every page, the sign-in page included: the site name, the theme
 * (light, dark or auto) and the three colours go into the one MantineProvider that the shell and
 * every remote page render under; a visitor who has not chosen a language gets the school's default.
 * They are server state, read by `settingsQueries.public()` like any other (an admin's save
 * invalidates it, so it shows live). The page paints at once with the browser's copy of the last
 * answer (or the defaults), and the read waits for the start-up session check, so that a returning
 * user's page reads them once, with the session (which adds the session timeout).
 */
export function SchoolSettings({ children }: { children: ReactNode }) {
  const { initialized } = useAtomValue(authAtom);
  const [cached] = useState(readCachedPublicSettings);
  // A failed read keeps what the page shows.
  const { data: settings = cached } = useQuery({
    ...settingsQueries.public(),
    enabled: initialized,
  });
  // Before paint, so a cached default language does not flash the other one first. A default the
  // portal has no screens in (fr, de) greets in English.
  useLayoutEffect(() => {
    applySiteLanguage(uiSiteLanguage(settings.defaultLanguage));
  }, [settings.defaultLanguage]);
  return (
    <PortalUiProvider withNotifications={false} branding={settings} colorScheme={settings.theme}>
      {children}
    </PortalUiProvider>
  );
}
