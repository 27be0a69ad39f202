import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  ACTIVITY_COLUMNS,
  MANAGED_ACTIVITY_COLUMNS,
  toActivity,
  toActivityWriteRow,
  toManagedActivity,
  type Activity,
  type ActivityChanges,
  type ActivityInput,
  type ActivityRow,
  type ActivityType,
  type ManagedActivity,
  type ManagedActivityRow,
} from '../mappers/activity';
import { ACTIVITY_DEFAULTS } from '../rules/activity-form';
import { type PageRequest, type Paged } from '../rules/paging';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { anyColumnContains, nothingChanged, pageWindow, toPagedResult } from './list-query';

/** Activity list filters. */
export type ActivityFilters = PageRequest & {
  courseId?: string;
  classId?: string;
  type?: ActivityType;
  isActive?: boolean;
  createdBy?: string;
  /** Title or description contains it. */
  search?: string;
};

// The form's defaults are a rule of the activity form; creating an activity applies them too.
export { ACTIVITY_DEFAULTS };

// No fixed product text exists for these; the provider's message is used whenever it has one.
const UPDATE_ACTIVITY_FAILED = 'Failed to update activity';
const ONE_ASSOCIATION = 'An activity belongs to exactly one course or one class';

/** Default sort: newest first. */
async function list(filters: ActivityFilters = {}): Promise<Result<Paged<Activity>>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchActivitiesFailed, async () => {
    const window = pageWindow(filters);
    let query = getClient().from('activities').select(ACTIVITY_COLUMNS, { count: 'exact' });
    if (filters.courseId) query = query.eq('course_id', filters.courseId);
    if (filters.classId) query = query.eq('class_id', filters.classId);
    if (filters.type) query = query.eq('type', filters.type);
    if (filters.isActive !== undefined) query = query.eq('is_active', filters.isActive);
    if (filters.createdBy) query = query.eq('created_by', filters.createdBy);
    const search = anyColumnContains(['title', 'description'], filters.search);
    if (search) query = query.or(search);
    const response = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<ActivityRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toActivity,
      'FETCH_ACTIVITIES_ERROR',
      ERROR_MESSAGES.fetchActivitiesFailed,
    );
  });
}

/**
 * One activity as the management screen shows it (a link such as a dashboard's "Grade" opens its
 * submissions); null when it does not exist or the caller may not see it.
 */
async function getManaged(id: string): Promise<Result<ManagedActivity | null>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchActivitiesFailed, async () => {
    const { data, error } = await getClient()
      .from('activity_list')
      .select(MANAGED_ACTIVITY_COLUMNS)
      .eq('id', id)
      .maybeSingle<ManagedActivityRow>();
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchActivitiesFailed,
      );
    }
    return ok(data ? toManagedActivity(data) : null);
  });
}

/**
 * The active activities of the courses the student is actively enrolled in, whether attached to
 * the course or to one of its classes, newest first. Two requests whatever the number of courses:
 * the enrolled course ids, then the activities (an activity of a class matches through the
 * embedded class's course).
 */
async function listForStudent(studentId: string): Promise<Result<Activity[]>> {
  return settle('FETCH_ACTIVITIES_ERROR', ERROR_MESSAGES.fetchStudentActivitiesFailed, async () => {
    const enrollments = await getClient()
      .from('enrollments')
      .select('course_id')
      .eq('user_id', studentId)
      .eq('status', 'active')
      .overrideTypes<{ course_id: string }[], { merge: false }>();
    if (enrollments.error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        enrollments.error,
        ERROR_MESSAGES.fetchStudentActivitiesFailed,
      );
    }
    const courseIds = [...new Set(enrollments.data.map((row) => row.course_id))];
    if (courseIds.length === 0) return ok([]);
    const ids = `(${courseIds.join(',')})`;
    // The class embed is null unless the class is in one of the courses (PostgREST null filtering
    // on an embedded resource), so the `or` keeps course activities and class activities alike.
    const { data, error } = await getClient()
      .from('activities')
      .select(ACTIVITY_COLUMNS)
      .eq('is_active', true)
      .filter('class.course_id', 'in', ids)
      .or(`course_id.in.${ids},class.not.is.null`)
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .overrideTypes<ActivityRow[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'FETCH_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.fetchStudentActivitiesFailed,
      );
    }
    return ok(data.map(toActivity));
  });
}

