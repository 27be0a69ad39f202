import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourseClass } from '../mappers/class';
import { fail, ok } from '../result';
import { classesService } from '../services/classes';
import { classRow } from '../test-support/fake-supabase';
import { classesAtom } from './classes-atom';
import { deleteClassWriteAtom } from './delete-class-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('deleteClassWriteAtom', () => {
  it('removes the deleted item by id', async () => {
    const data = null;
    const request = vi.spyOn(classesService, 'delete').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(classesAtom, [
      toCourseClass(classRow({ id: 'a' })),
      toCourseClass(classRow({ id: 'b' })),
    ]);

    expect(await store.set(deleteClassWriteAtom, 'b')).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('b');
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(classesService, 'delete').mockResolvedValue(failure);
    const store = createStore();
    store.set(classesAtom, [toCourseClass(classRow({ id: 'a' }))]);

    expect(await store.set(deleteClassWriteAtom, 'b')).toEqual(failure);
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' }))]);
  });
});
