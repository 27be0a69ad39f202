import '@portal/shared-ui/styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider, StandaloneHarness, initI18n } from '@portal/shared-ui';
import { initDataClient, loadPortalConfig, useStandaloneSession } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { PAGES } from './app/pages';

// Standalone development only: in the portal the shell mounts these pages in its own tree,
// under its own providers and QueryClient.
function StandaloneApp() {
  const session = useStandaloneSession();
  const [queryClient] = useState(() => createQueryClient());
  // Nothing cached for one user shows for the next (the shell gets this from its layout).
  useEffect(() => queryClient.clear(), [queryClient, session.userLabel]);
  return (
    <QueryClientProvider client={queryClient}>
      <StandaloneHarness appName="Student app" session={session} pages={PAGES} />
    </QueryClientProvider>
  );
}

async function start() {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  await initDataClient(await loadPortalConfig());
  createRoot(container).render(
    <PortalUiProvider>
      <JotaiProvider>
        <StandaloneApp />
      </JotaiProvider>
    </PortalUiProvider>,
  );
}

void start();
