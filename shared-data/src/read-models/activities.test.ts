import { describe, expect, it } from 'vitest';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { studentActivitiesReadModel, toStudentActivity, type ActivityListRow } from './activities';

const fake = installFakeSupabase();

function activityListRow(overrides: Partial<ActivityListRow> = {}): ActivityListRow {
  return {
    id: 'activity-1',
    title: 'Write a formal email',
    description: 'Ask a supplier for a quote',
    type: 'assignment',
    course_id: 'course-1',
    class_id: null,
    effective_course_id: 'course-1',
    course_title: 'Business Spanish',
    class_title: null,
    class_scheduled_date: null,
    due_date: '2025-03-15T23:59:00+00:00',
    max_points: 100,
    instructions: 'Two paragraphs',
    allow_late_submission: false,
    my_submission_id: null,
    my_submission_status: null,
    my_grade: null,
    my_feedback: null,
    my_submitted_at: null,
    my_feedback_audio: null,
    recording_limit_seconds: 180,
    skills: [],
    cefr_level: null,
    rubric: null,
    my_rubric_scores: null,
    ...overrides,
  };
}

const LIST = '/rest/v1/activity_list';
const COURSES = '/rest/v1/my_courses';
const CLASSES = '/rest/v1/calendar_classes';

describe('toStudentActivity', () => {
  it('maps an activity without a submission', () => {
    expect(toStudentActivity(activityListRow())).toEqual({
      id: 'activity-1',
      title: 'Write a formal email',
      description: 'Ask a supplier for a quote',
      type: 'assignment',
      courseId: 'course-1',
      courseTitle: 'Business Spanish',
      classId: null,
      classTitle: null,
      classScheduledDate: null,
      dueDate: '2025-03-15T23:59:00+00:00',
      maxPoints: 100,
      instructions: 'Two paragraphs',
      allowLateSubmission: false,
      recordingLimitSeconds: 180,
      skills: [],
      cefrLevel: null,
      rubric: null,
      mySubmission: null,
    });
  });

  it("takes a class activity's course through its class and carries the own graded submission", () => {
    const activity = toStudentActivity(
      activityListRow({
        course_id: null,
        class_id: 'class-1',
        effective_course_id: 'course-2',
        class_title: 'Lesson 3',
        my_submission_id: 'submission-1',
        my_submission_status: 'graded',
        my_grade: '17.50' as unknown as number,
        my_feedback: 'Good',
        my_submitted_at: '2025-03-14T10:00:00+00:00',
      }),
    );
    expect(activity.courseId).toBe('course-2');
    expect(activity.classId).toBe('class-1');
    expect(activity.classTitle).toBe('Lesson 3');
    expect(activity.mySubmission).toEqual({
      id: 'submission-1',
      status: 'graded',
      grade: 17.5,
      feedback: 'Good',
      feedbackAudio: null,
      submittedAt: '2025-03-14T10:00:00+00:00',
      rubricScores: null,
    });
  });

  it('reads an unknown type as an assignment and an unknown status as submitted', () => {
    const activity = toStudentActivity(
      activityListRow({ type: 'essay', my_submission_id: 's', my_submission_status: 'weird' }),
    );
    expect(activity.type).toBe('assignment');
    expect(activity.mySubmission?.status).toBe('submitted');
  });
});

describe('studentActivitiesReadModel.listActivities', () => {
  it('asks the view for active activities, soonest due first', async () => {
    fake.on('GET', LIST, { body: [activityListRow()] });

    const result = await studentActivitiesReadModel.listActivities();

    expect(result.success && result.data).toHaveLength(1);
    const query = fake.requestsTo('GET', LIST)[0]?.query;
    expect(query?.get('is_active')).toBe('eq.true');
    expect(query?.get('order')).toBe('due_date.asc.nullslast,title.asc');
    expect(query?.get('select')).toContain('my_submission_status');
  });

  it('fails with the student activities message', async () => {
    fake.on('GET', LIST, { status: 500, body: {} });

    const result = await studentActivitiesReadModel.listActivities();

    expect(result).toEqual({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'Failed to fetch student activities' },
    });
  });
});

describe('studentActivitiesReadModel.overview', () => {
  it('loads activities, enrolled courses and the upcoming class count in three requests', async () => {
    fake.on('GET', LIST, { body: [activityListRow(), activityListRow({ id: 'activity-2' })] });
    fake.on('GET', COURSES, { body: [{ id: 'course-1', title: 'Business Spanish' }] });
    fake.on('HEAD', CLASSES, { headers: { 'content-range': '*/4' } });
    const now = new Date('2025-03-10T12:00:00.000Z');

    const result = await studentActivitiesReadModel.overview(now);

    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.activities.map((activity) => activity.id)).toEqual([
      'activity-1',
      'activity-2',
    ]);
    expect(result.data.courses).toEqual([{ id: 'course-1', title: 'Business Spanish' }]);
    expect(result.data.upcomingClassCount).toBe(4);
    expect(fake.requests).toHaveLength(3);
    const courses = fake.requestsTo('GET', COURSES)[0]?.query;
    expect(courses?.get('relation')).toBe('eq.student');
    expect(courses?.get('enrollment_status')).toBe('eq.active');
    expect(fake.requestsTo('HEAD', CLASSES)[0]?.query.get('scheduled_date')).toBe(
      'gte.2025-03-10T12:00:00.000Z',
    );
  });

  it('fails when any of the three fails', async () => {
    fake.on('GET', LIST, { body: [] });
    fake.on('GET', COURSES, { status: 401, body: { message: 'JWT expired' } });
    fake.on('HEAD', CLASSES, { headers: { 'content-range': '*/0' } });

    const result = await studentActivitiesReadModel.overview();

    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.code).toBe('FETCH_COURSES_ERROR');
      expect(result.error.message).toBe('JWT expired');
    }
  });
});
