import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Provider as JotaiProvider, useAtomValue, useSetAtom, type createStore } from 'jotai';
import {
  loadPublicSettingsWriteAtom,
  publicSettingsAtom,
  uiSiteLanguage,
} from '@portal/shared-data';
import { PortalUiProvider, applySiteLanguage } from '@portal/shared-ui';
import { RouterProvider } from 'react-router-dom';
import { createPortalRouter } from './router';
import { portalStore } from './session';

/**
 * Providers are mounted once, here; remote pages render inside this tree and share them. The jotai
 * store is the page's one (session.ts), which the route loaders read outside React. The
 * QueryClient and the toasts host belong to the signed-in session (signed-in-layout.tsx), so
 * the sign-in page loads neither.
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
 * same providers with its own store and a static router (build/sign-in-page.tsx): the same tree
 * gives the same markup and the same `useId` ids, so the app hydrates that HTML.
 */
export function AppProviders({
  children,
  store = portalStore,
}: {
  children: ReactNode;
  store?: ReturnType<typeof createStore>;
}) {
  return (
    <JotaiProvider store={store}>
      <SchoolSettings>{children}</SchoolSettings>
    </JotaiProvider>
  );
}

/**
 * The school's System Settings on every page, the sign-in page included: the site name, the theme
 * (light, dark or auto) and the three colours go into the one MantineProvider that the shell and
 * every remote page render under; a visitor who has not chosen a language gets the school's default.
 * The page paints at once with the browser's cached copy (or the defaults) and applies the server's
 * answer when it comes: one request at start, which never blocks the first paint. While signed in,
 * the layout keeps the same atom up to date (an admin's save shows live).
 */
export function SchoolSettings({ children }: { children: ReactNode }) {
  const settings = useAtomValue(publicSettingsAtom);
  const load = useSetAtom(loadPublicSettingsWriteAtom);
  useEffect(() => {
    void load();
  }, [load]);
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
