import { createRoot, hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import {
  applySiteLanguage,
  currentLanguage,
  initI18n,
  PortalUiProvider,
  prepareBranding,
} from '@portal/shared-ui';
import {
  loadPortalConfig,
  readCachedPublicSettings,
  startDataClient,
  uiSiteLanguage,
} from '@portal/shared-data';
import { hasSessionToRecover } from '@portal/shared-data/session';
// The route table's titles and sidebar labels (namespace 'shell'); features register their own.
import './app/i18n';
import { App } from './app/app';
import { checkSession, forgetQueryCachesWhenSignedOut } from './app/session';
import { registerPortalRemotes } from './features/remotes/remote-registry';
import { captureAuthRedirect } from './features/auth/auth-redirect';
import { readIdleMinutes } from './features/auth/idle-sign-out-notice';
import { rendersStaticSignIn } from './features/auth/static-sign-in';

/** `config`: the config request the entry started (see index.tsx). */
export async function start(config?: Promise<Response>) {
  initI18n();
  const cachedSettings = readCachedPublicSettings();
  // The language the page shows (a visitor's choice, else the school's default) before the first
  // render, which is then in that language from the start.
  applySiteLanguage(uiSiteLanguage(cachedSettings.defaultLanguage));
  // Read before the Supabase client consumes (and clears) the recovery link's fragment.
  captureAuthRedirect(window.location.hash);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // A school with its own colours: the colour generator before the first render (the cached settings
  // are what it renders with), so the page does not paint in the default colours first.
  const branding = prepareBranding(cachedSettings);
  try {
    const portalConfig = await loadPortalConfig(undefined, config);
    startDataClient(portalConfig);
    registerPortalRemotes(portalConfig.remotes);
    forgetQueryCachesWhenSignedOut();
    await branding;
    // The sign-in page's HTML (auth.html) holds the page as the build rendered it: the app takes it
    // over when its first render is the same (docs/start-up.md).
    const hydrate =
      container.hasChildNodes() &&
      rendersStaticSignIn({
        path: window.location.pathname,
        language: currentLanguage(),
        settings: cachedSettings,
        sessionToRecover: hasSessionToRecover(),
        idleSignOutNotice: readIdleMinutes() !== null,
      });
    if (hydrate) {
      // A visitor's session check needs no network; done first, the page's first render is the
      // sign-in page itself, as built, not the spinner that waits for the check.
      await checkSession();
      // A transition: hydration yields to the browser between pieces of work instead of holding
      // it in one long task; what the visitor types meanwhile stays in the fields.
      startTransition(() => {
        hydrateRoot(container, <App />);
      });
    } else {
      // Anything else renders over the built page, if any (React clears the container).
      createRoot(container).render(<App />);
    }
  } catch (error) {
    // Only a broken start needs it: it is not part of the first page's download.
    const { StartupErrorScreen } = await import('./features/errors/startup-error-screen');
    createRoot(container).render(
      <PortalUiProvider>
        <StartupErrorScreen error={error} />
      </PortalUiProvider>,
    );
  }
}
