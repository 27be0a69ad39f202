import {
  SUBMISSION_TYPES_BY_EXTENSION,
  submissionContentType,
  submittedFileType,
  type Submission,
  type SubmittedFile,
} from '@portal/shared-data';
import type { ViewerMaterial } from '@portal/shared-ui';

// Which files may be submitted is a rule of shared-data (rules/submission.ts); this is what the
// browser side needs around it.

/** The file input's `accept`: the extensions the bucket takes. */
export const SUBMISSION_FILE_ACCEPT = Object.keys(SUBMISSION_TYPES_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(',');

/** The file with the content type the bucket expects (a copy only when the browser gave none). */
export function withSubmissionType(file: File): File {
  const type = submissionContentType(file);
  return type && type !== file.type ? new File([file], file.name, { type }) : file;
}

/**
 * The viewer's description of one of the student's own files: named by the name it had when handed
 * in (never the stored object's generated name), handed in at the submission's time.
 */
export function ownFileMaterial(
  file: SubmittedFile,
  submission: Pick<Submission, 'studentName' | 'submittedAt'>,
): ViewerMaterial {
  return {
    title: file.name,
    type: submittedFileType(file.name),
    fileName: file.name,
    size: null,
    uploadedBy: submission.studentName,
    uploadedAt: submission.submittedAt,
  };
}
