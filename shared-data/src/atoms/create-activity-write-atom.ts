import type { ActivityInput } from '../mappers/activity';
import { activitiesService } from '../services/activities';
import { activitiesAtom } from './activities-atom';
import { itemCreated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';

/** Creates an activity and appends it to the list. */
export const createActivityWriteAtom = listWriteAtom(
  activitiesAtom,
  (input: ActivityInput) => activitiesService.create(input),
  itemCreated,
);
