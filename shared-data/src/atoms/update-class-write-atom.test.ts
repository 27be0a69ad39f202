import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourseClass } from '../mappers/class';
import { fail, ok } from '../result';
import { classesService } from '../services/classes';
import { classRow } from '../test-support/fake-supabase';
import { classesAtom } from './classes-atom';
import { updateClassWriteAtom } from './update-class-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('updateClassWriteAtom', () => {
  it('replaces the updated item by id', async () => {
    const data = { ...toCourseClass(classRow({ id: 'b' })), title: 'Changed' };
    const request = vi.spyOn(classesService, 'update').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(classesAtom, [
      toCourseClass(classRow({ id: 'a' })),
      toCourseClass(classRow({ id: 'b' })),
    ]);

    expect(await store.set(updateClassWriteAtom, { id: 'b', changes: { duration: 90 } })).toEqual(
      ok(data),
    );
    expect(request).toHaveBeenCalledWith('b', { duration: 90 });
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' })), data]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(classesService, 'update').mockResolvedValue(failure);
    const store = createStore();
    store.set(classesAtom, [toCourseClass(classRow({ id: 'a' }))]);

    expect(await store.set(updateClassWriteAtom, { id: 'b', changes: { duration: 90 } })).toEqual(
      failure,
    );
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' }))]);
  });
});
