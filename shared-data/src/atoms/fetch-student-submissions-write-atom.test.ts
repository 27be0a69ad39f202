import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSubmission } from '../mappers/submission';
import { fail, ok } from '../result';
import { submissionsService } from '../services/submissions';
import { submissionRow } from '../test-support/fake-supabase';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { fetchStudentSubmissionsWriteAtom } from './fetch-student-submissions-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('fetchStudentSubmissionsWriteAtom', () => {
  it('replaces the list with the fetched items', async () => {
    const data = [toSubmission(submissionRow({ id: 'c' }))];
    const request = vi.spyOn(submissionsService, 'listByStudent').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitySubmissionsAtom, [
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
    ]);

    expect(await store.set(fetchStudentSubmissionsWriteAtom, 'user-1')).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith('user-1');
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'c' }))]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(submissionsService, 'listByStudent').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitySubmissionsAtom, [toSubmission(submissionRow({ id: 'a' }))]);

    expect(await store.set(fetchStudentSubmissionsWriteAtom, 'user-1')).toEqual(failure);
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'a' }))]);
  });
});
