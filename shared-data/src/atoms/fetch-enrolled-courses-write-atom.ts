import type { PageRequest } from '../rules/paging';
import { coursesService } from '../services/courses';
import { listFetched } from './app-list-transitions';
import { coursesAtom } from './courses-atom';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of the user's enrolled courses and replaces the course list with it. */
export const fetchEnrolledCoursesWriteAtom = listWriteAtom(
  coursesAtom,
  ({ userId, ...paging }: { userId: string } & PageRequest) =>
    coursesService.listEnrolledCourses(userId, paging),
  (list, page) => listFetched(list, page.items),
);
