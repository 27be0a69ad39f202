import { oneOf, toNumberOrNull } from './fields';
import { fullNameOf, type EmbeddedPerson } from './person-name';

export type SubmissionStatus = 'submitted' | 'graded' | 'returned';

export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = ['submitted', 'graded', 'returned'];

/** A row of `public.activity_submissions` with the student's name and the activity embedded. */
export type SubmissionRow = {
  id: string;
  activity_id: string;
  student_id: string;
  submission_text: string | null;
  file_urls: string[] | null;
  submitted_at: string;
  status: string;
  grade: number | string | null;
  feedback: string | null;
  graded_by: string | null;
  graded_at: string | null;
  student?: EmbeddedPerson;
  activity?: { title: string; max_points: number } | null;
};

export type Submission = {
  id: string;
  activityId: string;
  activityTitle: string | null;
  maxPoints: number | null;
  studentId: string;
  studentName: string;
  submissionText: string;
  /** Object names in the `activity-submissions` bucket. */
  fileUrls: string[];
  submittedAt: string;
  status: SubmissionStatus;
  grade: number | null;
  feedback: string | null;
  gradedBy: string | null;
  gradedAt: string | null;
};

export type SubmissionInput = {
  activityId: string;
  studentId: string;
  submissionText?: string;
  fileUrls?: string[];
};

/** `status` defaults to graded; graded_by and graded_at are stamped by the database. */
export type GradeInput = {
  id: string;
  grade: number | null;
  feedback?: string | null;
  status?: SubmissionStatus;
};

export type SubmissionWriteRow = Pick<
  SubmissionRow,
  'activity_id' | 'student_id' | 'submission_text' | 'file_urls'
>;

export type GradeWriteRow = Pick<SubmissionRow, 'grade' | 'feedback' | 'status'>;

export const SUBMISSION_COLUMNS =
  'id, activity_id, student_id, submission_text, file_urls, submitted_at, status, grade, feedback, graded_by, graded_at, student:users!student_id(first_name, last_name), activity:activities(title, max_points)';

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    activityId: row.activity_id,
    activityTitle: row.activity?.title ?? null,
    maxPoints: row.activity?.max_points ?? null,
    studentId: row.student_id,
    studentName: fullNameOf(row.student),
    submissionText: row.submission_text ?? '',
    fileUrls: row.file_urls ?? [],
    submittedAt: row.submitted_at,
    status: oneOf(SUBMISSION_STATUSES, row.status) ?? 'submitted',
    grade: toNumberOrNull(row.grade),
    feedback: row.feedback ?? null,
    gradedBy: row.graded_by ?? null,
    gradedAt: row.graded_at ?? null,
  };
}

export function toSubmissionWriteRow(input: SubmissionInput): SubmissionWriteRow {
  return {
    activity_id: input.activityId,
    student_id: input.studentId,
    submission_text: input.submissionText?.trim() ?? '',
    file_urls: input.fileUrls ?? [],
  };
}

export function toGradeWriteRow(input: GradeInput): GradeWriteRow {
  const feedback = input.feedback?.trim() ?? '';
  return {
    grade: input.grade,
    feedback: feedback === '' ? null : feedback,
    status: input.status ?? 'graded',
  };
}
