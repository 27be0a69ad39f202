import { getClient } from '@portal/shared-data/session';
import { ERROR_MESSAGES } from '../errors';
import {
  GRADING_SUBMISSION_COLUMNS,
  SUBMISSION_COLUMNS,
  WAITING_SUBMISSION_COLUMNS,
  toGradeWriteRow,
  toGradingSubmission,
  toSubmission,
  toSubmissionWriteRow,
  toWaitingSubmission,
  type GradeInput,
  type GradingSubmission,
  type GradingSubmissionRow,
  type Submission,
  type SubmissionInput,
  type SubmissionRow,
  type SubmissionStatus,
  type WaitingSubmission,
  type WaitingSubmissionRow,
} from '../mappers/submission';
import type { PageRequest, Paged } from '../rules/paging';
import {
  STORAGE_BUCKETS,
  feedbackAudioObjectName,
  submissionObjectName,
} from '../rules/storage-names';
import { sizeProblem } from '../rules/uploads';
import { fromPostgrestError, ok, settle, type Result } from '../result';
import { nothingChanged, pageWindow, toPagedResult } from './list-query';
import {
  fileTooLarge,
  fromStorageError,
  removeObjects,
  signedUrl,
  uploadObject,
  uploadObjectWithProgress,
  type UploadProgress,
} from './storage';

/** Submission list filters. */
export type SubmissionFilters = PageRequest & {
  activityId?: string;
  studentId?: string;
  status?: SubmissionStatus;
};

/** One page of an activity's submissions in the grading panel. */
export type GradingRequest = PageRequest & { activityId: string };

// No fixed product text exists for these; the provider's message is used whenever it has one.
const UPLOAD_SUBMISSION_FILE_FAILED = 'Failed to upload submission file';
const GRADE_FAILED = 'Failed to update submission';
const SIGNED_URL_FAILED = 'Failed to create a download link';
const UPLOAD_FEEDBACK_AUDIO_FAILED = 'Failed to upload the recorded feedback';

/** Default sort: most recently submitted first. */
async function list(filters: SubmissionFilters = {}): Promise<Result<Paged<Submission>>> {
  return settle('FETCH_SUBMISSIONS_ERROR', ERROR_MESSAGES.fetchSubmissionsFailed, async () => {
    const window = pageWindow(filters);
    let query = getClient()
      .from('activity_submissions')
      .select(SUBMISSION_COLUMNS, { count: 'exact' });
    if (filters.activityId) query = query.eq('activity_id', filters.activityId);
    if (filters.studentId) query = query.eq('student_id', filters.studentId);
    if (filters.status) query = query.eq('status', filters.status);
    const response = await query
      .order('submitted_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<SubmissionRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toSubmission,
      'FETCH_SUBMISSIONS_ERROR',
      ERROR_MESSAGES.fetchSubmissionsFailed,
    );
  });
}

/**
 * The grading panel: one page of an activity's submissions that the caller may grade, from the
 * `submission_list` view (so a student who has since dropped the course is still named), by student
 * name, then most recently submitted.
 */
async function listForGrading(request: GradingRequest): Promise<Result<Paged<GradingSubmission>>> {
  return settle('FETCH_SUBMISSIONS_ERROR', ERROR_MESSAGES.fetchSubmissionsFailed, async () => {
    const window = pageWindow(request);
    const response = await getClient()
      .from('submission_list')
      .select(GRADING_SUBMISSION_COLUMNS, { count: 'exact' })
      .eq('activity_id', request.activityId)
      .order('student_name', { ascending: true, nullsFirst: false })
      .order('submitted_at', { ascending: false })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<GradingSubmissionRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toGradingSubmission,
      'FETCH_SUBMISSIONS_ERROR',
      ERROR_MESSAGES.fetchSubmissionsFailed,
    );
  });
}

/**
 * The grading queue: one page of the work waiting for a grade (status 'submitted') that the caller may
 * grade, from the `submission_list` view (a teacher: their courses'; an administrator: all), oldest
 * first, so what has waited longest comes first.
 */
async function listWaiting(request: PageRequest): Promise<Result<Paged<WaitingSubmission>>> {
  return settle('FETCH_SUBMISSIONS_ERROR', ERROR_MESSAGES.fetchSubmissionsFailed, async () => {
    const window = pageWindow(request);
    const response = await getClient()
      .from('submission_list')
      .select(WAITING_SUBMISSION_COLUMNS, { count: 'exact' })
      .eq('status', 'submitted')
      .order('submitted_at', { ascending: true })
      .order('id', { ascending: true })
      .range(window.from, window.to)
      .overrideTypes<WaitingSubmissionRow[], { merge: false }>();
    return toPagedResult(
      response,
      window,
      toWaitingSubmission,
      'FETCH_SUBMISSIONS_ERROR',
      ERROR_MESSAGES.fetchSubmissionsFailed,
    );
  });
}

/** Every submission of one student (one per activity), most recent first. */
async function listByStudent(studentId: string): Promise<Result<Submission[]>> {
  return settle(
    'FETCH_SUBMISSIONS_ERROR',
    ERROR_MESSAGES.fetchStudentSubmissionsFailed,
    async () => {
      const { data, error } = await getClient()
        .from('activity_submissions')
        .select(SUBMISSION_COLUMNS)
        .eq('student_id', studentId)
        .order('submitted_at', { ascending: false })
        .order('id', { ascending: true })
        .overrideTypes<SubmissionRow[], { merge: false }>();
      if (error) {
        return fromPostgrestError(
          'FETCH_SUBMISSIONS_ERROR',
          error,
          ERROR_MESSAGES.fetchStudentSubmissionsFailed,
        );
      }
      return ok(data.map(toSubmission));
    },
  );
}

