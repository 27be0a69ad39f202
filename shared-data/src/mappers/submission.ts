import type { Tables } from '../database.types';
import type { Json } from '../database.types';
import { parseRubricScores, type RubricScores } from '../rules/rubric';
import { fileNamesFor } from '../rules/submitted-files';
import { oneOf, toNumberOrNull } from './fields';
import { fullNameOf, personName, type EmbeddedPerson } from './person-name';

export type SubmissionStatus = 'submitted' | 'graded' | 'returned';

export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ['submitted', 'graded', 'returned'];

/** A row of `public.activity_submissions` with the student's name and the activity embedded. */
export type SubmissionRow = Omit<Tables<'activity_submissions'>, 'created_at' | 'updated_at'> & {
  student?: EmbeddedPerson;
  activity?: { title: string; max_points: number } | null;
};

export type Submission = {
  id: string;
  activityId: string;
  activityTitle: string | null;
  maxPoints: number | null;
  studentId: string;
  /** Null when the student is unknown (the profile is gone). */
  studentName: string | null;
  submissionText: string;
  /** Object names in the `activity-submissions` bucket. */
  fileUrls: string[];
  /**
   * The files' original names, one per fileUrls entry in the same order; empty for work handed in
   * before names were kept (show `submittedFiles(submission)`, which falls back to the stored name).
   */
  fileNames: string[];
  submittedAt: string;
  status: SubmissionStatus;
  grade: number | null;
  feedback: string | null;
  /** The grader's recorded feedback: an object of the feedback-audio bucket, or null. */
  feedbackAudio: string | null;
  gradedBy: string | null;
  gradedAt: string | null;
  /** The rubric levels chosen by the grader (`{criterion id: level id}`), null when none. */
  rubricScores: RubricScores | null;
};

export type SubmissionInput = {
  activityId: string;
  studentId: string;
  submissionText?: string;
  fileUrls?: string[];
  /** The original name of each of fileUrls, same order; saved only when there is one per file. */
  fileNames?: string[];
};

/**
 * A teacher's grading. Without `status` the database makes a graded submission 'graded'; graded_by
 * and graded_at are stamped by the database.
 */
export type GradeInput = {
  id: string;
  grade: number | null;
  feedback?: string | null;
  /** Recorded feedback (its object name) or null to remove it; left as it is when undefined. */
  feedbackAudio?: string | null;
  status?: SubmissionStatus;
  /**
   * The rubric levels chosen (an activity with a rubric): the database then computes the grade, so
   * `grade` is not sent.
   */
  rubricScores?: RubricScores | null;
};

export type SubmissionWriteRow = Pick<
  SubmissionRow,
  'activity_id' | 'student_id' | 'submission_text' | 'file_urls' | 'file_names'
>;

export type GradeWriteRow = Pick<SubmissionRow, 'feedback'> &
  Partial<Pick<SubmissionRow, 'grade' | 'status' | 'feedback_audio' | 'rubric_scores'>>;

export const SUBMISSION_COLUMNS =
  'id, activity_id, student_id, submission_text, file_urls, file_names, submitted_at, status, grade, feedback, feedback_audio, graded_by, graded_at, rubric_scores, student:users!student_id(first_name, last_name), activity:activities(title, max_points)';

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    activityId: row.activity_id,
    activityTitle: row.activity?.title ?? null,
    maxPoints: row.activity?.max_points ?? null,
    studentId: row.student_id,
    studentName: fullNameOf(row.student),
    submissionText: row.submission_text ?? '',
    fileUrls: row.file_urls,
    fileNames: row.file_names,
    submittedAt: row.submitted_at,
    status: oneOf(SUBMISSION_STATUSES, row.status) ?? 'submitted',
    grade: toNumberOrNull(row.grade),
    feedback: row.feedback,
    feedbackAudio: row.feedback_audio,
    gradedBy: row.graded_by,
    gradedAt: row.graded_at,
    rubricScores: parseRubricScores(row.rubric_scores),
  };
}

export function toSubmissionWriteRow(input: SubmissionInput): SubmissionWriteRow {
  const fileUrls = input.fileUrls ?? [];
  return {
    activity_id: input.activityId,
    student_id: input.studentId,
    submission_text: input.submissionText?.trim() ?? '',
    file_urls: fileUrls,
    // Always sent, so a resubmission never keeps the names of the files it replaces.
    file_names: fileNamesFor(fileUrls, input.fileNames),
  };
}

