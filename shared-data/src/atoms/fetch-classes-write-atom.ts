import { classesService, type ClassFilters } from '../services/classes';
import { listFetched } from './app-list-transitions';
import { classesAtom } from './classes-atom';
import { listWriteAtom } from './list-write-atom';

/** Loads a page of classes and replaces the list with it. */
export const fetchClassesWriteAtom = listWriteAtom(
  classesAtom,
  (filters: ClassFilters | void) => classesService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
