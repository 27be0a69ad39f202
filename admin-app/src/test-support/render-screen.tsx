import { screenRenderer } from '@portal/shared-ui/render-screen';
import { admin } from './fixtures';

/** Renders a screen the way the shell mounts it, signed in as the admin fixture. */
export const renderScreen = screenRenderer(admin);
