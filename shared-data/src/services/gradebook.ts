import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import { toGradeWeightsRow, type GradeWeights } from '../mappers/gradebook';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { nothingChanged } from './list-query';

// The gradebook's one write: a course's weights per activity type (`courses.grade_weights`, written
// by the course's teacher or an admin under the courses' own policies; the database checks the values).

async function saveWeights(courseId: string, weights: GradeWeights): Promise<Result<null>> {
  return settle('UPDATE_COURSES_ERROR', ERROR_MESSAGES.updateCourseFailed, async () => {
    const { data, error } = await getClient()
      .from('courses')
      .update({ grade_weights: toGradeWeightsRow(weights) })
      .eq('id', courseId)
      .select('id')
      .maybeSingle<{ id: string }>();
    if (error) {
      return fromPostgrestError('UPDATE_COURSES_ERROR', error, ERROR_MESSAGES.updateCourseFailed);
    }
    return data
      ? ok(null)
      : nothingChanged('UPDATE_COURSES_ERROR', ERROR_MESSAGES.updateCourseFailed);
  });
}

export const gradebookService = { saveWeights };
