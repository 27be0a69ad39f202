import { classesService } from '../services/classes';
import { itemDeleted } from './app-list-transitions';
import { classesAtom } from './classes-atom';
import { listWriteAtom } from './list-write-atom';

/** Deletes a class and removes it from the list by id. */
export const deleteClassWriteAtom = listWriteAtom(
  classesAtom,
  (id: string) => classesService.delete(id),
  (list, _deleted, id) => itemDeleted(list, id),
);
