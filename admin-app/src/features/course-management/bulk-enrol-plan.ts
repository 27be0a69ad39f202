import { isValidEmail, type BulkEnrolment } from '@portal/shared-data';

// What "Enrol a list" sends and what its button says (docs/product-rules.md "Bulk actions"). The
// server decides every row and enrols all or nobody (enroll_students_in_course); the button counts
// only the students who can be enrolled, so it never offers "Enrol 6 students" for a list of which
// none can be. Before sending, the rows the screen can already rule out are left out (an address
// that is not one, a repeat, a student already in the course); after a refusal, only the rows the
// server found ready are sent again.

/** Why a row is left out before sending: the server's own words for those rows. */
export type LeftOutReason = 'already_enrolled' | 'invalid_email' | 'duplicate';

/** Why the button is off, when it is: nothing chosen, nobody who can be enrolled, too few places. */
export type BulkEnrolBlock = 'empty' | 'none' | 'seats' | 'full';

export interface BulkEnrolPlan {
  /** What the button sends, in the list's order: its count is the button's. */
  emails: string[];
  /** The row of the list (from 1) each of `emails` is. */
  rows: number[];
  /** The rows of the list left out before sending, by reason (only reasons that occur). */
  leftOut: Array<{ reason: LeftOutReason; count: number }>;
  /** Free places the check used. */
  seats: number;
  block: BulkEnrolBlock | null;
}

export interface BulkEnrolContext {
  /** The emails of the students already in the course (its roster), any case. */
  enrolledEmails: ReadonlySet<string>;
  /** Free places of the course as the screen knows them. */
  seats: number;
  /**
   * Every address of the list is an active student's (the picker lists only those), so a list longer
   * than the free places is refused before sending. A CSV may hold addresses nobody has, which take
   * no place: the server counts its places (rows past the last one say 'No place left').
   */
  allStudents: boolean;
  /** The server's refusal of the rows sent from the list as it stands (null once the list changes). */
  report: SentReport | null;
}

/** The server's answer, and the row of the list each of its rows was. */
export interface SentReport {
  result: BulkEnrolment;
  rows: number[];
}

const ORDER: readonly LeftOutReason[] = ['already_enrolled', 'invalid_email', 'duplicate'];

export function planBulkEnrolment(
  list: readonly string[],
  context: BulkEnrolContext,
): BulkEnrolPlan {
  const counts = new Map<LeftOutReason, number>();
  const seen = new Set<string>();
  const sendable: Array<{ email: string; row: number }> = [];
  list.forEach((raw, index) => {
    const email = raw.trim();
    const address = email.toLowerCase();
    let reason: LeftOutReason | null = null;
    if (!isValidEmail(email)) reason = 'invalid_email';
    else if (seen.has(address)) reason = 'duplicate';
    else if (context.enrolledEmails.has(address)) reason = 'already_enrolled';
    seen.add(address);
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    else sendable.push({ email, row: index + 1 });
  });
  const leftOut = ORDER.flatMap((reason) => {
    const count = counts.get(reason);
    return count ? [{ reason, count }] : [];
  });

  // After a refusal of the rows sent (`rows` pairs each with its row of the list): only the ready
  // ones are sent again, and the server's count of free places is the newer one.
  const { report } = context;
  if (report && !report.result.success && !report.result.refusal) {
    const ready = report.result.rows.flatMap((row, index) =>
      row.status === 'ready' ? [{ email: row.email, row: report.rows[index] ?? index + 1 }] : [],
    );
    const seats = report.result.seatsLeft;
    return {
      emails: ready.map((entry) => entry.email),
      rows: ready.map((entry) => entry.row),
      leftOut,
      seats,
      block: ready.length === 0 ? 'none' : ready.length > seats ? 'seats' : null,
    };
  }

  const seats = Math.max(0, context.seats);
  const block: BulkEnrolBlock | null =
    list.length === 0
      ? 'empty'
      : sendable.length === 0
        ? 'none'
        : seats === 0
          ? 'full'
          : context.allStudents && sendable.length > seats
            ? 'seats'
            : null;
  return {
    emails: sendable.map((entry) => entry.email),
    rows: sendable.map((entry) => entry.row),
    leftOut,
    seats,
    block,
  };
}
