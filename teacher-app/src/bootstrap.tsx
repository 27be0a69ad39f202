import '@portal/shared-ui/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider, StandaloneHarness, initI18n } from '@portal/shared-ui';
import {
  createQueryClient,
  initDataClient,
  loadPortalConfig,
  useStandaloneSession,
} from '@portal/shared-data';
import { PAGES } from './app/pages';

// Standalone development only: in the portal the shell mounts these pages in its own tree,
// under its own providers and QueryClient.
function StandaloneApp() {
  const session = useStandaloneSession();
  return <StandaloneHarness appName="Teacher app" session={session} pages={PAGES} />;
}

async function start() {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  initDataClient(await loadPortalConfig());
  createRoot(container).render(
    <PortalUiProvider>
      <QueryClientProvider client={createQueryClient()}>
        <JotaiProvider>
          <StandaloneApp />
        </JotaiProvider>
      </QueryClientProvider>
    </PortalUiProvider>,
  );
}

void start();
