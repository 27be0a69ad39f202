import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourseClass } from '../mappers/class';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { classesService } from '../services/classes';
import { classRow } from '../test-support/fake-supabase';
import { classesAtom } from './classes-atom';
import { fetchClassesWriteAtom } from './fetch-classes-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchClassesWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toCourseClass(classRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(classesService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(classesAtom, [
      toCourseClass(classRow({ id: 'a' })),
      toCourseClass(classRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchClassesWriteAtom, { courseId: 'course-1' })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ courseId: 'course-1' });
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(classesService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(classesAtom, [toCourseClass(classRow({ id: 'a' }))]);

    expect(await store.set(fetchClassesWriteAtom, { courseId: 'course-1' })).toEqual(failure);
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' }))]);
  });
});
