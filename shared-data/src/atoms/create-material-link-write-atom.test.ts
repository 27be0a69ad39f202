import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toMaterial } from '../mappers/material';
import { fail, ok } from '../result';
import { materialsService } from '../services/materials';
import { materialRow } from '../test-support/fake-supabase';
import { createMaterialLinkWriteAtom } from './create-material-link-write-atom';
import { materialsAtom } from './materials-atom';

afterEach(() => vi.restoreAllMocks());

describe('createMaterialLinkWriteAtom', () => {
  it('appends the created item', async () => {
    const data = toMaterial(materialRow({ id: 'c' }));
    const request = vi.spyOn(materialsService, 'createLink').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(materialsAtom, [
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
    ]);

    expect(
      await store.set(createMaterialLinkWriteAtom, { title: 'RAE', url: 'https://rae.es' }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ title: 'RAE', url: 'https://rae.es' });
    expect(store.get(materialsAtom)).toEqual([
      toMaterial(materialRow({ id: 'a' })),
      toMaterial(materialRow({ id: 'b' })),
      toMaterial(materialRow({ id: 'c' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(materialsService, 'createLink').mockResolvedValue(failure);
    const store = createStore();
    store.set(materialsAtom, [toMaterial(materialRow({ id: 'a' }))]);

    expect(
      await store.set(createMaterialLinkWriteAtom, { title: 'RAE', url: 'https://rae.es' }),
    ).toEqual(failure);
    expect(store.get(materialsAtom)).toEqual([toMaterial(materialRow({ id: 'a' }))]);
  });
});
