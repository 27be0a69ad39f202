import type { MaterialType } from '../mappers/material';
import { formatFileSize } from './file-size';

/** SPEC §5 "Add Material": the file picker accepts only these extensions. */
export const ACCEPTED_MATERIAL_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'mp4',
  'mp3',
  'wav',
  'jpg',
  'png',
] as const;

const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv'];
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ogg', 'm4a'];

/** The lower-case extension after the last dot; '' when there is none ('notes', '.env', 'a.'). */
export function fileExtension(fileName: string): string {
  const name = fileName.trim();
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** SPEC §5 upload type classification: pdf, video, audio, anything else a document. */
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

const MB = 1024 * 1024;

/** Size limits per bucket, as the storage migration declares them (`file_size_limit`). */
export const UPLOAD_LIMITS = {
  materials: 50 * MB,
  avatars: 2 * MB,
  'activity-submissions': 20 * MB,
} as const;

/** The picture types the `avatars` bucket accepts. */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export function isAcceptedAvatar(file: { type: string }): boolean {
  return (AVATAR_MIME_TYPES as readonly string[]).includes(file.type);
}

/** Why a file is too large for a bucket ('The file is larger than 50 MB'), or null when it fits. */
export function sizeProblem(bucket: keyof typeof UPLOAD_LIMITS, size: number): string | null {
  const limit = UPLOAD_LIMITS[bucket];
  return size > limit ? `The file is larger than ${formatFileSize(limit)}` : null;
}
