import type { ClassChanges } from '../mappers/class';
import { classesService } from '../services/classes';
import { itemUpdated } from './app-list-transitions';
import { classesAtom } from './classes-atom';
import { listWriteAtom } from './list-write-atom';

/** Edits a class in place (SPEC §4): replaces it in the list by id. */
export const updateClassWriteAtom = listWriteAtom(
  classesAtom,
  ({ id, changes }: { id: string; changes: ClassChanges }) => classesService.update(id, changes),
  itemUpdated,
);
