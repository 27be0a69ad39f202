import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toMaterial } from '../mappers/material';
import { fail, ok } from '../result';
import { materialsService } from '../services/materials';
import { materialRow } from '../test-support/fake-supabase';
import { materialsAtom } from './materials-atom';
import { uploadMaterialWriteAtom } from './upload-material-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('uploadMaterialWriteAtom', () => {
  it('appends the created item', async () => {
    const upload = { file: new File(['x'], 'notes.pdf', { type: 'application/pdf' }) };
    const data = toMaterial(materialRow({ id: 'c' }));
    const request = vi.spyOn(materialsService, 'uploadFile').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(materialsAtom, [
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
    ]);

    expect(await store.set(uploadMaterialWriteAtom, upload)).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith(upload);
    expect(store.get(materialsAtom)).toEqual([
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
      toMaterial(materialRow({ id: 'c' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const upload = { file: new File(['x'], 'notes.pdf', { type: 'application/pdf' }) };
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(materialsService, 'uploadFile').mockResolvedValue(failure);
    const store = createStore();
    store.set(materialsAtom, [toMaterial(materialRow({ id: 'a' }))]);

    expect(await store.set(uploadMaterialWriteAtom, upload)).toEqual(failure);
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'a' }))]);
  });
});
