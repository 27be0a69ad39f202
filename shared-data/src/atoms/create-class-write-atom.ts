import type { ClassInput } from '../mappers/class';
import { classesService } from '../services/classes';
import { itemCreated } from './app-list-transitions';
import { classesAtom } from './classes-atom';
import { listWriteAtom } from './list-write-atom';

/** Schedules a class and appends it to the list. */
export const createClassWriteAtom = listWriteAtom(
  classesAtom,
  (input: ClassInput) => classesService.create(input),
  itemCreated,
);
