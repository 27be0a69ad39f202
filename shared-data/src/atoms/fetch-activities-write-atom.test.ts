import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toActivity } from '../mappers/activity';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { activitiesService } from '../services/activities';
import { activityRow } from '../test-support/fake-supabase';
import { activitiesAtom } from './activities-atom';
import { fetchActivitiesWriteAtom } from './fetch-activities-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchActivitiesWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toActivity(activityRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(activitiesService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitiesAtom, [
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchActivitiesWriteAtom, { courseId: 'course-1' })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ courseId: 'course-1' });
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(activitiesService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitiesAtom, [toActivity(activityRow({ id: 'a' }))]);

    expect(await store.set(fetchActivitiesWriteAtom, { courseId: 'course-1' })).toEqual(failure);
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });
});
