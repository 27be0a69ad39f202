import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourse } from '../mappers/course';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { coursesService } from '../services/courses';
import { courseRow } from '../test-support/fake-supabase';
import { coursesAtom } from './courses-atom';
import { fetchCoursesWriteAtom } from './fetch-courses-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchCoursesWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toCourse(courseRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(coursesService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' })), toCourse(courseRow({ id: 'b' }))]);

    expect(await store.set(fetchCoursesWriteAtom, { isActive: true, limit: 100 })).toEqual(
      ok(data),
    );
    expect(request).toHaveBeenCalledWith({ isActive: true, limit: 100 });
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' }))]);

    expect(await store.set(fetchCoursesWriteAtom, { isActive: true, limit: 100 })).toEqual(failure);
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' }))]);
  });
});
