import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSubmission } from '../mappers/submission';
import { fail, ok } from '../result';
import { submissionsService } from '../services/submissions';
import { submissionRow } from '../test-support/fake-supabase';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { gradeSubmissionWriteAtom } from './grade-submission-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('gradeSubmissionWriteAtom', () => {
  it('replaces the updated item by id', async () => {
    const data = { ...toSubmission(submissionRow({ id: 'b' })), feedback: 'Changed' };
    const request = vi.spyOn(submissionsService, 'grade').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitySubmissionsAtom, [
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
    ]);

    expect(await store.set(gradeSubmissionWriteAtom, { id: 'b', grade: 90 })).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({ id: 'b', grade: 90 });
    expect(store.get(activitySubmissionsAtom)).toEqual([
      toSubmission(submissionRow({ id: 'a' })),
      data,
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(submissionsService, 'grade').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitySubmissionsAtom, [toSubmission(submissionRow({ id: 'a' }))]);

    expect(await store.set(gradeSubmissionWriteAtom, { id: 'b', grade: 90 })).toEqual(failure);
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'a' }))]);
  });
});
