import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toActivity } from '../mappers/activity';
import { fail, ok } from '../result';
import { activitiesService } from '../services/activities';
import { activityRow } from '../test-support/fake-supabase';
import { activitiesAtom } from './activities-atom';
import { fetchStudentActivitiesWriteAtom } from './fetch-student-activities-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchStudentActivitiesWriteAtom', () => {
  it('replaces the list with the fetched items', async () => {
    const data = [toActivity(activityRow({ id: 'c' }))];
    const request = vi.spyOn(activitiesService, 'listForStudent').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitiesAtom, [
      toActivity(activityRow({ id: 'a' })),
      toActivity(activityRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchStudentActivitiesWriteAtom, 'user-1')).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('user-1');
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(activitiesService, 'listForStudent').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitiesAtom, [toActivity(activityRow({ id: 'a' }))]);

    expect(await store.set(fetchStudentActivitiesWriteAtom, 'user-1')).toEqual(failure);
    expect(store.get(activitiesAtom)).toEqual([toActivity(activityRow({ id: 'a' }))]);
  });
});
