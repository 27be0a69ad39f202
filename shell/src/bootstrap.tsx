import '@portal/shared-ui/styles.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, PortalUiProvider, prepareBranding } from '@portal/shared-ui';
import { loadPortalConfig, readCachedPublicSettings, startDataClient } from '@portal/shared-data';
// The route table's titles and sidebar labels (namespace 'shell'); features register their own.
import './app/i18n';
import { App } from './app/app';
import { registerPortalRemotes } from './features/remotes/remote-registry';
import { rememberedUser } from './features/remotes/role-hint';
import { captureAuthRedirect } from './features/auth/auth-redirect';
import { discardPrerender } from './prerender/handover';
import { yieldToMain } from './yield-to-main';

/** `config`: the config request the entry started (see index.tsx). */
export async function start(config?: Promise<Response>) {
  // The libraries' modules have just run (the chunks' arrival): the start's work in new tasks.
  await yieldToMain();
  initI18n();
  // Read before the Supabase client consumes (and clears) the recovery link's fragment.
  captureAuthRedirect(window.location.hash);

  // The HTML's first script starts the entry (build/prerender/head-script.js), which can run before
  // the body has been parsed.
  if (document.readyState === 'loading') {
    await new Promise((resolve) =>
      document.addEventListener('DOMContentLoaded', resolve, { once: true }),
    );
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container, {
    // A render error no error screen caught: the built sign-in page must not stay over it.
    onUncaughtError: (error) => {
      discardPrerender();
      reportError(error);
    },
  });
  // A school with its own colours: the colour generator before the first render (the cached settings
  // are what it renders with), so the page does not paint in the default colours first.
  const branding = prepareBranding(readCachedPublicSettings());
  try {
    const portalConfig = await loadPortalConfig(undefined, config);
    await yieldToMain();
    startDataClient(portalConfig);
    registerPortalRemotes(portalConfig.remotes);
    // A returning user's page code and first read start now, beside the session check.
    // Loaded only then: its code is the signed-in start's, which a visitor's page does not download.
    if (rememberedUser()) {
      void import('./app/early-start').then(({ startRememberedPage }) =>
        startRememberedPage(window.location.pathname),
      );
    }
    await branding;
    await yieldToMain();
    // A transition: React renders the first page in slices and yields between them, so the page's
    // start is not one long task that blocks input (Lighthouse's Total Blocking Time).
    startTransition(() => root.render(<App />));
  } catch (error) {
    // The start-up screen removes the built sign-in page when it shows; if it cannot load, the
    // entry's catch does (index.tsx).
    // Only a broken start needs it: it is not part of the first page's download.
    const { StartupErrorScreen } = await import('./features/errors/startup-error-screen');
    root.render(
      <PortalUiProvider>
        <StartupErrorScreen error={error} />
      </PortalUiProvider>,
    );
  }
}
