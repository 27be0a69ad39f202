import type { MaterialType } from '../mappers/material';

/**
 * The file picker accepts only these extensions (the spec's list, plus the text and Markdown notes the
 * viewer previews). The hints and the refusal name them from this list.
 */
export const ACCEPTED_MATERIAL_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'mp4',
  'mp3',
  'wav',
  'jpg',
  'png',
  'txt',
  'md',
] as const;

const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv'];
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ogg', 'm4a'];

/** The lower-case extension after the last dot; '' when there is none ('notes', '.env', 'a.'). */
export function fileExtension(fileName: string): string {
  const name = fileName.trim();
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Upload type classification: pdf, video, audio, anything else a document. */
export function classifyUploadType(fileName: string): Exclude<MaterialType, 'link' | 'other'> {
  const extension = fileExtension(fileName);
  if (extension === 'pdf') return 'pdf';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'video';
  if (AUDIO_EXTENSIONS.includes(extension)) return 'audio';
  return 'document';
}

export function isAcceptedMaterialFile(fileName: string): boolean {
  return (ACCEPTED_MATERIAL_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

/** The `accept` attribute of the material file input. */
export const MATERIAL_FILE_ACCEPT = ACCEPTED_MATERIAL_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** The content type each accepted extension is stored with (every one is in MATERIAL_MIME_TYPES). */
export const MATERIAL_CONTENT_TYPES: Readonly<
  Record<(typeof ACCEPTED_MATERIAL_EXTENSIONS)[number], string>
> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain',
  md: 'text/markdown',
};

/**
 * What a file picker's `accept` map needs (content type -> extensions), for @mantine/dropzone: a file
 * passes by either, so a .docx the system names no type for is still offered.
 */
export const MATERIAL_DROPZONE_ACCEPT: Readonly<Record<string, string[]>> = Object.fromEntries(
  ACCEPTED_MATERIAL_EXTENSIONS.map((ext) => [MATERIAL_CONTENT_TYPES[ext], [`.${ext}`]]),
);

/**
 * The content type a material file is uploaded with: the browser's own when the bucket accepts it,
 * else the one of its extension (browsers leave `type` empty for files they do not know, and some
 * name .wav `audio/x-wav`), else the browser's, which the bucket then refuses.
 */
export function materialContentType(file: { name: string; type: string }): string {
  if ((MATERIAL_MIME_TYPES as readonly string[]).includes(file.type)) return file.type;
  const extension = fileExtension(file.name);
  const known = (ACCEPTED_MATERIAL_EXTENSIONS as readonly string[]).includes(extension)
    ? MATERIAL_CONTENT_TYPES[extension as (typeof ACCEPTED_MATERIAL_EXTENSIONS)[number]]
    : undefined;
  return known ?? file.type;
}

const MB = 1024 * 1024;
const SUBMISSION_LIMIT = 20 * MB;

/** Size limits per bucket, as the storage migration declares them (`file_size_limit`). */
export const UPLOAD_LIMITS = {
  materials: 50 * MB,
  avatars: 2 * MB,
  'activity-submissions': SUBMISSION_LIMIT,
  // Message attachments follow the submissions' rules (the bucket copies that bucket's row).
  'message-attachments': SUBMISSION_LIMIT,
  // Recorded feedback (20261201008300_spoken_work.sql): 20 MB, audio only.
  'feedback-audio': SUBMISSION_LIMIT,
} as const;

/**
 * The content types the `materials` bucket accepts (`allowed_mime_types` in the storage migration;
 * uploads.test.ts reads the migration so the two cannot drift).
 */
export const MATERIAL_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/rtf',
  'text/rtf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-msvideo',
  'video/x-ms-wmv',
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/ogg',
  'audio/mp4',
  'audio/x-m4a',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
] as const;

/** The picture types the `avatars` bucket accepts. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * The content types the `activity-submissions` bucket accepts (`allowed_mime_types` in the storage
 * migration; uploads.test.ts reads the migration so the two cannot drift).
 */
export const SUBMISSION_MIME_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/rtf',
  'text/rtf',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/zip',
  'application/x-zip-compressed',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/ogg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/webm',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;

export function isAcceptedAvatar(file: { type: string }): boolean {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(file.type);
}

/**
 * A file over its bucket's size limit. Data, not a sentence: the UI words it in the user's language
 * (formatting `limitBytes` with shared-ui's formatFileSize). Services put it in the failure's details.
 */
export type SizeProblem = { code: 'too_large'; limitBytes: number };

/** Why a file is too large for a bucket, or null when it fits. */
export function sizeProblem(bucket: keyof typeof UPLOAD_LIMITS, size: number): SizeProblem | null {
  const limitBytes = UPLOAD_LIMITS[bucket];
  return size > limitBytes ? { code: 'too_large', limitBytes } : null;
}

/** True when a failure's details say the file was over the bucket's size limit. */
export function isSizeProblem(details: unknown): details is SizeProblem {
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { code?: unknown }).code === 'too_large' &&
    typeof (details as { limitBytes?: unknown }).limitBytes === 'number'
  );
}
