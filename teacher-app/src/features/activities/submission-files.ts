import { classifyUploadType, fileExtension } from '@portal/shared-data';
import type { ViewerMaterial } from '@portal/shared-ui';

// A submitted file is an object in the private activity-submissions bucket
// (`<student>/<activity>/<timestamp>-<random>.<ext>`); the grading panel shows it in the material
// viewer through an hour-long signed link.

/** The readable part of a stored object name: its last path segment. */
export function storedFileName(objectName: string): string {
  return objectName.split('/').pop() || objectName;
}

/** Archives and spreadsheets in CSV have no preview: the viewer offers to open them instead. */
const NO_PREVIEW = new Set(['zip', 'csv']);

/** How the viewer shows a submitted file: by its extension, as the upload rules classify files. */
export function viewerTypeOf(fileName: string): ViewerMaterial['type'] {
  return NO_PREVIEW.has(fileExtension(fileName)) ? 'other' : classifyUploadType(fileName);
}

/** The viewer's description of one submitted file: named by the file, handed in by the student. */
export function submittedFileMaterial(
  objectName: string,
  studentName: string | null,
  submittedAt: string,
): ViewerMaterial {
  const name = storedFileName(objectName);
  return {
    title: name,
    type: viewerTypeOf(name),
    fileName: name,
    size: null,
    uploadedBy: studentName,
    uploadedAt: submittedAt,
  };
}
