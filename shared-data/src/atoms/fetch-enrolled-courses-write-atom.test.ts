import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourse } from '../mappers/course';
import { toEnrollment } from '../mappers/enrollment';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { coursesService } from '../services/courses';
import { courseRow, enrollmentRow } from '../test-support/fake-supabase';
import { coursesAtom } from './courses-atom';
import { fetchEnrolledCoursesWriteAtom } from './fetch-enrolled-courses-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchEnrolledCoursesWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const enrolled = {
      ...toCourse(courseRow({ id: 'c' })),
      enrollment: toEnrollment(enrollmentRow()),
    };
    const data = toPaged([enrolled], 1, 1, 10);
    const request = vi.spyOn(coursesService, 'listEnrolledCourses').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' })), toCourse(courseRow({ id: 'b' }))]);

    expect(
      await store.set(fetchEnrolledCoursesWriteAtom, { userId: 'user-1', page: 1, limit: 10 }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('user-1', { page: 1, limit: 10 });
    expect(store.get(coursesAtom)).toEqual([enrolled]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'listEnrolledCourses').mockResolvedValue(failure);
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' }))]);

    expect(
      await store.set(fetchEnrolledCoursesWriteAtom, { userId: 'user-1', page: 1, limit: 10 }),
    ).toEqual(failure);
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' }))]);
  });
});
