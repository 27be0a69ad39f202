import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toActivity } from '../mappers/activity';
import { fail, ok } from '../result';
import { activitiesService } from '../services/activities';
import { activityRow } from '../test-support/fake-supabase';
import { activitiesAtom } from './activities-atom';
import { deleteActivityWriteAtom } from './delete-activity-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('deleteActivityWriteAtom', () => {
  it('removes the deleted item by id', async () => {
    const data = null;
    const request = vi.spyOn(activitiesService, 'delete').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitiesAtom, [
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
    ]);

    expect(await store.set(deleteActivityWriteAtom, 'b')).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('b');
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(activitiesService, 'delete').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitiesAtom, [toActivity(activityRow({ id: 'a' }))]);

    expect(await store.set(deleteActivityWriteAtom, 'b')).toEqual(failure);
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });
});
