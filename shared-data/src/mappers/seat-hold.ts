import type { Database } from '../database.types';

// Payment before the seat (docs/money.md "Payment before the seat"): a seat held for a student until
// the invoice issued for it is paid.

export type SeatHoldRow = Database['public']['Functions']['my_seat_holds']['Returns'][number];

export interface SeatHold {
  id: string;
  courseId: string;
  courseTitle: string;
  /** When the seat is released if the invoice is still unpaid (ISO timestamp). */
  heldUntil: string;
  invoiceId: string | null;
  invoiceNumber: string | null;
  /** What is still due on the invoice, in its currency. */
  amountDue: number;
  currency: string;
  /** The school's time zone (System Settings → General): the hold's end is written in it. */
  timeZone: string;
}

export function toSeatHold(row: SeatHoldRow): SeatHold {
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title ?? '',
    heldUntil: row.held_until,
    invoiceId: row.invoice_id ?? null,
    invoiceNumber: row.invoice_number ?? null,
    amountDue: Number(row.amount_due ?? 0),
    currency: row.currency ?? 'EUR',
    timeZone: row.time_zone || 'UTC',
  };
}

/** A course's seat held for a student, as the office reads it (Course Management's roster). */
export interface CourseSeatHold {
  id: string;
  studentId: string;
  studentName: string;
  studentEmail: string;
  heldUntil: string;
  invoiceNumber: string | null;
}

export type CourseSeatHoldRow = {
  id: string;
  student_id: string;
  held_until: string;
  student: { first_name: string; last_name: string; email: string } | null;
  invoice: { number: string } | null;
};

export function toCourseSeatHold(row: CourseSeatHoldRow): CourseSeatHold {
  return {
    id: row.id,
    studentId: row.student_id,
    studentName: row.student ? `${row.student.first_name} ${row.student.last_name}`.trim() : '',
    studentEmail: row.student?.email ?? '',
    heldUntil: row.held_until,
    invoiceNumber: row.invoice?.number ?? null,
  };
}

/**
 * What the enrolment function answered: null when the student is enrolled at once; the hold's end and
 * its invoice when the school asks for payment before the seat.
 */
export type EnrolmentOutcome = {
  heldUntil: string;
  invoiceId: string | null;
  /** The school's time zone, to write the hold's end in. */
  timeZone: string;
} | null;
