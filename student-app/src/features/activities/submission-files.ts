import { SUBMISSION_MIME_TYPES, UPLOAD_LIMITS, fileExtension } from '@portal/shared-data';

// The content type for each extension the picker offers, so a browser that reports no type still
// gets one. Every value is one of the bucket's SUBMISSION_MIME_TYPES (submission-files.test.ts checks).
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

/** The file input's `accept`: the extensions above. */
export const SUBMISSION_FILE_ACCEPT = Object.keys(SUBMISSION_TYPES_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(',');

export const SUBMISSION_MAX_BYTES = UPLOAD_LIMITS['activity-submissions'];

/** Browsers report unknown files as '' or a generic binary type. */
const GENERIC_TYPES = new Set(['', 'application/octet-stream']);

/** The content type to upload the file with, or null when the bucket would refuse it. */
export function submissionContentType(file: Pick<File, 'name' | 'type'>): string | null {
  if ((SUBMISSION_MIME_TYPES as readonly string[]).includes(file.type)) return file.type;
  if (!GENERIC_TYPES.has(file.type)) return null;
  return SUBMISSION_TYPES_BY_EXTENSION[fileExtension(file.name)] ?? null;
}

export type FileProblem = { file: File; kind: 'tooLarge' | 'wrongType' };

/** Why the bucket would refuse each file (size first: it is the more useful message). */
export function submissionFileProblems(files: readonly File[]): FileProblem[] {
  return files.flatMap((file): FileProblem[] => {
    if (file.size > SUBMISSION_MAX_BYTES) return [{ file, kind: 'tooLarge' }];
    if (!submissionContentType(file)) return [{ file, kind: 'wrongType' }];
    return [];
  });
}

/** The file with the content type the bucket expects (a copy only when the browser gave none). */
export function withSubmissionType(file: File): File {
  const type = submissionContentType(file);
  return type && type !== file.type ? new File([file], file.name, { type }) : file;
}

/** The readable part of a stored object name: `<student>/<activity>/<stamp>-<random>.pdf` → last part. */
export function storedFileName(objectName: string): string {
  return objectName.split('/').pop() || objectName;
}
