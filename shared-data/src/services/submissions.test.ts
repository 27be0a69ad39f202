import { describe, expect, it } from 'vitest';
import { installFakeSupabase, pagedReply, submissionRow } from '../test-support/fake-supabase';
import { submissionsService } from './submissions';

const fake = installFakeSupabase();

describe('submissionsService.list', () => {
  it('pages submissions most recent first with student and activity', async () => {
    fake.on('GET', '/rest/v1/activity_submissions', pagedReply([submissionRow()], 1));

    const result = await submissionsService.list();

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'submission-1',
            activityId: 'activity-1',
            activityTitle: 'Write a formal email',
            maxPoints: 100,
            studentId: 'user-1',
            studentName: 'Ana García',
            submissionText: 'Estimado proveedor…',
            fileUrls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
            // Work from before names were kept: no names (screens show the stored name).
            fileNames: [],
            submittedAt: '2025-03-14T18:00:00Z',
            status: 'submitted',
            grade: null,
            feedback: null,
            feedbackAudio: null,
            gradedBy: null,
            gradedAt: null,
            rubricScores: null,
          },
        ],
        total: 1,
        page: 1,
        limit: 10,
        totalPages: 1,
      },
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('order')).toBe('submitted_at.desc,id.asc');
    expect(query?.get('select')).toContain('student:users!student_id(first_name,last_name)');
  });

  it('sends every filter', async () => {
    fake.on('GET', '/rest/v1/activity_submissions', pagedReply([]));

    await submissionsService.list({
      activityId: 'activity-1',
      studentId: 'user-1',
      status: 'graded',
      page: 2,
      limit: 25,
    });

    const query = fake.requests[0]?.query;
    expect(query?.get('activity_id')).toBe('eq.activity-1');
    expect(query?.get('student_id')).toBe('eq.user-1');
    expect(query?.get('status')).toBe('eq.graded');
    expect(query?.get('offset')).toBe('25');
    expect(query?.get('limit')).toBe('25');
  });

  it("falls back to 'Failed to fetch submissions'", async () => {
    fake.on('GET', '/rest/v1/activity_submissions', { status: 500, body: {} });

    expect(await submissionsService.list()).toMatchObject({
      success: false,
      error: { code: 'FETCH_SUBMISSIONS_ERROR', message: 'Failed to fetch submissions' },
    });
  });
});

const gradingRow = {
  id: 'submission-1',
  activity_id: 'activity-1',
  student_id: 'user-1',
  student_name: ' Ana García ',
  student_email: null,
  submission_text: null,
  file_urls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
  file_names: ['Formal email.pdf'],
  submitted_at: '2025-03-16T18:00:00Z',
  status: 'graded',
  grade: '17.50',
  feedback: 'Good',
  graded_by: 'teacher-1',
  graded_at: '2025-03-17T09:00:00Z',
  activity_title: 'Write a formal email',
  max_points: 20,
  due_date: '2025-03-15T23:59:00Z',
  is_late: true,
};

