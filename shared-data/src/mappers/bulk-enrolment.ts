import { BULK_ENROLMENT_ROW_STATUSES, type BulkEnrolmentRowStatus } from '../rules/bulk-enrolment';
import { oneOf, toNumber } from './fields';

/** One row of a bulk enrolment's report, in the order the list was sent. */
export type BulkEnrolmentRow = {
  email: string;
  userId: string | null;
  status: BulkEnrolmentRowStatus;
};

/** Why the whole list was refused (nobody looked at the rows). */
export type BulkEnrolmentRefusal = 'course_closed' | 'course_not_found';

/** The answer of enroll_students_in_course: all enrolled (`success`), or nobody and each row's reason. */
export type BulkEnrolment = {
  success: boolean;
  refusal: BulkEnrolmentRefusal | null;
  enrolled: number;
  /** Free places before the call (after it when it succeeded). */
  seatsLeft: number;
  rows: BulkEnrolmentRow[];
};

type RowReply = { email?: unknown; user_id?: unknown; status?: unknown };
export type BulkEnrolmentReply = {
  success?: unknown;
  error?: unknown;
  enrolled?: unknown;
  seats_left?: unknown;
  rows?: RowReply[] | null;
} | null;

const count = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? toNumber(value) : 0;

const REFUSALS: readonly BulkEnrolmentRefusal[] = ['course_closed', 'course_not_found'];

/** The function's JSON → the report the screen shows. An unknown status reads as not enrolled. */
export function toBulkEnrolment(reply: BulkEnrolmentReply): BulkEnrolment {
  const success = reply?.success === true;
  return {
    success,
    refusal: success ? null : oneOf(REFUSALS, reply?.error),
    enrolled: count(reply?.enrolled),
    seatsLeft: count(reply?.seats_left),
    rows: (reply?.rows ?? []).map((row) => ({
      email: typeof row.email === 'string' ? row.email : '',
      userId: typeof row.user_id === 'string' ? row.user_id : null,
      status: oneOf(BULK_ENROLMENT_ROW_STATUSES, row.status) ?? 'invalid_email',
    })),
  };
}
