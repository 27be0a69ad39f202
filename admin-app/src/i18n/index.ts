import { registerMessages } from '@portal/shared-ui';
import { en, es } from './messages';

// Imported by every exposed page, so the catalog exists wherever the remote is mounted.
registerMessages('admin', { en, es });
