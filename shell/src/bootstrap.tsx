import '@portal/shared-ui/styles.css';
import { createRoot } from 'react-dom/client';
import { initI18n, PortalUiProvider, prepareBranding } from '@portal/shared-ui';
import { loadPortalConfig, readCachedPublicSettings, startDataClient } from '@portal/shared-data';
// The route table's titles and sidebar labels (namespace 'shell'); features register their own.
import './app/i18n';
import { App } from './app/app';
import { forgetQueryCachesWhenSignedOut } from './app/session';
import { registerPortalRemotes } from './features/remotes/remote-registry';
import { captureAuthRedirect } from './features/auth/auth-redirect';

/** `config`: the config request the entry started (see index.tsx). */
export async function start(config?: Promise<Response>) {
  initI18n();
  // Read before the Supabase client consumes (and clears) the recovery link's fragment.
  captureAuthRedirect(window.location.hash);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // A school with its own colours: the colour generator before the first render (the cached settings
  // are what it renders with), so the page does not paint in the default colours first.
  const branding = prepareBranding(readCachedPublicSettings());
  try {
    const portalConfig = await loadPortalConfig(undefined, config);
    startDataClient(portalConfig);
    registerPortalRemotes(portalConfig.remotes);
    forgetQueryCachesWhenSignedOut();
    await branding;
    root.render(<App />);
  } catch (error) {
    // Only a broken start needs it: it is not part of the first page's download.
    const { StartupErrorScreen } = await import('./features/errors/startup-error-screen');
    root.render(
      <PortalUiProvider>
        <StartupErrorScreen error={error} />
      </PortalUiProvider>,
    );
  }
}
