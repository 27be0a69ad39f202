import type { ActivityChanges } from '../mappers/activity';
import { activitiesService } from '../services/activities';
import { activitiesAtom } from './activities-atom';
import { itemUpdated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Edits an activity and replaces it in the list by id. */
export const updateActivityWriteAtom = listWriteAtom(
  activitiesAtom,
  ({ id, changes }: { id: string; changes: ActivityChanges }) =>
    activitiesService.update(id, changes),
  itemUpdated,
);
