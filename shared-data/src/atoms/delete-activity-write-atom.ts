import { activitiesService } from '../services/activities';
import { activitiesAtom } from './activities-atom';
import { itemDeleted } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Deletes an activity and removes it from the list by id. */
export const deleteActivityWriteAtom = listWriteAtom(
  activitiesAtom,
  (id: string) => activitiesService.delete(id),
  (list, _deleted, id) => itemDeleted(list, id),
);
