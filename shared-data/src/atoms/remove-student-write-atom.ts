import { coursesService } from '../services/courses';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** An admin removes a student from a course. No local change (SPEC §4): screens reload the courses. */
export const removeStudentWriteAtom = listWriteAtom(
  coursesAtom,
  ({ courseId, userId }: { courseId: string; userId: string }) =>
    coursesService.removeStudent(courseId, userId),
  null,
);
