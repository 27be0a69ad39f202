import type { CourseChanges } from '../mappers/course';
import { coursesService } from '../services/courses';
import { itemUpdated } from './app-list-transitions';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Updates a course and replaces it in the list by id. */
export const updateCourseWriteAtom = listWriteAtom(
  coursesAtom,
  ({ id, changes }: { id: string; changes: CourseChanges }) => coursesService.update(id, changes),
  itemUpdated,
);
