import { Provider as JotaiProvider } from 'jotai';
import { PortalUiProvider } from '@portal/shared-ui';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';

/** Providers are mounted once, here; remote pages render inside this tree and share them. */
export function App() {
  return (
    <PortalUiProvider>
      <JotaiProvider>
        <RouterProvider router={router} />
      </JotaiProvider>
    </PortalUiProvider>
  );
}