/**
 * Stores one file of a student's work under `<student>/<activity>/…` in the private bucket and
 * Returns its object name, to be added to the submission's fileUrls. With `onProgress` the share of
 * the bytes sent is reported as they leave (a recorded answer is a few MB).
 */
async function uploadFile(
  file: File,
  activityId: string,
  studentId: string,
  onProgress?: UploadProgress,
): Promise<Result<string>> {
  return settle('UPLOAD_SUBMISSION_FILE_ERROR', UPLOAD_SUBMISSION_FILE_FAILED, async () => {
    const tooLarge = sizeProblem(STORAGE_BUCKETS.submissions, file.size);
    if (tooLarge) return fileTooLarge('UPLOAD_SUBMISSION_FILE_ERROR', tooLarge, file.size);
    const objectName = submissionObjectName(studentId, activityId, file.name);
    const { error } = onProgress
      ? await uploadObjectWithProgress(STORAGE_BUCKETS.submissions, objectName, file, onProgress)
      : await uploadObject(STORAGE_BUCKETS.submissions, objectName, file);
    if (error) {
      return fromStorageError('UPLOAD_SUBMISSION_FILE_ERROR', error, UPLOAD_SUBMISSION_FILE_FAILED);
    }
    return ok(objectName);
  });
}

/**
 * Submits (or resubmits) a student's work: one row per activity and student, so a second submit
 * replaces the text and files. Status, submission time and grading fields are the database's.
 */
async function submit(input: SubmissionInput): Promise<Result<Submission>> {
  return settle('CREATE_SUBMISSIONS_ERROR', ERROR_MESSAGES.createSubmissionFailed, async () => {
    const { data, error } = await getClient()
      .from('activity_submissions')
      .upsert(toSubmissionWriteRow(input), { onConflict: 'activity_id,student_id' })
      .select(SUBMISSION_COLUMNS)
      .single<SubmissionRow>();
    if (error) {
      return fromPostgrestError(
        'CREATE_SUBMISSIONS_ERROR',
        error,
        ERROR_MESSAGES.createSubmissionFailed,
      );
    }
    return ok(toSubmission(data));
  });
}

/** A teacher grades: grade and feedback, and the status when given (else graded by the database). */
async function grade(input: GradeInput): Promise<Result<Submission>> {
  return settle('UPDATE_SUBMISSIONS_ERROR', GRADE_FAILED, async () => {
    const { data, error } = await getClient()
      .from('activity_submissions')
      .update(toGradeWriteRow(input))
      .eq('id', input.id)
      .select(SUBMISSION_COLUMNS)
      .maybeSingle<SubmissionRow>();
    if (error) return fromPostgrestError('UPDATE_SUBMISSIONS_ERROR', error, GRADE_FAILED);
    return data ? ok(toSubmission(data)) : nothingChanged('UPDATE_SUBMISSIONS_ERROR', GRADE_FAILED);
  });
}

/**
 * Stores a grader's recorded feedback beside the submission it answers (`feedback-audio` bucket,
 * `<activity>/<submission>/feedback-…`) and returns its object name, which the grade then saves as
 * the submission's feedbackAudio. The storage policies let only the course's teacher and admins write.
 */
async function uploadFeedbackAudio(
  file: File,
  activityId: string,
  submissionId: string,
  onProgress?: UploadProgress,
): Promise<Result<string>> {
  return settle('UPLOAD_SUBMISSION_FILE_ERROR', UPLOAD_FEEDBACK_AUDIO_FAILED, async () => {
    const tooLarge = sizeProblem(STORAGE_BUCKETS.feedbackAudio, file.size);
    if (tooLarge) return fileTooLarge('UPLOAD_SUBMISSION_FILE_ERROR', tooLarge, file.size);
    const objectName = feedbackAudioObjectName(activityId, submissionId, file.name);
    const { error } = onProgress
      ? await uploadObjectWithProgress(STORAGE_BUCKETS.feedbackAudio, objectName, file, onProgress)
      : await uploadObject(STORAGE_BUCKETS.feedbackAudio, objectName, file);
    if (error) {
      return fromStorageError('UPLOAD_SUBMISSION_FILE_ERROR', error, UPLOAD_FEEDBACK_AUDIO_FAILED);
    }
    return ok(objectName);
  });
}

/**
 * Drops recorded feedback that was uploaded but never saved with a grade (recorded again, or
 * discarded). Best effort: one that is saved is removed by the database when it is replaced.
 */
async function discardFeedbackAudio(objectName: string): Promise<void> {
  await removeObjects(STORAGE_BUCKETS.feedbackAudio, [objectName]);
}

/** An hour-long link to a recorded feedback (the student, the course's teacher and admins). */
async function getFeedbackAudioUrl(objectName: string): Promise<Result<string>> {
  return settle('SIGNED_URL_ERROR', SIGNED_URL_FAILED, () =>
    signedUrl(STORAGE_BUCKETS.feedbackAudio, objectName, SIGNED_URL_FAILED),
  );
}

/** An hour-long link to one submitted file. */
async function getSignedUrl(objectName: string): Promise<Result<string>> {
  return settle('SIGNED_URL_ERROR', SIGNED_URL_FAILED, () =>
    signedUrl(STORAGE_BUCKETS.submissions, objectName, SIGNED_URL_FAILED),
  );
}

export const submissionsService = {
  list,
  listForGrading,
  listWaiting,
  listByStudent,
  uploadFile,
  submit,
  /** Calls submitting "create". */
  create: submit,
  grade,
  getSignedUrl,
  uploadFeedbackAudio,
  discardFeedbackAudio,
  getFeedbackAudioUrl,
};