/** True when exactly one of course and class is given (the database checks the same). */
function hasOneAssociation(input: Pick<ActivityInput, 'courseId' | 'classId'>): boolean {
  return Boolean(input.courseId?.trim()) !== Boolean(input.classId?.trim());
}

/**
 * Creates an activity with the activity form defaults. The due date is sent as an ISO UTC date-time, or
 * null; the database stamps `created_by` with the caller.
 */
async function create(input: ActivityInput): Promise<Result<Activity>> {
  return settle('CREATE_ACTIVITIES_ERROR', ERROR_MESSAGES.createActivityFailed, async () => {
    if (!hasOneAssociation(input)) return fail('CREATE_ACTIVITIES_ERROR', ONE_ASSOCIATION);
    const row = toActivityWriteRow({
      ...ACTIVITY_DEFAULTS,
      ...input,
      courseId: input.courseId ?? null,
      classId: input.classId ?? null,
      dueDate: input.dueDate ?? null,
      instructions: input.instructions ?? null,
    });
    const { data, error } = await getClient()
      .from('activities')
      .insert(row)
      .select(ACTIVITY_COLUMNS)
      .single<ActivityRow>();
    if (error) {
      return fromPostgrestError(
        'CREATE_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.createActivityFailed,
      );
    }
    return ok(toActivity(data));
  });
}

/** Changing the association sends both columns, so the row always keeps exactly one. */
async function update(id: string, changes: ActivityChanges): Promise<Result<Activity>> {
  return settle('UPDATE_ACTIVITIES_ERROR', UPDATE_ACTIVITY_FAILED, async () => {
    const movesAssociation = changes.courseId !== undefined || changes.classId !== undefined;
    if (movesAssociation && !hasOneAssociation(changes)) {
      return fail('UPDATE_ACTIVITIES_ERROR', ONE_ASSOCIATION);
    }
    const row = toActivityWriteRow(
      movesAssociation
        ? { ...changes, courseId: changes.courseId ?? null, classId: changes.classId ?? null }
        : changes,
    );
    const { data, error } = await getClient()
      .from('activities')
      .update(row)
      .eq('id', id)
      .select(ACTIVITY_COLUMNS)
      .maybeSingle<ActivityRow>();
    if (error) return fromPostgrestError('UPDATE_ACTIVITIES_ERROR', error, UPDATE_ACTIVITY_FAILED);
    return data
      ? ok(toActivity(data))
      : nothingChanged('UPDATE_ACTIVITIES_ERROR', UPDATE_ACTIVITY_FAILED);
  });
}

async function remove(id: string): Promise<Result<null>> {
  return settle('DELETE_ACTIVITIES_ERROR', ERROR_MESSAGES.deleteActivityFailed, async () => {
    const { data, error } = await getClient()
      .from('activities')
      .delete()
      .eq('id', id)
      .select('id')
      .overrideTypes<{ id: string }[], { merge: false }>();
    if (error) {
      return fromPostgrestError(
        'DELETE_ACTIVITIES_ERROR',
        error,
        ERROR_MESSAGES.deleteActivityFailed,
      );
    }
    return data.length > 0
      ? ok(null)
      : nothingChanged('DELETE_ACTIVITIES_ERROR', ERROR_MESSAGES.deleteActivityFailed);
  });
}

export const activitiesService = {
  list,
  getManaged,
  listForStudent,
  create,
  update,
  delete: remove,
};
