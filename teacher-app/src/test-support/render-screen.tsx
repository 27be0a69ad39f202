import { screenRenderer } from '@portal/shared-ui/render-screen';
import { teacher } from './fixtures';

/** Renders a screen the way the shell mounts it, signed in as the teacher fixture. */
export const renderScreen = screenRenderer(teacher);
