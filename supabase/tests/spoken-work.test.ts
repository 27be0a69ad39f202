import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Person,
  closeDb,
  createActivity,
  createCourse,
  createPerson,
  createSubmission,
  enroll,
  ownerQuery,
  service,
} from './fixtures';

// Spoken work (20261201008300_spoken_work.sql): a recorded answer is a submission file; recorded
// feedback lives in the feedback-audio bucket beside its submission, written by the course's teacher or
// an admin and heard by the submission's student. Every rule tried as the wrong role.

// The first bytes of a WebM file (EBML header), as MediaRecorder writes it.
const webm = () =>
  new Blob(
    [new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81])],
    {
      type: 'audio/webm',
    },
  );

async function upload(client: SupabaseClient, bucket: string, name: string) {
  const { error } = await client.storage
    .from(bucket)
    .upload(name, webm(), { contentType: 'audio/webm' });
  return error;
}

let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let activityId: string;
let submissionId: string;
let classmateSubmissionId: string;

beforeAll(async () => {
  [teacher, otherTeacher, admin, student, classmate] = await Promise.all([
    createPerson('teacher', 'Gabriela'),
    createPerson('teacher', 'Otro'),
    createPerson('admin', 'Ada'),
    createPerson('student', 'Ana'),
    createPerson('student', 'Bruno'),
  ]);
  const course = await createCourse({ teacher_id: teacher.id });
  await Promise.all([enroll(student.id, course.id), enroll(classmate.id, course.id)]);
  activityId = (await createActivity({ course_id: course.id, skills: ['speaking'] })).id;
  submissionId = (await createSubmission({ activity_id: activityId, student_id: student.id })).id;
  classmateSubmissionId = (
    await createSubmission({ activity_id: activityId, student_id: classmate.id })
  ).id;
});

afterAll(closeDb);

describe('the recording limit', () => {
  it('is 3 minutes unless the teacher sets 30 seconds to 15 minutes', async () => {
    const { data } = await service
      .from('activities')
      .select('recording_limit_seconds')
      .eq('id', activityId)
      .single();
    expect(data!.recording_limit_seconds).toBe(180);
    for (const seconds of [29, 901]) {
      const { error } = await teacher.client
        .from('activities')
        .update({ recording_limit_seconds: seconds })
        .eq('id', activityId);
      expect(error?.code, String(seconds)).toBe('23514');
    }
    const set = await teacher.client
      .from('activities')
      .update({ recording_limit_seconds: 60 })
      .eq('id', activityId)
      .select('recording_limit_seconds');
    expect(set.data).toEqual([{ recording_limit_seconds: 60 }]);
    const bystander = await otherTeacher.client
      .from('activities')
      .update({ recording_limit_seconds: 900 })
      .eq('id', activityId)
      .select('id');
    expect(bystander.data).toEqual([]);
  });
});

describe('a recorded answer', () => {
  it('is an Opus-in-WebM submission file the student uploads to their own folder', async () => {
    expect(
      await upload(
        student.client,
        'activity-submissions',
        `${student.id}/${activityId}/answer.webm`,
      ),
    ).toBeNull();
  });
});

