import { registerMessages } from '@portal/shared-ui';
import { en, es } from './messages';

/** Namespace of the course detail feature; imported by every module that translates with it. */
export const COURSE_DETAIL_NS = 'student-course-detail';

registerMessages(COURSE_DETAIL_NS, { en, es });
