import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourse } from '../mappers/course';
import { fail, ok } from '../result';
import { coursesService } from '../services/courses';
import { courseRow } from '../test-support/fake-supabase';
import { coursesAtom } from './courses-atom';
import { updateCourseWriteAtom } from './update-course-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('updateCourseWriteAtom', () => {
  it('replaces the updated item by id', async () => {
    const data = { ...toCourse(courseRow({ id: 'b' })), title: 'Changed' };
    const request = vi.spyOn(coursesService, 'update').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' })), toCourse(courseRow({ id: 'b' }))]);

    expect(
      await store.set(updateCourseWriteAtom, { id: 'b', changes: { isActive: false } }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('b', { isActive: false });
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' })), data]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'update').mockResolvedValue(failure);
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' }))]);

    expect(
      await store.set(updateCourseWriteAtom, { id: 'b', changes: { isActive: false } }),
    ).toEqual(failure);
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' }))]);
  });
});
