import { screenRenderer } from '@portal/shared-ui/render-screen';
import { student } from './fixtures';

/** Renders a screen the way the shell mounts it, signed in as the student fixture. */
export const renderScreen = screenRenderer(student);
