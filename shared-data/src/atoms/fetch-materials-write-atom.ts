import { materialsService, type MaterialFilters } from '../services/materials';
import { listFetched } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { materialsAtom } from './materials-atom';

/** Loads a page of materials and replaces the list with it. */
export const fetchMaterialsWriteAtom = listWriteAtom(
  materialsAtom,
  (filters: MaterialFilters | void) => materialsService.list(filters ?? {}),
  (list, page) => listFetched(list, page.items),
);
