import { registerMessages } from '@portal/shared-ui';
import { en, es } from './messages';

/** Namespace of the materials feature; imported by every module that translates with it. */
export const MATERIALS_NS = 'student-materials';

registerMessages(MATERIALS_NS, { en, es });