describe('submissionsService.listForGrading', () => {
  it("pages one activity's submissions from the view, by student name", async () => {
    fake.on('GET', '/rest/v1/submission_list', pagedReply([gradingRow], 21));

    const result = await submissionsService.listForGrading({
      activityId: 'activity-1',
      page: 2,
      limit: 20,
    });

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'submission-1',
            activityId: 'activity-1',
            activityTitle: 'Write a formal email',
            maxPoints: 20,
            studentId: 'user-1',
            studentName: 'Ana García',
            studentEmail: null,
            submissionText: '',
            fileUrls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
            fileNames: ['Formal email.pdf'],
            submittedAt: '2025-03-16T18:00:00Z',
            status: 'graded',
            grade: 17.5,
            feedback: 'Good',
            gradedBy: 'teacher-1',
            gradedAt: '2025-03-17T09:00:00Z',
            rubricScores: null,
            dueDate: '2025-03-15T23:59:00Z',
            isLate: true,
          },
        ],
        total: 21,
        page: 2,
        limit: 20,
        totalPages: 2,
      },
    });
    const query = fake.requests[0]?.query;
    expect(query?.get('activity_id')).toBe('eq.activity-1');
    expect(query?.get('select')).toContain('file_names');
    expect(query?.get('order')).toBe('student_name.asc.nullslast,submitted_at.desc,id.asc');
    expect(query?.get('offset')).toBe('20');
  });

  it('shows an unknown student as null, not as an empty name', async () => {
    fake.on(
      'GET',
      '/rest/v1/submission_list',
      pagedReply([{ ...gradingRow, student_name: null, is_late: null, file_urls: null }]),
    );

    expect(await submissionsService.listForGrading({ activityId: 'activity-1' })).toMatchObject({
      success: true,
      data: { items: [{ studentName: null, isLate: false, fileUrls: [] }] },
    });
  });

  it("falls back to 'Failed to fetch submissions'", async () => {
    fake.on('GET', '/rest/v1/submission_list', { status: 500, body: {} });

    expect(await submissionsService.listForGrading({ activityId: 'activity-1' })).toMatchObject({
      success: false,
      error: { code: 'FETCH_SUBMISSIONS_ERROR', message: 'Failed to fetch submissions' },
    });
  });
});

describe('submissionsService.listByStudent', () => {
  it("lists one student's submissions", async () => {
    fake.on('GET', '/rest/v1/activity_submissions', {
      body: [submissionRow({ grade: 87.5, status: 'graded', file_urls: [] })],
    });

    const result = await submissionsService.listByStudent('user-1');

    expect(result).toMatchObject({
      success: true,
      data: [{ grade: 87.5, status: 'graded', fileUrls: [] }],
    });
    expect(fake.requests[0]?.query.get('student_id')).toBe('eq.user-1');
  });

  it("falls back to 'Failed to fetch student submissions'", async () => {
    fake.on('GET', '/rest/v1/activity_submissions', { status: 500, body: {} });

    expect(await submissionsService.listByStudent('user-1')).toMatchObject({
      success: false,
      error: { code: 'FETCH_SUBMISSIONS_ERROR', message: 'Failed to fetch student submissions' },
    });
  });
});

