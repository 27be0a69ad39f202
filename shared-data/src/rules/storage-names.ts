import { fileExtension } from './uploads';

/** Files are cached for an hour and signed links live an hour. */
export const STORAGE_CACHE_CONTROL = '3600';
export const SIGNED_URL_SECONDS = 3600;

export const STORAGE_BUCKETS = {
  materials: 'materials',
  avatars: 'avatars',
  submissions: 'activity-submissions',
  messages: 'message-attachments',
  feedbackAudio: 'feedback-audio',
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

/**
 * `avatars` bucket: `<userId>/<timestamp>-<random>.<ext>`, a new name for every picture, so no browser
 * or CDN keeps showing the one it replaces. `users.avatar_url` holds this name, never an address
 * (20261128004300_avatar_path.sql).
 */
export function avatarObjectName(
  userId: string,
  fileName: string,
  source: NameSource = {},
): string {
  return `${userId}/${uniqueName(fileName, source)}`;
}

/** What the database accepts in `users.avatar_url`: `<user id>/<file>`, one plain file name, no `..`. */
const AVATAR_OBJECT_NAME =
  /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\/[A-Za-z0-9][A-Za-z0-9._-]{0,254}$/i;

/**
 * The public URL of the avatar named `objectName` (`users.avatar_url`) in the project at
 * `supabaseUrl` (the runtime config's), as storage-js's getPublicUrl builds it; null for none, and for
 * anything that is not an avatar object name (an address is never shown as a picture).
 */
export function avatarPublicUrl(
  supabaseUrl: string | null,
  objectName: string | null | undefined,
): string | null {
  if (!supabaseUrl || !objectName) return null;
  if (!AVATAR_OBJECT_NAME.test(objectName) || objectName.includes('..')) return null;
  return `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/public/${STORAGE_BUCKETS.avatars}/${objectName}`;
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

/**
 * `feedback-audio` bucket: `<activityId>/<submissionId>/feedback-<timestamp>-<random>.<ext>`, beside the
 * submission it answers; the course's teacher and admins write there, the submission's student reads it
 * (20261201008300_spoken_work.sql), and `activity_submissions.feedback_audio` names it.
 */
export function feedbackAudioObjectName(
  activityId: string,
  submissionId: string,
  fileName: string,
  source: NameSource = {},
): string {
  return `${activityId}/${submissionId}/feedback-${uniqueName(fileName, source)}`;
}

/**
 * `message-attachments` bucket: `<conversationId>/<senderId>/<timestamp>-<random>.<ext>`. Only the
 * conversation's two people read it; only its sender, while they may write in it, stores it
 * (20261130000400_messages.sql).
 */
export function messageAttachmentObjectName(
  conversationId: string,
  senderId: string,
  fileName: string,
  source: NameSource = {},
): string {
  return `${conversationId}/${senderId}/${uniqueName(fileName, source)}`;
}
