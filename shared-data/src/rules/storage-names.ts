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

/** `materials` bucket: `<timestamp>-<random>.<ext>`. */
export function materialObjectName(fileName: string, source: NameSource = {}): string {
  return uniqueName(fileName, source);
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
