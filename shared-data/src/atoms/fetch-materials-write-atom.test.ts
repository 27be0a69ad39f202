import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toMaterial } from '../mappers/material';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { materialsService } from '../services/materials';
import { materialRow } from '../test-support/fake-supabase';
import { fetchMaterialsWriteAtom } from './fetch-materials-write-atom';
import { materialsAtom } from './materials-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchMaterialsWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toMaterial(materialRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(materialsService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(materialsAtom, [
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchMaterialsWriteAtom, { courseId: 'general' })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ courseId: 'general' });
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(materialsService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(materialsAtom, [toMaterial(materialRow({ id: 'a' }))]);

    expect(await store.set(fetchMaterialsWriteAtom, { courseId: 'general' })).toEqual(failure);
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'a' }))]);
  });
});
