import { coursesService } from '../services/courses';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Enrolls a user in a course. No local change (SPEC §4): screens reload the courses. */
export const enrollInCourseWriteAtom = listWriteAtom(
  coursesAtom,
  ({ courseId, userId }: { courseId: string; userId: string }) =>
    coursesService.enroll(courseId, userId),
  null,
);
