import type { GradeInput } from '../mappers/submission';
import { rubricScoresTotal, type RubricContent, type RubricScores } from './rubric';
import { SUBMISSION_MIME_TYPES, UPLOAD_LIMITS, fileExtension } from './uploads';

// The submit-activity form's rules (docs/product-rules.md "Activities and submissions"): an
// answer, files or both; the limits are the activity_submissions checks and the bucket's.

/** `char_length(submission_text) <= 20000` in the activity_submissions table. */
export const SUBMISSION_TEXT_MAX_LENGTH = 20_000;
/** `cardinality(file_urls) <= 20` in the activity_submissions table. */
export const SUBMISSION_MAX_FILES = 20;
/** The activity-submissions bucket's `file_size_limit`. */
export const SUBMISSION_MAX_BYTES = UPLOAD_LIMITS['activity-submissions'];

// The content type for each extension the picker offers, so a browser that reports no type still
// gets one. Every value is one of the bucket's SUBMISSION_MIME_TYPES (submission.test.ts checks).
export const SUBMISSION_TYPES_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

/** Browsers report unknown files as '' or a generic binary type. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

type FileLike = { name: string; size: number; type: string };

/** The content type to upload the file with, or null when the bucket would refuse it. */
export function submissionContentType(file: Pick<FileLike, 'name' | 'type'>): string | null {
  if ((SUBMISSION_MIME_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (!GENERIC_TYPES.has(file.type)) return null;
  return SUBMISSION_TYPES_BY_EXTENSION[fileExtension(file.name)] ?? null;
}

export type SubmissionFileProblem<F extends FileLike = FileLike> = {
  file: F;
  kind: 'tooLarge' | 'wrongType';
};

/** Why the bucket would refuse each file (size first: it is the more useful message). */
export function submissionFileProblems<F extends FileLike>(
  files: readonly F[],
): SubmissionFileProblem<F>[] {
  return files.flatMap((file): SubmissionFileProblem<F>[] => {
    if (file.size > SUBMISSION_MAX_BYTES) return [{ file, kind: 'tooLarge' }];
    if (!submissionContentType(file)) return [{ file, kind: 'wrongType' }];
    return [];
  });
}

/** The answer's length as the database counts it (characters; the saved text is trimmed). */
export function submissionTextLength(text: string): number {
  return [...text.trim()].length;
}

/** i18n keys in the `validation` namespace. */
export type SubmissionMessageKey =
  | 'submissionEmpty'
  | 'submissionTextTooLong'
  | 'submissionTooManyFiles'
  | 'submissionFileTooLarge'
  | 'submissionFileType';

export type SubmissionValues = {
  text: string;
  /** New files to upload. */
  files: readonly FileLike[];
  /** Files of the previous submission that stay (object names). */
  keptFiles?: readonly string[];
};

export type SubmissionErrors = Partial<Record<'text' | 'files', SubmissionMessageKey>>;

/** Failing fields only; `{}` means the work can be sent. */
export function validateSubmission({
  text,
  files,
  keptFiles = [],
}: SubmissionValues): SubmissionErrors {
  const errors: SubmissionErrors = {};
  const fileCount = files.length + keptFiles.length;
  if (text.trim() === '' && fileCount === 0) errors.text = 'submissionEmpty';
  else if (submissionTextLength(text) > SUBMISSION_TEXT_MAX_LENGTH)
    errors.text = 'submissionTextTooLong';

  const problems = submissionFileProblems(files);
  if (fileCount > SUBMISSION_MAX_FILES) errors.files = 'submissionTooManyFiles';
  else if (problems.some((problem) => problem.kind === 'tooLarge'))
    errors.files = 'submissionFileTooLarge';
  else if (problems.length > 0) errors.files = 'submissionFileType';
  return errors;
}

// Grading (docs/product-rules.md "Activities and submissions"): the grader's form. The database
// refuses the same: `grade numeric(6, 2) check (grade >= 0)`, a grade above the activity's points
// (guard_submission), `char_length(feedback) <= 5000`.

/** Grades keep up to two decimals (`numeric(6, 2)`). */
export const GRADE_DECIMALS = 2;
/** `char_length(feedback) <= 5000` in the activity_submissions table. */
export const FEEDBACK_MAX_LENGTH = 5000;

export type GradeFormValues = {
  /** Points; a number input answers '' while empty. */
  grade: number | string;
  feedback: string;
  /**
   * Recorded feedback: the object name in the feedback-audio bucket (saved with the grade), null for
   * none; left out, the grade leaves the recording as it is.
   */
  feedbackAudio?: string | null;
  /**
   * The levels chosen, when the activity has a rubric (`{criterion id: level id}`); the grade is then
   * their sum, computed by the database.
   */
  rubricScores?: RubricScores;
};

/** i18n keys in the `validation` namespace (`gradeAboveMax` takes `{{max}}`). */
export type GradeMessageKey =
  | 'gradeRequired'
  | 'gradeNegative'
  | 'gradeAboveMax'
  | 'gradeDecimals'
  | 'feedbackTooLong'
  | 'gradeRubricIncomplete';

export type GradeErrors = Partial<Record<keyof GradeFormValues, GradeMessageKey>>;

/** True when `value` has at most GRADE_DECIMALS decimals (17.5 yes, 17.125 no). */
function fitsGradeDecimals(value: number): boolean {
  const scaled = value * 10 ** GRADE_DECIMALS;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Failing fields only; `{}` means the grade can be saved. A grade is 0 to `maxPoints`, both included. */
export function validateGrade(
  values: GradeFormValues,
  maxPoints: number,
  rubric: RubricContent | null = null,
): GradeErrors {
  const errors: GradeErrors = {};
  if (rubric) {
    // Graded by the rubric: one level of every criterion (apply_rubric_scores); no grade to type.
    if (rubricScoresTotal(rubric, values.rubricScores ?? {}) === null) {
      errors.rubricScores = 'gradeRubricIncomplete';
    }
    if (submissionTextLength(values.feedback) > FEEDBACK_MAX_LENGTH)
      errors.feedback = 'feedbackTooLong';
    return errors;
  }
  const text = typeof values.grade === 'string' ? values.grade.trim() : String(values.grade);
  const grade = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(grade)) errors.grade = 'gradeRequired';
  else if (grade < 0) errors.grade = 'gradeNegative';
  else if (grade > maxPoints) errors.grade = 'gradeAboveMax';
  else if (!fitsGradeDecimals(grade)) errors.grade = 'gradeDecimals';
  if (submissionTextLength(values.feedback) > FEEDBACK_MAX_LENGTH)
    errors.feedback = 'feedbackTooLong';
  return errors;
}

/** The form filled with a submission's grade and feedback (empty when not graded yet). */
export function gradeFormFromSubmission(
  submission: {
    grade: number | null;
    feedback: string | null;
    feedbackAudio?: string | null;
    rubricScores?: RubricScores | null;
  },
  rubric: RubricContent | null = null,
): GradeFormValues {
  const values: GradeFormValues = {
    grade: submission.grade ?? '',
    feedback: submission.feedback ?? '',
    feedbackAudio: submission.feedbackAudio ?? null,
  };
  if (rubric) values.rubricScores = { ...(submission.rubricScores ?? {}) };
  return values;
}

/** What to save for valid form values: the grade as a number, the feedback trimmed (empty: none). */
export function toGradeInput(submissionId: string, values: GradeFormValues): GradeInput {
  const feedback = values.feedback.trim();
  const input: GradeInput = {
    id: submissionId,
    grade: Number(values.grade),
    feedback: feedback === '' ? null : feedback,
    ...(values.feedbackAudio !== undefined ? { feedbackAudio: values.feedbackAudio } : {}),
  };
  if (values.rubricScores) input.rubricScores = { ...values.rubricScores };
  return input;
}
