import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toActivity } from '../mappers/activity';
import { fail, ok } from '../result';
import { activitiesService } from '../services/activities';
import { activityRow } from '../test-support/fake-supabase';
import { activitiesAtom } from './activities-atom';
import { updateActivityWriteAtom } from './update-activity-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('updateActivityWriteAtom', () => {
  it('replaces the updated item by id', async () => {
    const data = { ...toActivity(activityRow({ id: 'b' })), title: 'Changed' };
    const request = vi.spyOn(activitiesService, 'update').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitiesAtom, [
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
    ]);

    expect(
      await store.set(updateActivityWriteAtom, { id: 'b', changes: { maxPoints: 20 } }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('b', { maxPoints: 20 });
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' })), data]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(activitiesService, 'update').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitiesAtom, [toActivity(activityRow({ id: 'a' }))]);

    expect(
      await store.set(updateActivityWriteAtom, { id: 'b', changes: { maxPoints: 20 } }),
    ).toEqual(failure);
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });
});
