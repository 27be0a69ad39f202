import { activitiesService, type ActivityFilters } from '../services/activities';
import { activitiesAtom } from './activities-atom';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of activities and replaces the list with it. */
export const fetchActivitiesWriteAtom = listWriteAtom(
  activitiesAtom,
  (filters: ActivityFilters | void) => activitiesService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
