import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toNumber } from '../mappers/fields';
import { isUuid } from '../rules/ids';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The grading links (`/activities?submission=<id>`): `get_submission_place`
// (20261129000402_read_models_grading.sql) finds the submission's activity and its place in the
// grading dialog's order, so the dialog opens on that very submission.

/** Where a submission is: its activity, and its 1-based place among that activity's submissions. */
export type SubmissionPlace = { activityId: string; position: number };

type PlaceReply = { activity_id?: string | null; position?: number | string | null } | null;

/**
 * The place of a submission the caller may see; null when it is gone, is not theirs to see (alike),
 * or the link's id is not an id at all.
 */
async function place(submissionId: string): Promise<Result<SubmissionPlace | null>> {
  return settle('FETCH_SUBMISSIONS_ERROR', ERROR_MESSAGES.fetchSubmissionsFailed, async () => {
    if (!isUuid(submissionId)) return ok(null);
    const { data, error } = await getClient().rpc('get_submission_place', {
      submission_uuid: submissionId,
    });
    if (error) {
      return fromPostgrestError(
        'FETCH_SUBMISSIONS_ERROR',
        error,
        ERROR_MESSAGES.fetchSubmissionsFailed,
      );
    }
    const reply = data as PlaceReply;
    if (!reply?.activity_id) return ok(null);
    return ok({ activityId: reply.activity_id, position: Math.max(toNumber(reply.position), 1) });
  });
}

export const gradingReadModel = { place };
