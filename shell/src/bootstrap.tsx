import '@portal/shared-ui/styles.css';
import { createRoot } from 'react-dom/client';
import { initI18n, PortalUiProvider } from '@portal/shared-ui';
import { initDataClient, loadPortalConfig } from '@portal/shared-data';
// The route table's titles and sidebar labels (namespace 'shell'); features register their own.
import './app/i18n';
import { App } from './app/app';
import { StartupErrorScreen } from './features/errors/startup-error-screen';
import { registerPortalRemotes } from './features/remotes/remote-registry';
import { captureAuthRedirect } from './features/auth/auth-redirect';

async function start() {
  initI18n();
  // Read before the Supabase client consumes (and clears) the recovery link's fragment.
  captureAuthRedirect(window.location.hash);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  try {
    const config = await loadPortalConfig();
    initDataClient(config);
    registerPortalRemotes(config.remotes);
    root.render(<App />);
  } catch (error) {
    root.render(
      <PortalUiProvider>
        <StartupErrorScreen error={error} />
      </PortalUiProvider>,
    );
  }
}

void start();
