import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { studentActivitiesReadModel } from '../../shared-data/src/read-models/activities';
import { submissionsService } from '../../shared-data/src/services/submissions';
import {
  type Person,
  type School,
  createActivity,
  createClass,
  createCourse,
  createPerson,
  createSchool,
  enroll,
  hoursFromNow,
} from './fixtures';

// The student Activities screen's read model (shared-data/src/read-models/activities.ts) and the submit
// flow it drives, against the real API as the signed-in student.

const signedIn = vi.hoisted(() => ({ client: null as SupabaseClient | null }));

vi.mock('../../shared-data/src/client', () => ({
  getClient: () => {
    if (!signedIn.client) throw new Error('no signed-in client for this test');
    return signedIn.client;
  },
}));

function as(person: Person) {
  signedIn.client = person.client;
}

let school: School;

beforeAll(async () => {
  school = await createSchool();
});

afterEach(() => {
  signedIn.client = null;
  vi.restoreAllMocks();
});

describe('studentActivitiesReadModel.overview', () => {
  it("lists the active activities of the student's courses and classes, the courses and the upcoming classes", async () => {
    const { student, course, activity, classActivity } = school;
    as(student);

    const result = await studentActivitiesReadModel.overview();

    expect(result.success).toBe(true);
    if (!result.success) return;
    const byId = new Map(result.data.activities.map((item) => [item.id, item]));
    expect([...byId.keys()].sort()).toEqual([activity.id, classActivity.id].sort());
    expect(byId.get(activity.id)).toMatchObject({
      title: 'Write a postcard',
      courseId: course.id,
      courseTitle: 'Spanish A1',
      classTitle: null,
      mySubmission: null,
    });
    expect(byId.get(classActivity.id)).toMatchObject({
      type: 'quiz',
      courseId: course.id,
      classTitle: 'Greetings',
    });
    expect(result.data.courses).toEqual([{ id: course.id, title: 'Spanish A1' }]);
    expect(result.data.upcomingClassCount).toBe(1);
  });

  it('shows nothing to a student enrolled nowhere', async () => {
    as(school.outsider);
    expect(await studentActivitiesReadModel.overview()).toEqual({
      success: true,
      data: { activities: [], courses: [], upcomingClassCount: 0 },
    });
  });

  it('loads in three requests with 3 or 30 courses', async () => {
    const requestsFor = async (courseCount: number) => {
      const learner = await createPerson('student', `Busy${courseCount}`);
      for (let index = 0; index < courseCount; index += 1) {
        const course = await createCourse({
          title: `Load ${courseCount}-${index}`,
          teacher_id: school.teacher.id,
        });
        await enroll(learner.id, course.id);
        await createClass(course.id, { scheduled_date: hoursFromNow(24 + index) });
        await createActivity({ course_id: course.id, due_date: hoursFromNow(24 * (index + 1)) });
      }
      as(learner);
      const fetches = vi.spyOn(globalThis, 'fetch');
      const result = await studentActivitiesReadModel.overview();
      const rest = fetches.mock.calls.filter(([input]) => String(input).includes('/rest/v1/'));
      fetches.mockRestore();
      expect(result.success && result.data.activities).toHaveLength(courseCount);
      expect(result.success && result.data.courses).toHaveLength(courseCount);
      expect(result.success && result.data.upcomingClassCount).toBe(courseCount);
      return rest.length;
    };
    expect(await requestsFor(3)).toBe(3);
    expect(await requestsFor(30)).toBe(3);
  });
});

