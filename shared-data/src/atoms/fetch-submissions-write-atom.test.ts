import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSubmission } from '../mappers/submission';
import { fail, ok } from '../result';
import { toPaged } from '../rules/paging';
import { submissionsService } from '../services/submissions';
import { submissionRow } from '../test-support/fake-supabase';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { fetchSubmissionsWriteAtom } from './fetch-submissions-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchSubmissionsWriteAtom', () => {
  it('replaces the list with the fetched page', async () => {
    const data = toPaged([toSubmission(submissionRow({ id: 'c' }))], 1, 1, 10);
    const request = vi.spyOn(submissionsService, 'list').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitySubmissionsAtom, [
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchSubmissionsWriteAtom, { activityId: 'activity-1' })).toEqual(
      ok(data),
    );
    expect(request).toHaveBeenCalledWith({ activityId: 'activity-1' });
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(submissionsService, 'list').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitySubmissionsAtom, [toSubmission(submissionRow({ id: 'a' }))]);

    expect(await store.set(fetchSubmissionsWriteAtom, { activityId: 'activity-1' })).toEqual(
      failure,
    );
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'a' }))]);
  });
});
