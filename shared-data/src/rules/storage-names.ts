import { fileExtension } from './uploads';

/** Files are cached for an hour and signed links live an hour. */
export const STORAGE_CACHE_CONTROL = '3600';
export const SIGNED_URL_SECONDS = 3600;

export const STORAGE_BUCKETS = {
  materials: 'materials',
  avatars: 'avatars',
  submissions: 'activity-submissions',
} as const;

/** What makes a generated object name unique; injectable so tests get stable names. */
export type NameSource = { now?: number; random?: string };

/** Eight lower-case letters and digits. */
export function randomToken(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/** A file without an extension is stored as `.bin` so every object name has one. */
function extensionOf(fileName: string): string {
  return fileExtension(fileName) || 'bin';
}

function uniqueName(
  fileName: string,
  { now = Date.now(), random = randomToken() }: NameSource,
): string {
  return `${now}-${random}.${extensionOf(fileName)}`;
}

/** The `materials` folder of material without a course (the general library). */
export const GENERAL_MATERIALS_FOLDER = 'general';

/** Where a material file is stored: its course (none: the general library) and who uploads it. */
export type MaterialFilePlace = { courseId?: string | null; uploaderId: string };

/**
 * `materials` bucket: `<courseId | general>/<uploaderId>/<timestamp>-<random>.<ext>`. The folders decide
 * who may read and manage the file (the storage policies of 20261122001100_storage.sql): the
 * uploader, the course's teacher, admins; the course's enrolled students, or everyone for `general`.
 */
export function materialObjectName(
  place: MaterialFilePlace,
  fileName: string,
  source: NameSource = {},
): string {
  const folder = place.courseId || GENERAL_MATERIALS_FOLDER;
  return `${folder}/${place.uploaderId}/${uniqueName(fileName, source)}`;
}

/** `avatars` bucket: `<userId>/avatar.<ext>`, overwritten on change. */
export function avatarObjectName(userId: string, fileName: string): string {
  return `${userId}/avatar.${extensionOf(fileName)}`;
}

/** `activity-submissions` bucket: `<studentId>/<activityId>/<timestamp>-<random>.<ext>`. */
export function submissionObjectName(
  studentId: string,
  activityId: string,
  fileName: string,
  source: NameSource = {},
): string {
  return `${studentId}/${activityId}/${uniqueName(fileName, source)}`;
}
