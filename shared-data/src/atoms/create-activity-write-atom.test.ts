import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toActivity } from '../mappers/activity';
import { fail, ok } from '../result';
import { activitiesService } from '../services/activities';
import { activityRow } from '../test-support/fake-supabase';
import { activitiesAtom } from './activities-atom';
import { createActivityWriteAtom } from './create-activity-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('createActivityWriteAtom', () => {
  it('appends the created item', async () => {
    const data = toActivity(activityRow({ id: 'c' }));
    const request = vi.spyOn(activitiesService, 'create').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitiesAtom, [
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
    ]);

    expect(
      await store.set(createActivityWriteAtom, {
        title: 'T',
        description: 'D',
        courseId: 'course-1',
      }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ title: 'T', description: 'D', courseId: 'course-1' });
    expect(store.get(activitiesAtom)).toEqual([
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
      toActivity(activityRow({ id: 'c' })),
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(activitiesService, 'create').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitiesAtom, [toActivity(activityRow({ id: 'a' }))]);

    expect(
      await store.set(createActivityWriteAtom, {
        title: 'T',
        description: 'D',
        courseId: 'course-1',
      }),
    ).toEqual(failure);
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });
});