describe('submissionsService.uploadFile', () => {
  it("stores the file under the student's folder for the activity and returns its name", async () => {
    fake.on('POST', '/storage/v1/object/activity-submissions/*', { body: { Key: 'x' } });

    const result = await submissionsService.uploadFile(
      new File(['essay'], 'Essay.DOCX', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      'activity-1',
      'user-1',
    );

    expect(result.success && result.data).toMatch(/^user-1\/activity-1\/\d{13}-[a-z0-9]{8}\.docx$/);
    const [upload] = fake.requests;
    expect(upload?.path).toBe(
      `/storage/v1/object/activity-submissions/${result.success ? result.data : ''}`,
    );
    expect(upload?.headers.get('x-upsert')).toBe('false');
    expect(String(upload?.body)).toMatch(/name="cacheControl"\r\n\r\n3600\r\n/);
  });

  it('refuses a file over the 20 MB bucket limit, before uploading', async () => {
    const file = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(file, 'size', { value: 20971521 });

    expect(await submissionsService.uploadFile(file, 'activity-1', 'user-1')).toMatchObject({
      success: false,
      error: {
        code: 'UPLOAD_SUBMISSION_FILE_ERROR',
        details: { code: 'too_large', limitBytes: 20971520, size: 20971521 },
      },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("is UPLOAD_SUBMISSION_FILE_ERROR with the storage server's message", async () => {
    fake.on('POST', '/storage/v1/object/activity-submissions/*', {
      status: 400,
      body: {
        statusCode: '415',
        error: 'invalid_mime_type',
        message: 'mime type application/x-msdownload is not supported',
      },
    });

    expect(
      await submissionsService.uploadFile(new File(['MZ'], 'a.exe'), 'activity-1', 'user-1'),
    ).toEqual({
      success: false,
      error: {
        code: 'UPLOAD_SUBMISSION_FILE_ERROR',
        message: 'mime type application/x-msdownload is not supported',
        details: { status: 400, statusCode: '415' },
      },
    });
  });
});

describe('submissionsService.submit', () => {
  it('upserts on activity and student with the text, the files and their original names only', async () => {
    fake.on('POST', '/rest/v1/activity_submissions', { status: 201, body: submissionRow() });

    const result = await submissionsService.submit({
      activityId: 'activity-1',
      studentId: 'user-1',
      submissionText: ' Estimado proveedor… ',
      fileUrls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
      fileNames: [' Carta al proveedor.pdf '],
    });

    expect(result).toMatchObject({ success: true, data: { id: 'submission-1' } });
    const [request] = fake.requests;
    expect(request?.query.get('on_conflict')).toBe('activity_id,student_id');
    expect(request?.headers.get('prefer')).toContain('resolution=merge-duplicates');
    expect(request?.body).toEqual({
      activity_id: 'activity-1',
      student_id: 'user-1',
      submission_text: 'Estimado proveedor…',
      file_urls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
      file_names: ['Carta al proveedor.pdf'],
    });
  });

  it('sends no names (never stale ones) when they do not match the files one to one', async () => {
    fake.on('POST', '/rest/v1/activity_submissions', { status: 201, body: submissionRow() });

    await submissionsService.submit({
      activityId: 'activity-1',
      studentId: 'user-1',
      fileUrls: ['user-1/activity-1/1-a.pdf', 'user-1/activity-1/2-b.pdf'],
      fileNames: ['a.pdf'],
    });

    expect(fake.requests[0]?.body).toMatchObject({ file_names: [] });
  });

  it('defaults to no text and no files', async () => {
    fake.on('POST', '/rest/v1/activity_submissions', { status: 201, body: submissionRow() });

    await submissionsService.create({ activityId: 'activity-1', studentId: 'user-1' });

    expect(fake.requests[0]?.body).toMatchObject({
      submission_text: '',
      file_urls: [],
      file_names: [],
    });
  });

  it('carries a late-submission refusal', async () => {
    fake.on('POST', '/rest/v1/activity_submissions', {
      status: 403,
      body: {
        code: '42501',
        message: 'new row violates row-level security policy for table "activity_submissions"',
      },
    });

    expect(
      await submissionsService.submit({ activityId: 'activity-1', studentId: 'user-1' }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_SUBMISSIONS_ERROR', details: { code: '42501' } },
    });
  });

  it("falls back to 'Failed to create submission'", async () => {
    fake.on('POST', '/rest/v1/activity_submissions', { status: 500, body: {} });

    expect(
      await submissionsService.submit({ activityId: 'activity-1', studentId: 'user-1' }),
    ).toMatchObject({
      success: false,
      error: { code: 'CREATE_SUBMISSIONS_ERROR', message: 'Failed to create submission' },
    });
  });
});

describe('submissionsService.grade', () => {
  it('sets grade and feedback on that submission; the database marks it graded', async () => {
    fake.on('PATCH', '/rest/v1/activity_submissions', {
      body: [
        submissionRow({
          grade: 90,
          feedback: 'Muy bien',
          status: 'graded',
          graded_by: 'teacher-1',
        }),
      ],
    });

    const result = await submissionsService.grade({
      id: 'submission-1',
      grade: 90,
      feedback: ' Muy bien ',
    });

    expect(result).toMatchObject({
      success: true,
      data: { grade: 90, status: 'graded', gradedBy: 'teacher-1' },
    });
    const [request] = fake.requests;
    expect(request?.query.get('id')).toBe('eq.submission-1');
    expect(request?.body).toEqual({ grade: 90, feedback: 'Muy bien' });
  });

  it('saves recorded feedback with the grade, and removes it with null', async () => {
    fake.on('PATCH', '/rest/v1/activity_submissions', { body: [submissionRow()] });
    await submissionsService.grade({ id: 'submission-1', grade: 5, feedbackAudio: 'a/s/f.webm' });
    await submissionsService.grade({ id: 'submission-1', grade: 5, feedbackAudio: null });
    expect(fake.requests.map((request) => request.body)).toEqual([
      { grade: 5, feedback: null, feedback_audio: 'a/s/f.webm' },
      { grade: 5, feedback: null, feedback_audio: null },
    ]);
  });

  it('can return work with feedback only', async () => {
    fake.on('PATCH', '/rest/v1/activity_submissions', {
      body: [submissionRow({ status: 'returned' })],
    });

    await submissionsService.grade({
      id: 'submission-1',
      grade: null,
      feedback: 'Add a closing',
      status: 'returned',
    });

    expect(fake.requests[0]?.body).toEqual({
      grade: null,
      feedback: 'Add a closing',
      status: 'returned',
    });
  });

  it('fails when the submission was not changed', async () => {
    fake.on('PATCH', '/rest/v1/activity_submissions', { body: [] });

    expect(await submissionsService.grade({ id: 'submission-1', grade: 50 })).toMatchObject({
      success: false,
      error: { code: 'UPDATE_SUBMISSIONS_ERROR', message: 'Failed to update submission' },
    });
  });
});

describe('submissionsService.getSignedUrl', () => {
  const name = 'user-1/activity-1/1700000000000-k3j9x2ab.pdf';

  it('signs the file for an hour', async () => {
    fake.on('POST', `/storage/v1/object/sign/activity-submissions/${name}`, {
      body: { signedURL: `/object/sign/activity-submissions/${name}?token=t0k` },
    });

    expect(await submissionsService.getSignedUrl(name)).toEqual({
      success: true,
      data: `http://fake-supabase.test/storage/v1/object/sign/activity-submissions/${name}?token=t0k`,
    });
    expect(fake.requests[0]?.body).toEqual({ expiresIn: 3600 });
  });

  it('is SIGNED_URL_ERROR when refused', async () => {
    fake.on('POST', `/storage/v1/object/sign/activity-submissions/${name}`, {
      status: 400,
      body: {},
    });

    expect(await submissionsService.getSignedUrl(name)).toMatchObject({
      success: false,
      error: { code: 'SIGNED_URL_ERROR', message: 'Failed to create a download link' },
    });
  });
});

describe('submissionsService.listWaiting (the grading queue)', () => {
  const waitingRow = {
    id: 'submission-7',
    activity_id: 'activity-3',
    activity_title: 'Describe your city',
    course_title: 'Spanish A1',
    student_id: 'user-4',
    student_name: ' Bruno Díaz ',
    submitted_at: '2025-03-14T09:30:00Z',
    is_late: null,
  };

  it('pages the work waiting for a grade from the view, oldest first', async () => {
    fake.on('GET', '/rest/v1/submission_list', pagedReply([waitingRow], 13));

    const result = await submissionsService.listWaiting({ page: 2, limit: 12 });

    expect(result).toEqual({
      success: true,
      data: {
        items: [
          {
            id: 'submission-7',
            activityId: 'activity-3',
            activityTitle: 'Describe your city',
            courseTitle: 'Spanish A1',
            studentId: 'user-4',
            studentName: 'Bruno Díaz',
            submittedAt: '2025-03-14T09:30:00Z',
            isLate: false,
          },
        ],
        total: 13,
        page: 2,
        limit: 12,
        totalPages: 2,
      },
    });
    expect(fake.requests).toHaveLength(1);
    const query = fake.requests[0]?.query;
    expect(query?.get('status')).toBe('eq.submitted');
    expect(query?.get('order')).toBe('submitted_at.asc,id.asc');
    expect(query?.get('offset')).toBe('12');
    expect(query?.get('limit')).toBe('12');
  });

  it("falls back to 'Failed to fetch submissions'", async () => {
    fake.on('GET', '/rest/v1/submission_list', { status: 500, body: {} });
    expect(await submissionsService.listWaiting({})).toMatchObject({
      success: false,
      error: { code: 'FETCH_SUBMISSIONS_ERROR', message: 'Failed to fetch submissions' },
    });
  });
});
