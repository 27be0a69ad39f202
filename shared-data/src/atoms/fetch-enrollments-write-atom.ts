import { coursesService, type EnrollmentFilters } from '../services/courses';
import { listFetched } from './app-list-transitions';
import { enrollmentsAtom } from './enrollments-atom';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of enrollments and replaces the list with it. */
export const fetchEnrollmentsWriteAtom = listWriteAtom(
  enrollmentsAtom,
  (filters: EnrollmentFilters | void) => coursesService.listEnrollments(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
