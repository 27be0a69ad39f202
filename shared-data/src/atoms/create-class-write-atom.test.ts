import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCourseClass } from '../mappers/class';
import { fail, ok } from '../result';
import { classesService } from '../services/classes';
import { classRow } from '../test-support/fake-supabase';
import { classesAtom } from './classes-atom';
import { createClassWriteAtom } from './create-class-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('createClassWriteAtom', () => {
  it('appends the created item', async () => {
    const data = toCourseClass(classRow({ id: 'c' }));
    const request = vi.spyOn(classesService, 'create').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(classesAtom, [
      toCourseClass(classRow({ id: 'a' })),
      toCourseClass(classRow({ id: 'b' })),
    ]);

    expect(
      await store.set(createClassWriteAtom, {
        courseId: 'course-1',
        title: 'T',
        scheduledDate: '2025-03-12T15:00:00.000Z',
        duration: 60,
        type: 'recorded',
      }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({
      courseId: 'course-1',
      title: 'T',
      scheduledDate: '2025-03-12T15:00:00.000Z',
      duration: 60,
      type: 'recorded',
    });
    expect(store.get(classesAtom)).toEqual([
      toCourseClass(classRow({ id: 'a' })),
      toCourseClass(classRow({ id: 'b' })),
      toCourseClass(classRow({ id: 'c' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(classesService, 'create').mockResolvedValue(failure);
    const store = createStore();
    store.set(classesAtom, [toCourseClass(classRow({ id: 'a' }))]);

    expect(
      await store.set(createClassWriteAtom, {
        courseId: 'course-1',
        title: 'T',
        scheduledDate: '2025-03-12T15:00:00.000Z',
        duration: 60,
        type: 'recorded',
      }),
    ).toEqual(failure);
    expect(store.get(classesAtom)).toEqual([toCourseClass(classRow({ id: 'a' }))]);
  });
});
