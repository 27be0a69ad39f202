import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toMaterial } from '../mappers/material';
import { fail, ok } from '../result';
import { materialsService } from '../services/materials';
import { materialRow } from '../test-support/fake-supabase';
import { deleteMaterialWriteAtom } from './delete-material-write-atom';
import { materialsAtom } from './materials-atom';

afterEach(() => vi.restoreAllMocks());

describe('deleteMaterialWriteAtom', () => {
  it('removes the deleted item by id', async () => {
    const stored = { id: 'b', type: 'pdf' as const, url: 'b.pdf', storagePath: 'b.pdf' };
    const data = null;
    const request = vi.spyOn(materialsService, 'delete').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(materialsAtom, [
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
    ]);

    expect(await store.set(deleteMaterialWriteAtom, stored)).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith(stored);
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'a' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const stored = { id: 'b', type: 'pdf' as const, url: 'b.pdf', storagePath: 'b.pdf' };
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(materialsService, 'delete').mockResolvedValue(failure);
    const store = createStore();
    store.set(materialsAtom, [toMaterial(materialRow({ id: 'a' }))]);

    expect(await store.set(deleteMaterialWriteAtom, stored)).toEqual(failure);
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'a' }))]);
  });
});
