import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toSubmission } from '../mappers/submission';
import { fail, ok } from '../result';
import { submissionsService } from '../services/submissions';
import { submissionRow } from '../test-support/fake-supabase';
import { activitySubmissionsAtom } from './activity-submissions-atom';
import { submitActivityWriteAtom } from './submit-activity-write-atom';

afterEach(() => vi.restoreAllMocks());

describe('submitActivityWriteAtom', () => {
  it('appends a new submission', async () => {
    const data = toSubmission(submissionRow({ id: 'c' }));
    const request = vi.spyOn(submissionsService, 'submit').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitySubmissionsAtom, [
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
    ]);

    expect(
      await store.set(submitActivityWriteAtom, {
        activityId: 'activity-1',
        studentId: 'user-1',
        submissionText: 'Hola',
      }),
    ).toEqual(ok(data));
    expect(request).toHaveBeenCalledWith({
      activityId: 'activity-1',
      studentId: 'user-1',
      submissionText: 'Hola',
    });
    expect(store.get(activitySubmissionsAtom)).toEqual([
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
      data,
    ]);
  });

  it('replaces a resubmitted one by id', async () => {
    const data = { ...toSubmission(submissionRow({ id: 'b' })), submissionText: 'Hola otra vez' };
    vi.spyOn(submissionsService, 'submit').mockResolvedValue(ok(data));
    const store = createStore();
    store.set(activitySubmissionsAtom, [
      toSubmission(submissionRow({ id: 'a' })),
      toSubmission(submissionRow({ id: 'b' })),
    ]);

    await store.set(submitActivityWriteAtom, {
      activityId: 'activity-1',
      studentId: 'user-1',
      submissionText: 'Hola',
    });

    expect(store.get(activitySubmissionsAtom)).toEqual([
      toSubmission(submissionRow({ id: 'a' })),
      data,
    ]);
  });

  it('leaves the list alone and hands back the failure', async () => {
    const failure = fail('UNKNOWN_ERROR', 'boom');
    vi.spyOn(submissionsService, 'submit').mockResolvedValue(failure);
    const store = createStore();
    store.set(activitySubmissionsAtom, [toSubmission(submissionRow({ id: 'a' }))]);

    expect(
      await store.set(submitActivityWriteAtom, {
        activityId: 'activity-1',
        studentId: 'user-1',
        submissionText: 'Hola',
      }),
    ).toEqual(failure);
    expect(store.get(activitySubmissionsAtom)).toEqual([toSubmission(submissionRow({ id: 'a' }))]);
  });
});
