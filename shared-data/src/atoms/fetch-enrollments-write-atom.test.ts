import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toEnrollment } from '../mappers/enrollment';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { coursesService } from '../services/courses';
import { enrollmentRow } from '../test-support/fake-supabase';
import { enrollmentsAtom } from './enrollments-atom';
import { fetchEnrollmentsWriteAtom } from './fetch-enrollments-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchEnrollmentsWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toEnrollment(enrollmentRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(coursesService, 'listEnrollments').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(enrollmentsAtom, [
      toEnrollment(enrollmentRow({ id: 'a' })),
      toEnrollment(enrollmentRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchEnrollmentsWriteAtom, { courseId: 'course-1' })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ courseId: 'course-1' });
    expect(store.get(enrollmentsAtom)).toEqual([toEnrollment(enrollmentRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'listEnrollments').mockResolvedValue(failure);
    const store = createStore();
    store.set(enrollmentsAtom, [toEnrollment(enrollmentRow({ id: 'a' }))]);

    expect(await store.set(fetchEnrollmentsWriteAtom, { courseId: 'course-1' })).toEqual(failure);
    expect(store.get(enrollmentsAtom)).toEqual([toEnrollment(enrollmentRow({ id: 'a' }))]);
  });
});
