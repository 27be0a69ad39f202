import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider } from '@portal/shared-ui';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/**
 * Providers are mounted once, here; remote pages render inside this tree and share them. The
 * QueryClient and the toasts host belong to the signed-in session (signed-in-layout.tsx), so
 * the sign-in page loads neither.
 */
export function App() {
  return (
    <PortalUiProvider withNotifications={false}>
      <JotaiProvider>
        <RouterProvider router={router} />
      </JotaiProvider>
    </PortalUiProvider>
  );
}
