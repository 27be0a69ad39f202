import '../styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { initDataClient, loadPortalConfig, useStandaloneSession } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { initI18n } from '../i18n';
import { PortalUiProvider } from '../provider/portal-ui-provider';
import type { StandalonePage } from './exposed-page';
import { StandaloneHarness } from './standalone-harness';

export interface StandaloneOptions {
  /** Shown in the harness's header, e.g. "Student app". */
  appName: string;
  /** The remote's pages manifest (`src/app/pages.ts`). */
  pages: readonly StandalonePage[];
}

/** A QueryClient for as long as it is mounted. */
function OwnQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * A remote's pages with what the shell would give them: a session (sign-in form, stored session),
 * a QueryClient, a router and links to every page. Development only.
 */
export function StandaloneApp({ appName, pages }: StandaloneOptions) {
  const session = useStandaloneSession();
  // A new client (and page) for each user, as in the portal: nothing cached for one user shows for
  // the next. (Clearing one client in an effect came after the next user's page had started its
  // reads, and cancelled them: the page stayed loading.)
  return (
    <OwnQueryClient key={session.userLabel ?? ''}>
      <StandaloneHarness appName={appName} session={session} pages={pages} />
    </OwnQueryClient>
  );
}

/**
 * A remote's standalone start (`<remote>/src/bootstrap.tsx`, its own dev server): in the portal the
 * shell mounts the remote's pages in its own tree, under its own providers, and never runs this.
 */
export async function startStandalone(options: StandaloneOptions): Promise<void> {
  initI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  await initDataClient(await loadPortalConfig());
  createRoot(container).render(
    <PortalUiProvider>
      <JotaiProvider>
        <StandaloneApp {...options} />
      </JotaiProvider>
    </PortalUiProvider>,
  );
}
