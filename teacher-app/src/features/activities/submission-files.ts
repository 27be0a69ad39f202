import {
  storedFileName,
  submittedFileType,
  submittedFiles,
  type Submission,
} from '@portal/shared-data';
import type { ViewerMaterial } from '@portal/shared-ui';

// A submitted file is an object in the private activity-submissions bucket
// (`<student>/<activity>/<timestamp>-<random>.<ext>`); the grading panel names it by the name it had
// when the student handed it in (falling back to the stored name for older work) and shows it in the
// material viewer through an hour-long signed link.

export { storedFileName };

/** The files' part of a submission: where each is stored and the names they had. */
type SubmissionFiles = Pick<Submission, 'fileUrls' | 'fileNames'>;

/** The name to show for one of a submission's files: its original name, else the stored name. */
export function fileNameOf(submission: SubmissionFiles, objectName: string): string {
  return (
    submittedFiles(submission).find((file) => file.objectName === objectName)?.name ??
    storedFileName(objectName)
  );
}

/** The viewer's description of one submitted file: named by the file, handed in by the student. */
export function submittedFileMaterial(
  submission: SubmissionFiles & Pick<Submission, 'studentName' | 'submittedAt'>,
  objectName: string,
): ViewerMaterial {
  const name = fileNameOf(submission, objectName);
  return {
    title: name,
    type: submittedFileType(name),
    fileName: name,
    size: null,
    uploadedBy: submission.studentName,
    uploadedAt: submission.submittedAt,
  };
}
