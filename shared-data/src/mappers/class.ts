import type { Tables, TablesInsert } from '../database.types';
import { blankToNull } from './fields';
import { MATERIAL_COLUMNS, toMaterial, type Material, type MaterialRow } from './material';

export type ClassType = 'live' | 'recorded';

export const CLASS_TYPES: readonly ClassType[] = ['live', 'recorded'];

/** A row of `public.classes` with its course's title and teacher embedded. */
export type ClassRow = Omit<Tables<'classes'>, 'updated_at'> & {
  course?: { title: string; teacher_id: string | null; materials?: MaterialRow[] } | null;
};

/** A scheduled class of a course (named so it does not clash with the `class` keyword). */
export type CourseClass = {
  id: string;
  courseId: string;
  courseTitle: string | null;
  teacherId: string | null;
  title: string;
  description: string;
  /** ISO date-time (timestamptz). */
  scheduledDate: string;
  /** Minutes. */
  duration: number;
  type: ClassType;
  meetingLink: string | null;
  recordingUrl: string | null;
  createdAt: string;
};

/** A single fetched class carries its materials list: the materials of its course. */
export type ClassDetail = CourseClass & { materials: Material[] };

/** What the class form sends; an edit sends the same fields. */
export type ClassInput = {
  courseId: string;
  title: string;
  description?: string;
  /** ISO date-time; the form combines its local date and time (see `combineLocalDateTime`). */
  scheduledDate: string;
  duration: number;
  type: ClassType;
  meetingLink?: string | null;
  recordingUrl?: string | null;
};

export type ClassChanges = Partial<ClassInput>;

export type ClassWriteRow = Partial<
  Pick<
    TablesInsert<'classes'>,
    | 'course_id'
    | 'title'
    | 'description'
    | 'scheduled_date'
    | 'duration'
    | 'type'
    | 'meeting_link'
    | 'recording_url'
  >
>;

const CLASS_FIELDS =
  'id, course_id, title, description, scheduled_date, duration, type, meeting_link, recording_url, created_at';

export const CLASS_COLUMNS = `${CLASS_FIELDS}, course:courses(title, teacher_id)`;

/** Same columns, but only classes whose course matches the embedded filter (teacher's classes). */
export const CLASS_COLUMNS_INNER_COURSE = `${CLASS_FIELDS}, course:courses!inner(title, teacher_id)`;

/** A class with its course's materials, in one request. */
export const CLASS_DETAIL_COLUMNS = `${CLASS_FIELDS}, course:courses(title, teacher_id, materials(${MATERIAL_COLUMNS}))`;

export function toCourseClass(row: ClassRow): CourseClass {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course?.title ?? null,
    teacherId: row.course?.teacher_id ?? null,
    title: row.title,
    description: row.description,
    scheduledDate: row.scheduled_date,
    duration: row.duration,
    type: row.type === 'recorded' ? 'recorded' : 'live',
    meetingLink: row.meeting_link ?? null,
    recordingUrl: row.recording_url ?? null,
    createdAt: row.created_at,
  };
}

/** Newest material first, as the materials library sorts them. */
export function toClassDetail(row: ClassRow): ClassDetail {
  const materials = (row.course?.materials ?? [])
    .map(toMaterial)
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  return { ...toCourseClass(row), materials };
}

export function toClassWriteRow(changes: ClassChanges): ClassWriteRow {
  const row: ClassWriteRow = {};
  if (changes.courseId !== undefined) row.course_id = changes.courseId;
  if (changes.title !== undefined) row.title = changes.title.trim();
  if (changes.description !== undefined) row.description = changes.description.trim();
  if (changes.scheduledDate !== undefined) row.scheduled_date = changes.scheduledDate;
  if (changes.duration !== undefined) row.duration = changes.duration;
  if (changes.type !== undefined) row.type = changes.type;
  if (changes.meetingLink !== undefined) row.meeting_link = blankToNull(changes.meetingLink);
  if (changes.recordingUrl !== undefined) row.recording_url = blankToNull(changes.recordingUrl);
  return row;
}
