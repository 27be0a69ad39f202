import type { Database } from '../database.types';

// The waiting list (docs/waiting-list.md): a student's own entries with their place in line, and a
// course's line for its teacher and administrators.

type Functions = Database['public']['Functions'];
export type MyWaitingRow = Functions['my_waiting_list']['Returns'][number];
export type CourseWaitingRow = Functions['course_waiting_list']['Returns'][number];

/** One of the signed-in student's entries. */
export interface WaitingEntry {
  id: string;
  courseId: string;
  courseTitle: string;
  joinedAt: string;
  /** 1 for the first in line. */
  position: number;
}

/** One student in a course's line. */
export interface CourseWaitingEntry {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  joinedAt: string;
  position: number;
}

export function toWaitingEntry(row: MyWaitingRow): WaitingEntry {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    joinedAt: row.joined_at,
    position: row.position,
  };
}

export function toCourseWaitingEntry(row: CourseWaitingRow): CourseWaitingEntry {
  return {
    id: row.id,
    studentId: row.student_id,
    firstName: row.first_name,
    lastName: row.last_name,
    joinedAt: row.joined_at,
    position: row.position,
  };
}
