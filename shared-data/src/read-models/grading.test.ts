import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { gradingReadModel } from './grading';

const fake = installFakeSupabase();
const SUBMISSION = '5b7e2c1a-9d3f-4e8a-b1c2-0f6d7e8a9b10';

describe('gradingReadModel.place', () => {
  it("reads a submission's activity and place in the grading order in one request", async () => {
    fake.on('POST', '/rest/v1/rpc/get_submission_place', {
      body: { activity_id: 'activity-1', position: 23 },
    });

    expect(await gradingReadModel.place(SUBMISSION)).toEqual({
      success: true,
      data: { activityId: 'activity-1', position: 23 },
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body).toEqual({ submission_uuid: SUBMISSION });
  });

  it("is null for a submission that is gone or not the caller's to see", async () => {
    fake.on('POST', '/rest/v1/rpc/get_submission_place', { body: null });
    expect(await gradingReadModel.place(SUBMISSION)).toEqual({ success: true, data: null });
  });

  it('is null, without asking, for a link whose id is not an id', async () => {
    expect(await gradingReadModel.place('not-an-id')).toEqual({ success: true, data: null });
    expect(fake.requests).toHaveLength(0);
  });

  it("falls back to 'Failed to fetch submissions'", async () => {
    fake.on('POST', '/rest/v1/rpc/get_submission_place', { status: 500, body: {} });
    expect(await gradingReadModel.place(SUBMISSION)).toMatchObject({
      success: false,
      error: { code: 'FETCH_SUBMISSIONS_ERROR', message: 'Failed to fetch submissions' },
    });
  });
});
