import { startStandalone } from '@portal/shared-ui/standalone';
import { PAGES } from './app/pages';

// Standalone development only: in the portal the shell mounts these pages in its own tree, under
// its own providers and QueryClient.
void startStandalone({ appName: 'Student app', pages: PAGES });
