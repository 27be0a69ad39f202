import { SUBMISSION_TYPES_BY_EXTENSION, submissionContentType } from '@portal/shared-data';

/** The readable part of a stored object name (shared-data's rule, as the grading panel uses it). */
export { storedFileName } from '@portal/shared-data';

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
