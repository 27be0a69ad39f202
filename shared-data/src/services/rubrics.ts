import { getClient } from '@portal/shared-data/session';
import type { Json } from '../database.types';
import { ERROR_MESSAGES } from '../errors';
import { RUBRIC_COLUMNS, toRubric, type Rubric, type RubricRow } from '../mappers/rubric';
import type { RubricContent } from '../rules/rubric';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { nothingChanged } from './list-query';

// The rubric library (docs/assessment.md "Rubrics", 20261201008200_rubrics.sql). Row-level security
// decides: teachers and admins read every rubric; its owner (a teacher) or an admin changes or deletes
// it; the database checks the criteria (private.valid_rubric_criteria).

const SAVE_RUBRIC_FAILED = 'Failed to save rubric';
const DELETE_RUBRIC_FAILED = 'Failed to delete rubric';

/** The whole library, by title (a school keeps tens of rubrics, not thousands). */
async function list(): Promise<Result<Rubric[]>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchActivitiesFailed, async () => {
    const { data, error } = await getClient()
      .from('rubrics')
      .select(RUBRIC_COLUMNS)
      .order('title', { ascending: true })
      .order('id', { ascending: true })
      .overrideTypes<RubricRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchActivitiesFailed,
      );
    }
    return ok(data.map(toRubric));
  });
}

/** A new rubric of the caller's own. */
async function create(ownerId: string, content: RubricContent): Promise<Result<Rubric>> {
  return settle('CREATE_ACTIVITIES_ERROR', SAVE_RUBRIC_FAILED, async () => {
    const { data, error } = await getClient()
      .from('rubrics')
      .insert({ owner_id: ownerId, title: content.title, criteria: content.criteria as Json })
      .select(RUBRIC_COLUMNS)
      .single<RubricRow>();
    if (error) return fromPostgrestError('CREATE_ACTIVITIES_ERROR', error, SAVE_RUBRIC_FAILED);
    return ok(toRubric(data));
  });
}

/** Changes a rubric (activities keep their own copies: none of them changes). */
async function update(id: string, content: RubricContent): Promise<Result<Rubric>> {
  return settle('UPDATE_ACTIVITIES_ERROR', SAVE_RUBRIC_FAILED, async () => {
    const { data, error } = await getClient()
      .from('rubrics')
      .update({ title: content.title, criteria: content.criteria as Json })
      .eq('id', id)
      .select(RUBRIC_COLUMNS)
      .maybeSingle<RubricRow>();
    if (error) return fromPostgrestError('UPDATE_ACTIVITIES_ERROR', error, SAVE_RUBRIC_FAILED);
    return data
      ? ok(toRubric(data))
      : nothingChanged('UPDATE_ACTIVITIES_ERROR', SAVE_RUBRIC_FAILED);
  });
}

async function remove(id: string): Promise<Result<null>> {
  return settle('DELETE_ACTIVITIES_ERROR', DELETE_RUBRIC_FAILED, async () => {
    const { data, error } = await getClient()
      .from('rubrics')
      .delete()
      .eq('id', id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) return fromPostgrestError('DELETE_ACTIVITIES_ERROR', error, DELETE_RUBRIC_FAILED);
    return data.length > 0
      ? ok(null)
      : nothingChanged('DELETE_ACTIVITIES_ERROR', DELETE_RUBRIC_FAILED);
  });
}

export const rubricsService = { list, create, update, delete: remove };
