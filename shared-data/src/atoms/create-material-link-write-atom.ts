import { materialsService, type MaterialLink } from '../services/materials';
import { itemCreated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { materialsAtom } from './materials-atom';

/** Adds a link material and appends it to the list. */
export const createMaterialLinkWriteAtom = listWriteAtom(
  materialsAtom,
  (link: MaterialLink) => materialsService.createLink(link),
  itemCreated,
);