export function toGradeWriteRow(input: GradeInput): GradeWriteRow {
  const feedback = input.feedback?.trim() ?? '';
  const row: GradeWriteRow = { feedback: feedback === '' ? null : feedback };
  // With rubric levels the database sums them into the grade (a grade typed beside them is refused).
  if (input.rubricScores) row.rubric_scores = input.rubricScores as Json;
  else row.grade = input.grade;
  if (input.status) row.status = input.status;
  if (input.feedbackAudio !== undefined) row.feedback_audio = input.feedbackAudio;
  return row;
}

/** A row of the `submission_list` view as the grading panel reads it. */
export type GradingSubmissionRow = Pick<
  Tables<'submission_list'>,
  | 'id'
  | 'activity_id'
  | 'student_id'
  | 'student_name'
  | 'student_email'
  | 'submission_text'
  | 'file_urls'
  | 'file_names'
  | 'submitted_at'
  | 'status'
  | 'grade'
  | 'feedback'
  | 'feedback_audio'
  | 'graded_by'
  | 'graded_at'
  | 'activity_title'
  | 'max_points'
  | 'due_date'
  | 'is_late'
  | 'rubric_scores'
>;

/**
 * A submission as its grader sees it. The student's name comes from the view (the database reads it
 * for any submission the caller may see), so it stays known after the student drops the course; the
 * email only while the caller may still read the student's profile.
 */
export type GradingSubmission = Submission & {
  studentEmail: string | null;
  /** The activity's due date, when it has one. */
  dueDate: string | null;
  /** Handed in after the due date. */
  isLate: boolean;
};

export const GRADING_SUBMISSION_COLUMNS =
  'id, activity_id, student_id, student_name, student_email, submission_text, file_urls, file_names, submitted_at, status, grade, feedback, feedback_audio, graded_by, graded_at, activity_title, max_points, due_date, is_late, rubric_scores';

export function toGradingSubmission(row: GradingSubmissionRow): GradingSubmission {
  return {
    id: row.id ?? '',
    activityId: row.activity_id ?? '',
    activityTitle: row.activity_title,
    maxPoints: toNumberOrNull(row.max_points),
    studentId: row.student_id ?? '',
    studentName: personName(row.student_name),
    studentEmail: row.student_email,
    submissionText: row.submission_text ?? '',
    fileUrls: row.file_urls ?? [],
    fileNames: row.file_names ?? [],
    submittedAt: row.submitted_at ?? '',
    status: oneOf(SUBMISSION_STATUSES, row.status) ?? 'submitted',
    grade: toNumberOrNull(row.grade),
    feedback: row.feedback,
    feedbackAudio: row.feedback_audio,
    gradedBy: row.graded_by,
    gradedAt: row.graded_at,
    dueDate: row.due_date,
    isLate: row.is_late ?? false,
    rubricScores: parseRubricScores(row.rubric_scores),
  };
}

/** A row of the `submission_list` view as the grading queue reads it. */
export type WaitingSubmissionRow = Pick<
  Tables<'submission_list'>,
  | 'id'
  | 'activity_id'
  | 'activity_title'
  | 'course_title'
  | 'student_id'
  | 'student_name'
  | 'submitted_at'
  | 'is_late'
>;

/** Work waiting for a grade, as the grading queue lists it. */
export type WaitingSubmission = {
  id: string;
  activityId: string;
  activityTitle: string | null;
  courseTitle: string | null;
  studentId: string;
  /** Null when the student is unknown (the profile is gone). */
  studentName: string | null;
  submittedAt: string;
  /** Handed in after the due date. */
  isLate: boolean;
};

export const WAITING_SUBMISSION_COLUMNS =
  'id, activity_id, activity_title, course_title, student_id, student_name, submitted_at, is_late';

export function toWaitingSubmission(row: WaitingSubmissionRow): WaitingSubmission {
  return {
    id: row.id ?? '',
    activityId: row.activity_id ?? '',
    activityTitle: row.activity_title,
    courseTitle: row.course_title,
    studentId: row.student_id ?? '',
    studentName: personName(row.student_name),
    submittedAt: row.submitted_at ?? '',
    isLate: row.is_late ?? false,
  };
}
