import type { Database } from '../database.types';

// Course announcements (docs/announcements.md): a course's news, Markdown, pinned ones first.

type AnnouncementTable = Database['public']['Tables']['announcements']['Row'];

export type AnnouncementRow = Pick<
  AnnouncementTable,
  'id' | 'course_id' | 'title' | 'body' | 'pinned' | 'email_students' | 'created_at' | 'updated_at'
> & {
  /** Present on the dashboard's read (the course's title, through the enrolment that chose it). */
  course?: { title: string } | null;
};

export const ANNOUNCEMENT_COLUMNS =
  'id, course_id, title, body, pinned, email_students, created_at, updated_at';

export interface Announcement {
  id: string;
  courseId: string;
  /** Only on reads across courses (the student's dashboard). */
  courseTitle: string | null;
  title: string;
  /** Markdown, drawn by the portal's Markdown renderer (no HTML). */
  body: string;
  pinned: boolean;
  /** Posted with "Email it to the course's active students". */
  emailed: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course?.title ?? null,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    emailed: row.email_students,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Pinned first, then newest first: the order of a course's list. */
export function byPinnedThenNewest(a: Announcement, b: Announcement): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt);
}