describe('submitting work from the Activities screen', () => {
  it('uploads a file, submits, shows the status; after grading shows the grade and refuses a resubmission', async () => {
    const { teacher, course } = school;
    const learner = await createPerson('student', 'Sofía');
    await enroll(learner.id, course.id);
    const task = await createActivity({
      course_id: course.id,
      title: 'Describe your town',
      due_date: hoursFromNow(48),
      max_points: 50,
    });
    as(learner);

    const file = new File(['Mi pueblo es pequeño.'], 'town.txt', { type: 'text/plain' });
    const upload = await submissionsService.uploadFile(file, task.id, learner.id);
    expect(upload.success).toBe(true);
    if (!upload.success) return;
    expect(upload.data).toMatch(new RegExp(`^${learner.id}/${task.id}/\\d+-[a-z0-9]+\\.txt$`));

    const sent = await submissionsService.submit({
      activityId: task.id,
      studentId: learner.id,
      submissionText: 'Vivo en un pueblo pequeño.',
      fileUrls: [upload.data],
      fileNames: [file.name],
    });
    expect(sent.success && sent.data.status).toBe('submitted');
    // The stored object has a generated name; the submission keeps the one the file had.
    expect(sent.success && sent.data.fileNames).toEqual(['town.txt']);

    const mine = async () => {
      const result = await studentActivitiesReadModel.listActivities();
      return result.success ? result.data.find((item) => item.id === task.id) : undefined;
    };
    expect((await mine())?.mySubmission).toMatchObject({ status: 'submitted', grade: null });

    // Re-submitting before the due date replaces the work.
    const again = await submissionsService.submit({
      activityId: task.id,
      studentId: learner.id,
      submissionText: 'Vivo en un pueblo muy pequeño.',
      fileUrls: [upload.data],
      fileNames: ['Mi pueblo (versión 2).txt'],
    });
    expect(again.success && again.data.submissionText).toBe('Vivo en un pueblo muy pequeño.');

    const own = await submissionsService.list({ activityId: task.id, studentId: learner.id, limit: 1 });
    expect(own.success && own.data.items[0]?.fileUrls).toEqual([upload.data]);
    expect(own.success && own.data.items[0]?.fileNames).toEqual(['Mi pueblo (versión 2).txt']);

    // The teacher's grading panel reads the original names (submission_list).
    as(teacher);
    const grading = await submissionsService.listForGrading({ activityId: task.id });
    expect(grading.success && grading.data.items.map((item) => item.fileNames)).toEqual([
      ['Mi pueblo (versión 2).txt'],
    ]);
    // Another student reads nothing of it.
    as(school.otherStudent);
    const stranger = await submissionsService.list({ activityId: task.id });
    expect(stranger.success && stranger.data.items).toEqual([]);
    as(learner);
    const link = await submissionsService.getSignedUrl(upload.data);
    expect(link.success).toBe(true);
    if (link.success) {
      const response = await fetch(link.data);
      expect(await response.text()).toBe('Mi pueblo es pequeño.');
    }

    const graded = await teacher.client
      .from('activity_submissions')
      .update({ grade: 42, feedback: 'Muy bien' })
      .eq('activity_id', task.id)
      .eq('student_id', learner.id)
      .select('status');
    expect(graded.data).toEqual([{ status: 'graded' }]);

    as(learner);
    expect((await mine())?.mySubmission).toMatchObject({
      status: 'graded',
      grade: 42,
      feedback: 'Muy bien',
    });
    const refused = await submissionsService.submit({
      activityId: task.id,
      studentId: learner.id,
      submissionText: 'One more try',
    });
    expect(refused).toMatchObject({
      success: false,
      error: { code: 'CREATE_SUBMISSIONS_ERROR', message: 'This submission has already been graded' },
    });
  });

  it('refuses work after the due date with a clear message, unless late work is allowed', async () => {
    const { student, course } = school;
    const [closed, lateFriendly] = await Promise.all([
      createActivity({ course_id: course.id, title: 'Closed', due_date: hoursFromNow(-2) }),
      createActivity({
        course_id: course.id,
        title: 'Late is fine',
        due_date: hoursFromNow(-2),
        allow_late_submission: true,
      }),
    ]);
    as(student);

    expect(
      await submissionsService.submit({
        activityId: closed.id,
        studentId: student.id,
        submissionText: 'Too late',
      }),
    ).toMatchObject({
      success: false,
      error: { message: 'The due date for this activity has passed' },
    });
    const accepted = await submissionsService.submit({
      activityId: lateFriendly.id,
      studentId: student.id,
      submissionText: 'Sorry for the delay',
    });
    expect(accepted.success).toBe(true);
  });

  it('refuses a file type the bucket does not accept', async () => {
    const { student, activity } = school;
    as(student);
    const result = await submissionsService.uploadFile(
      new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }),
      activity.id,
      student.id,
    );
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.code).toBe('UPLOAD_SUBMISSION_FILE_ERROR');
  });
});
