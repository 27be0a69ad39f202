import { coursesService } from '../services/courses';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Deletes a course. The list is left alone (SPEC §4): course screens reload afterwards. */
export const deleteCourseWriteAtom = listWriteAtom(
  coursesAtom,
  (id: string) => coursesService.delete(id),
  null,
);
