import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toGradebook, type Gradebook, type GradebookReply } from '../mappers/gradebook';
import { isUuid } from '../rules/ids';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The gradebook of one course in one request, whatever its size (`get_course_gradebook`,
// 20261201008000_gradebook.sql; docs/assessment.md): the course's teacher and admins get every
// student, a student of the course their own row; anyone else null.

async function get(courseId: string): Promise<Result<Gradebook | null>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchActivitiesFailed, async () => {
    if (!isUuid(courseId)) return ok(null);
    const { data, error } = await getClient().rpc('get_course_gradebook', {
      course_uuid: courseId,
    });
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchActivitiesFailed,
      );
    }
    return ok(toGradebook(data as GradebookReply));
  });
}

export const gradebookReadModel = { get };
