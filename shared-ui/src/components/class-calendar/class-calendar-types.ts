// The data the class calendar shows, as plain shapes: shared-data's calendar read model
// (`CalendarClass`, `CalendarMonth`) satisfies them structurally, and the kit never imports it.

/** A class on the calendar: what the grid, the day list and the next classes show of it. */
export interface CalendarClassItem {
  id: string;
  title: string;
  /** The course's id: its colour on the calendar. */
  courseId?: string | null;
  courseTitle: string | null;
  /** ISO date-time of the start. */
  scheduledDate: string;
  /** ISO date-time of the end (start + duration). */
  endsAt: string;
  /** Minutes. */
  duration: number;
  type: 'live' | 'recorded';
  meetingLink: string | null;
}

/** One day of the month answer: its number of classes and the first ones by time. */
export interface CalendarMonthDay<C extends CalendarClassItem = CalendarClassItem> {
  /** 'YYYY-MM-DD' in the viewer's time zone. */
  date: string;
  classCount: number;
  classes: readonly C[];
}

/** A month as the calendar reads it: the days that have classes, and the next classes from now on. */
export interface CalendarMonthData<C extends CalendarClassItem = CalendarClassItem> {
  days: readonly CalendarMonthDay<C>[];
  upcoming: readonly C[];
}

/** A list of classes (a day's, or the next ones): loading, failed (the banner explains) or loaded. */
export type ClassListState<C extends CalendarClassItem = CalendarClassItem> =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; classes: readonly C[] };

/**
 * Where a class stands for joining (shared-data's `classJoinState`): `later` shows Join, `open`
 * Join Now, `ended` and `none` nothing.
 */
export type ClassJoinStatus = 'none' | 'later' | 'open' | 'ended';

/** The translated texts of the exported events (shared-data's `ExportLabels`). */
export interface ClassExportLabels {
  calendarName: string;
  teacher: (name: string) => string;
  live: string;
  recorded: string;
  meetingLink: (url: string) => string;
  recording: (url: string) => string;
}
