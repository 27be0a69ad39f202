import type { CourseInput } from '../mappers/course';
import { coursesService } from '../services/courses';
import { itemCreated } from './app-list-transitions';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Creates a course and appends it to the list. */
export const createCourseWriteAtom = listWriteAtom(
  coursesAtom,
  (input: CourseInput) => coursesService.create(input),
  itemCreated,
);
