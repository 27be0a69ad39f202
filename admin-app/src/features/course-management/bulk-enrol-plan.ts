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
  /** The server's answer to the list as it stands, if it refused it (null once the list changes). */
  report: BulkEnrolment | null;
}

const ORDER: readonly LeftOutReason[] = ['already_enrolled', 'invalid_email', 'duplicate'];

export function planBulkEnrolment(list: readonly string[], context: BulkEnrolContext): BulkEnrolPlan {
  const { report } = context;
  if (report && !report.success && !report.refusal) {
    const emails = report.rows.filter((row) => row.status === 'ready').map((row) => row.email);
    return {
      emails,
      leftOut: [],
      seats: report.seatsLeft,
      block: emails.length === 0 ? 'none' : emails.length > report.seatsLeft ? 'seats' : null,
    };
  }

  const counts = new Map<LeftOutReason, number>();
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const raw of list) {
    const email = raw.trim();
    const address = email.toLowerCase();
    let reason: LeftOutReason | null = null;
    if (!isValidEmail(email)) reason = 'invalid_email';
    else if (seen.has(address)) reason = 'duplicate';
    else if (context.enrolledEmails.has(address)) reason = 'already_enrolled';
    seen.add(address);
    if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    else emails.push(email);
  }
  const seats = Math.max(0, context.seats);
  const block: BulkEnrolBlock | null =
    list.length === 0
      ? 'empty'
      : emails.length === 0
        ? 'none'
        : seats === 0
          ? 'full'
          : emails.length > seats
            ? 'seats'
            : null;
  return {
    emails,
    leftOut: ORDER.flatMap((reason) => {
      const count = counts.get(reason);
      return count ? [{ reason, count }] : [];
    }),
    seats,
    block,
  };
}
