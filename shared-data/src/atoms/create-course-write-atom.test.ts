import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourse } from '../mappers/course';
import { fail, ok } from '../result';
import { coursesService } from '../services/courses';
import { courseRow } from '../test-support/fake-supabase';
import { coursesAtom } from './courses-atom';
import { createCourseWriteAtom } from './create-course-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('createCourseWriteAtom', () => {
  it('appends the created item', async () => {
    const data = toCourse(courseRow({ id: 'c' }));
    const request = vi.spyOn(coursesService, 'create').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' })), toCourse(courseRow({ id: 'b' }))]);

    expect(
      await store.set(createCourseWriteAtom, { title: 'T', description: 'D', language: 'English' }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ title: 'T', description: 'D', language: 'English' });
    expect(store.get(coursesAtom)).toEqual([
      toCourse(courseRow({ id: 'a' })),
      toCourse(courseRow({ id: 'b' })),
      toCourse(courseRow({ id: 'c' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(coursesService, 'create').mockResolvedValue(failure);
    const store = createStore();
    store.set(coursesAtom, [toCourse(courseRow({ id: 'a' }))]);

    expect(
      await store.set(createCourseWriteAtom, { title: 'T', description: 'D', language: 'English' }),
    ).toEqual(failure);
    expect(store.get(coursesAtom)).toEqual([toCourse(courseRow({ id: 'a' }))]);
  });
});
