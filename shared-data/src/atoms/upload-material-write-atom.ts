import { materialsService, type MaterialUpload } from '../services/materials';
import { itemCreated } from './app-list-transitions';
import { listWriteAtom } from './list-write-atom';
import { materialsAtom } from './materials-atom';

/** Uploads a material file and appends the new material to the list. */
export const uploadMaterialWriteAtom = listWriteAtom(
  materialsAtom,
  (upload: MaterialUpload) => materialsService.uploadFile(upload),
  itemCreated,
);
