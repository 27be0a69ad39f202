import { coursesService, type CourseFilters } from '../services/courses';
import { listFetched } from './app-list-transitions';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of courses (SPEC §7 filters) and replaces the list with it. */
export const fetchCoursesWriteAtom = listWriteAtom(
  coursesAtom,
  (filters: CourseFilters | void) => coursesService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
