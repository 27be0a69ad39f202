import '@portal/shared-ui/styles.css';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider, StandaloneHarness, initI18n } from '@portal/shared-ui';
import { initDataClient, loadPortalConfig, useStandaloneSession } from '@portal/shared-data';
import Dashboard from './app/pages/dashboard';

// Standalone development only: in the portal the shell mounts these pages in its own tree.
function StandaloneApp() {
  const session = useStandaloneSession();
  return (
    <StandaloneHarness
      appName="Teacher app"
      session={session}
      pages={[{ path: '/', label: 'Dashboard', element: <Dashboard /> }]}
    />
  );
}

async function start() {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  initDataClient(await loadPortalConfig());
  createRoot(container).render(
    <PortalUiProvider>
      <JotaiProvider>
        <StandaloneApp />
      </JotaiProvider>
    </PortalUiProvider>,
  );
}

void start();
