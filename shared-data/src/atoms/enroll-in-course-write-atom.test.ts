import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourse } from '../mappers/course';
import { fail, ok } from '../result';
import { coursesService } from '../services/courses';
import { courseRow } from '../test-support/fake-supabase';
import { coursesAtom } from './courses-atom';
import { enrollInCourseWriteAtom } from './enroll-in-course-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('enrollInCourseWriteAtom', () => {
  it('makes no local change', async () => {
    const data = null;
    const request = vi.spyOn(coursesService, 'enroll').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' })), toCourse(courseRow({ id: 'b' }))]);

    expect(await store.set(enrollInCourseWriteAtom, { courseId: 'b', userId: 'user-1' })).toEqual(
      ok(data),
    );
    expect(request).toHaveBeenCalledWith('b', 'user-1');
    expect(store.get(coursesAtom)).toEqual([
      toCourse(courseRow({ id: 'a' })),
      toCourse(courseRow({ id: 'b' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'enroll').mockResolvedValue(failure);
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' }))]);

    expect(await store.set(enrollInCourseWriteAtom, { courseId: 'b', userId: 'user-1' })).toEqual(
      failure,
    );
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' }))]);
  });
});
