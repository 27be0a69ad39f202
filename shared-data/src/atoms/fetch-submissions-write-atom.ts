import { submissionsService, type SubmissionFilters } from '../services/submissions';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of submissions and replaces the list with it. */
export const fetchSubmissionsWriteAtom = listWriteAtom(
  activitySubmissionsAtom,
  (filters: SubmissionFilters | void) => submissionsService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
