import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider } from '@portal/shared-ui';
import { createQueryClient } from '@portal/shared-data';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

// The page's one QueryClient: every remote page reads server state through it.
const queryClient = createQueryClient();

/** Providers are mounted once, here; remote pages render inside this tree and share them. */
export function App() {
  return (
    <PortalUiProvider>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider>
          <RouterProvider router={router} />
        </JotaiProvider>
      </QueryClientProvider>
    </PortalUiProvider>
  );
}
