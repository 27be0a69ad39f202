import { materialsService, type StoredMaterial } from '../services/materials';
import { itemDeleted } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { materialsAtom } from './materials-atom';

/** Deletes a material (record and file) and removes it from the list by id. */
export const deleteMaterialWriteAtom = listWriteAtom(
  materialsAtom,
  (material: StoredMaterial) => materialsService.delete(material),
  (list, _deleted, material) => itemDeleted(list, material.id),
);