describe('recorded feedback', () => {
  const feedbackOf = (submission: string) => `${activityId}/${submission}/feedback.webm`;

  it('is uploaded by the course’s teacher or an admin beside a submission of the activity', async () => {
    expect(await upload(teacher.client, 'feedback-audio', feedbackOf(submissionId))).toBeNull();
    expect(
      await upload(
        admin.client,
        'feedback-audio',
        `${activityId}/${classmateSubmissionId}/admin.webm`,
      ),
    ).toBeNull();
  });

  it('is refused to the student, another teacher, and beside no submission of the activity', async () => {
    expect(
      await upload(student.client, 'feedback-audio', `${activityId}/${submissionId}/mine.webm`),
    ).not.toBeNull();
    expect(
      await upload(
        otherTeacher.client,
        'feedback-audio',
        `${activityId}/${submissionId}/other.webm`,
      ),
    ).not.toBeNull();
    // A real submission, but under another activity's folder; and a made-up submission id.
    expect(
      await upload(
        teacher.client,
        'feedback-audio',
        `${classmateSubmissionId}/${submissionId}/x.webm`,
      ),
    ).not.toBeNull();
    expect(
      await upload(
        teacher.client,
        'feedback-audio',
        `${activityId}/00000000-0000-4000-8000-000000000000/x.webm`,
      ),
    ).not.toBeNull();
    // Only audio.
    const text = await teacher.client.storage
      .from('feedback-audio')
      .upload(`${activityId}/${submissionId}/notes.txt`, new Blob(['hi'], { type: 'text/plain' }), {
        contentType: 'text/plain',
      });
    expect(text.error).not.toBeNull();
  });

  it('is named on the submission by the teacher only, in the submission’s own folder', async () => {
    const set = await teacher.client
      .from('activity_submissions')
      .update({ feedback_audio: feedbackOf(submissionId) })
      .eq('id', submissionId)
      .select('feedback_audio');
    expect(set.data).toEqual([{ feedback_audio: feedbackOf(submissionId) }]);

    const elsewhere = await teacher.client
      .from('activity_submissions')
      .update({ feedback_audio: feedbackOf(submissionId) })
      .eq('id', classmateSubmissionId);
    expect(elsewhere.error?.code).toBe('23514');

    const byStudent = await classmate.client
      .from('activity_submissions')
      .update({ feedback_audio: `${activityId}/${classmateSubmissionId}/admin.webm` })
      .eq('id', classmateSubmissionId);
    expect(byStudent.error?.code).toBe('42501');
    const byOther = await otherTeacher.client
      .from('activity_submissions')
      .update({ feedback_audio: `${activityId}/${classmateSubmissionId}/admin.webm` })
      .eq('id', classmateSubmissionId)
      .select('id');
    expect(byOther.data ?? []).toEqual([]);
  });

  it('is heard by the submission’s student and teachers, not by a classmate or another teacher', async () => {
    const name = feedbackOf(submissionId);
    for (const listener of [student, teacher, admin]) {
      const { error } = await listener.client.storage.from('feedback-audio').download(name);
      expect(error, listener.role).toBeNull();
    }
    for (const stranger of [classmate, otherTeacher]) {
      const { data } = await stranger.client.storage.from('feedback-audio').download(name);
      expect(data).toBeNull();
    }
  });

  it('reaches the screens through the read models: the student their own, the course’s teacher all', async () => {
    // 20261201008600_spoken_work_read_models.sql: the views stay security invoker.
    const name = feedbackOf(submissionId);
    const own = await student.client
      .from('activity_list')
      .select('my_feedback_audio, recording_limit_seconds')
      .eq('id', activityId)
      .single();
    expect(own.data).toEqual({ my_feedback_audio: name, recording_limit_seconds: 60 });
    const classmates = await classmate.client
      .from('activity_list')
      .select('my_feedback_audio')
      .eq('id', activityId)
      .single();
    expect(classmates.data).toEqual({ my_feedback_audio: null });

    const grading = await teacher.client
      .from('submission_list')
      .select('id, feedback_audio')
      .eq('activity_id', activityId);
    expect(grading.data).toContainEqual({ id: submissionId, feedback_audio: name });
    for (const stranger of [classmate, otherTeacher]) {
      const seen = await stranger.client
        .from('submission_list')
        .select('feedback_audio')
        .eq('id', submissionId);
      expect(seen.data, stranger.role).toEqual([]);
    }

    const managed = await teacher.client.rpc('get_activity_management', { page_size: 100 });
    const activities = (
      managed.data as { activities: { id: string; recording_limit_seconds: number }[] }
    ).activities;
    expect(activities.find((activity) => activity.id === activityId)?.recording_limit_seconds).toBe(
      60,
    );
  });

  it('goes to the storage cleanup when it is replaced or its submission deleted', async () => {
    const replacement = `${activityId}/${submissionId}/second.webm`;
    expect(await upload(teacher.client, 'feedback-audio', replacement)).toBeNull();
    await teacher.client
      .from('activity_submissions')
      .update({ feedback_audio: replacement })
      .eq('id', submissionId);
    await service.from('activity_submissions').delete().eq('id', submissionId);
    const { rows } = await ownerQuery<{ name: string }>(
      `select name from private.storage_deletions where bucket_id = 'feedback-audio' and name like $1 || '%' order by name`,
      [`${activityId}/${submissionId}/`],
    );
    // The cleanup function may already have removed them from the queue (locally it runs every
    // second): then the objects are gone from storage.
    const { data: left } = await service.storage
      .from('feedback-audio')
      .list(`${activityId}/${submissionId}`);
    const remaining = (left ?? []).map((o) => o.name);
    for (const name of ['feedback.webm', 'second.webm']) {
      const queued = rows.some((row) => row.name.endsWith(`/${name}`));
      expect(queued || !remaining.includes(name), name).toBe(true);
    }
  });
});
