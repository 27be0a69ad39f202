import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarReadModel,
  classesService,
  type CalendarClass,
  type CalendarMonth,
  type Result,
} from '@portal/shared-data';
import { formatDate } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import CalendarScreen from './calendar-screen';

// The query and mutation options call these objects from inside shared-data, so the test
// replaces their functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.calendarReadModel.month = vi.fn();
  actual.calendarReadModel.classesBetween = vi.fn();
  actual.classesService.markAttendance = vi.fn();
  return actual;
});

const monthGrid = vi.mocked(calendarReadModel.month);
const classesBetween = vi.mocked(calendarReadModel.classesBetween);
const markAttendance = vi.mocked(classesService.markAttendance);

const MINUTE = 60_000;
/** The fixed "now" of every test: Wednesday 12 March 2025, 09:00 local time. */
const NOW = new Date(2025, 2, 12, 9, 0);

function at(day: number, hours: number, minutes = 0, month = 2): string {
  return new Date(2025, month, day, hours, minutes).toISOString();
}

function calendarClass(overrides: Partial<CalendarClass> = {}): CalendarClass {
  const scheduledDate = overrides.scheduledDate ?? at(12, 15);
  const duration = overrides.duration ?? 60;
  return {
    id: 'class-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    title: 'Negotiation role play',
    description: 'Bring your notes',
    scheduledDate,
    endsAt: new Date(Date.parse(scheduledDate) + duration * MINUTE).toISOString(),
    duration,
    type: 'live',
    meetingLink: 'https://meet.school.test/abc',
    recordingUrl: null,
    teacherName: 'Marta López',
    myAttendance: null,
    ...overrides,
  };
}

function ok<T>(data: T): Result<T> {
  return { success: true, data };
}

function failure(message: string): Result<never> {
  return { success: false, error: { code: 'FETCH_CLASSES_ERROR', message } };
}

function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What get_calendar_month answers for these classes: per local day the count and the first two. */
function month(classes: CalendarClass[], upcoming: CalendarClass[] = []): Result<CalendarMonth> {
  const days = new Map<string, CalendarClass[]>();
  for (const item of classes) {
    const key = localDay(item.scheduledDate);
    days.set(key, [...(days.get(key) ?? []), item]);
  }
  return ok({
    classCount: classes.length,
    days: [...days].map(([date, list]) => ({
      date,
      classCount: list.length,
      classes: list.slice(0, 2),
    })),
    upcoming,
  });
}

function show(options: Parameters<typeof renderScreen>[1] = {}, now = NOW) {
  return renderScreen(<CalendarScreen now={now} />, options);
}

/** A link's click opens a new tab in a browser; the test's DOM would try to navigate. */
function noNavigation(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault());
  return link;
}

// A downloaded Blob's text, read the way older browsers do (FileReader).
function readBlob(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file was downloaded'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

beforeEach(() => {
  monthGrid.mockReset();
  classesBetween.mockReset();
  markAttendance.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CalendarScreen', () => {
  it('shows loaders while the month and the next classes load', async () => {
    monthGrid.mockReturnValue(new Promise(() => {}));

    show();

    expect(await screen.findAllByRole('status', { name: 'Loading classes…' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
  });

  it('loads the month of today, with the next classes, in one request in the viewer time zone', async () => {
    monthGrid.mockResolvedValue(month([]));

    show();

    expect(await screen.findByText('No classes on this day')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Classes on Wednesday, March 12, 2025' }),
    ).toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(1);
    expect(monthGrid).toHaveBeenCalledWith({
      from: new Date(2025, 2, 1).toISOString(),
      to: new Date(2025, 3, 1).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(classesBetween).not.toHaveBeenCalled();
  });

  it("shows up to 2 classes per day and '+N more'; a busy day loads its full list", async () => {
    const march12 = [
      calendarClass(),
      calendarClass({
        id: 'class-2',
        title: 'Presenting figures',
        scheduledDate: at(12, 17),
        type: 'recorded',
        meetingLink: null,
        duration: 90,
      }),
      calendarClass({ id: 'class-3', title: 'Closing a deal', scheduledDate: at(12, 19) }),
    ];
    const march20 = calendarClass({
      id: 'class-4',
      title: 'Phone calls',
      courseTitle: 'Conversational Spanish',
      scheduledDate: at(20, 18),
    });
    monthGrid.mockResolvedValue(month([...march12, march20]));
    classesBetween.mockResolvedValue(ok(march12));

    show();

    const dayRegion = await screen.findByRole('region', {
      name: 'Classes on Wednesday, March 12, 2025',
    });
    expect(await within(dayRegion).findByText('Closing a deal')).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledWith(
      new Date(2025, 2, 12).toISOString(),
      new Date(2025, 2, 13).toISOString(),
      {}, // no course or teacher filter: a student's calendar has none
    );
    const items = within(dayRegion).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('15:00–16:00');
    expect(items[0]).toHaveTextContent('Negotiation role play');
    expect(items[0]).toHaveTextContent('Business Spanish');
    expect(items[0]).toHaveTextContent('Live');
    expect(items[0]).toHaveTextContent('60 min');
    expect(items[1]).toHaveTextContent('Recorded');
    expect(items[1]).toHaveTextContent('90 min');

    expect(screen.getByRole('button', { name: /March 12, 2025, 3 classes/ })).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();
  });

  it('shows a quiet day from the month answer alone, and a busy day from its one full list', async () => {
    const march12 = [
      calendarClass(),
      calendarClass({ id: 'class-2', title: 'Presenting figures', scheduledDate: at(12, 17) }),
      calendarClass({ id: 'class-3', title: 'Closing a deal', scheduledDate: at(12, 19) }),
    ];
    const march20 = calendarClass({
      id: 'class-4',
      title: 'Phone calls',
      courseTitle: 'Conversational Spanish',
      scheduledDate: at(20, 18),
    });
    monthGrid.mockResolvedValue(month([...march12, march20]));
    classesBetween.mockResolvedValue(ok(march12));

    const { user } = show();
    expect(await screen.findByText('Closing a deal')).toBeInTheDocument();

    // A day with no more classes than the grid shows needs no request.
    await user.click(screen.getByRole('button', { name: /March 20, 2025, 1 class/ }));
    const other = screen.getByRole('region', { name: 'Classes on Thursday, March 20, 2025' });
    expect(within(other).getByText('Phone calls')).toBeInTheDocument();
    expect(within(other).getByText('Conversational Spanish')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Friday, March 21, 2025' }));
    expect(screen.getByText('No classes on this day')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /March 12, 2025, 3 classes/ }));
    expect(await screen.findByText('Closing a deal')).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledTimes(1);
    expect(monthGrid).toHaveBeenCalledTimes(1);
  });

  it('loads each month once when paging back and forth', async () => {
    monthGrid.mockResolvedValue(month([]));

    const { user } = show();
    await screen.findByText('No classes on this day');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2025' })).toBeInTheDocument();
    expect(monthGrid).toHaveBeenLastCalledWith(
      expect.objectContaining({
        from: new Date(2025, 3, 1).toISOString(),
        to: new Date(2025, 4, 1).toISOString(),
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(2);
  });

  it("offers 'Join Now' inside the join window, 'Join' before it, and nothing once a class has ended", async () => {
    const soon = calendarClass({
      id: 'soon',
      title: 'Q&A: vocabulario',
      scheduledDate: at(12, 9, 20),
      duration: 30,
    });
    const nextWeek = calendarClass({
      id: 'next-week',
      title: 'Next week',
      scheduledDate: at(19, 15),
    });
    const ended = calendarClass({
      id: 'ended',
      title: 'Early bird',
      scheduledDate: at(12, 7),
      duration: 60,
    });
    const running = calendarClass({
      id: 'running',
      title: 'Running now',
      scheduledDate: at(12, 8, 30),
    });
    monthGrid.mockResolvedValue(month([ended, running, soon], [soon, nextWeek]));
    classesBetween.mockResolvedValue(ok([ended, running, soon]));

    show();

    const upcoming = await screen.findByRole('region', { name: 'Upcoming Classes' });
    const [first, second] = await within(upcoming).findAllByRole('listitem');
    const joinNow = within(first as HTMLElement).getByRole('link', { name: 'Join Now' });
    expect(joinNow).toHaveAttribute('href', 'https://meet.school.test/abc');
    expect(joinNow).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent(formatDate(soon.scheduledDate, 'en'));
    expect(within(second as HTMLElement).getByRole('link', { name: 'Join' })).toBeInTheDocument();

    // The day's list: the live class that has ended offers nothing to join.
    const today = screen.getByRole('region', { name: 'Classes on Wednesday, March 12, 2025' });
    const [pastItem, runningItem] = await within(today).findAllByRole('listitem');
    expect(pastItem).toHaveTextContent('Early bird');
    expect(within(pastItem as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(runningItem as HTMLElement).getByRole('link', { name: 'Join Now' }),
    ).toBeInTheDocument();
  });

  it('records attendance when joining inside the window, and not when opening a link early', async () => {
    const soon = calendarClass({ id: 'soon', scheduledDate: at(12, 9, 10), duration: 30 });
    const later = calendarClass({ id: 'later', title: 'Next week', scheduledDate: at(19, 15) });
    monthGrid.mockResolvedValue(month([], [soon, later]));
    markAttendance.mockResolvedValue(
      ok({
        id: 'a1',
        classId: 'soon',
        userId: 'student-1',
        attended: true,
        attendedAt: NOW.toISOString(),
        markedBy: 'student-1',
      }),
    );

    const { user } = show();

    const upcoming = await screen.findByRole('region', { name: 'Upcoming Classes' });
    const [first, second] = await within(upcoming).findAllByRole('listitem');
    await user.click(
      noNavigation(within(first as HTMLElement).getByRole('link', { name: 'Join Now' })),
    );
    expect(await within(first as HTMLElement).findByText('Attended')).toBeInTheDocument();
    expect(markAttendance).toHaveBeenCalledWith({
      classId: 'soon',
      userId: 'student-1',
      attended: true,
    });

    await user.click(
      noNavigation(within(second as HTMLElement).getByRole('link', { name: 'Join' })),
    );
    expect(markAttendance).toHaveBeenCalledTimes(1);
  });

  it('tells the student, translated and without blocking, when attendance could not be recorded', async () => {
    monthGrid.mockResolvedValue(month([], [calendarClass({ scheduledDate: at(12, 8, 55) })]));
    markAttendance.mockResolvedValue({
      success: false,
      error: { code: 'MARK_ATTENDANCE_ERROR', message: 'new row violates row-level security' },
    });

    const { user } = show();

    await user.click(noNavigation(await screen.findByRole('link', { name: 'Join Now' })));

    expect(
      await screen.findByText(
        'You joined the class, but your attendance could not be recorded: The changes could not be saved. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/row-level security/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be recorded/)).not.toBeInTheDocument();
  });

  it("shows 'Error loading classes:' with Try again, which loads the month again", async () => {
    monthGrid.mockResolvedValueOnce(failure('upstream request timeout'));
    monthGrid.mockResolvedValue(month([calendarClass()]));

    const { user } = show();

    expect(await screen.findByText('Error loading classes:')).toBeInTheDocument();
    expect(
      screen.getByText(/The data could not be loaded\. Please try again\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/upstream request timeout/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Negotiation role play')).toBeInTheDocument();
    expect(screen.queryByText('Error loading classes:')).not.toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(2);
  });

  it("shows the error when a busy day's list fails, and Try again loads only that day", async () => {
    const busy = [
      calendarClass(),
      calendarClass({ id: 'class-2', scheduledDate: at(12, 16) }),
      calendarClass({ id: 'class-3', title: 'Closing a deal', scheduledDate: at(12, 19) }),
    ];
    monthGrid.mockResolvedValue(month(busy));
    classesBetween.mockResolvedValueOnce(failure('Gateway timeout'));
    classesBetween.mockResolvedValue(ok(busy));

    const { user } = show();

    expect(await screen.findByText('Error loading classes:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Closing a deal')).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledTimes(2);
    expect(monthGrid).toHaveBeenCalledTimes(1);
  });

  it('downloads the classes of a month ago to half a year ahead as an iCalendar file', async () => {
    monthGrid.mockResolvedValue(month([]));
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:calendar';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });
    classesBetween.mockResolvedValue(
      ok([calendarClass(), calendarClass({ id: 'class-2', title: 'Closing a deal' })]),
    );

    const { user } = show();
    await screen.findByText('No classes on this day');
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));

    expect(
      await screen.findByText(
        'Downloaded 2 classes as lingua-academy-classes.ics. Open the file with your calendar app to add them.',
      ),
    ).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledWith(
      new Date(NOW.getTime() - 30 * 24 * 60 * MINUTE).toISOString(),
      new Date(2025, 8, 12, 9, 0).toISOString(),
      {},
    );
    expect(clicks[0]?.download).toBe('lingua-academy-classes.ics');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await readBlob(blobs[0]);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('SUMMARY:Business Spanish – Negotiation role play\r\n');
    expect(text).toContain('URL:https://meet.school.test/abc\r\n');
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it('says so when there is nothing to export, and shows export failures translated', async () => {
    monthGrid.mockResolvedValue(month([]));
    classesBetween.mockResolvedValueOnce(ok([]));

    const { user } = show();
    await screen.findByText('No classes on this day');
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));
    expect(await screen.findByText('There are no classes to export.')).toBeInTheDocument();

    classesBetween.mockResolvedValueOnce(failure('Network down'));
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The classes could not be exported: The data could not be loaded. Please try again.',
    );
    expect(alert).not.toHaveTextContent('Network down');
  });

  it('speaks Spanish in the Spanish UI, month and weekday names included', async () => {
    monthGrid.mockResolvedValue(month([]));

    show({ language: 'es' });

    expect(await screen.findByText('No hay clases este día')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Marzo de 2025' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Domingo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar (.ics)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Próximas clases' })).toBeInTheDocument();
    expect(screen.getByText('No hay próximas clases')).toBeInTheDocument();
  });

  it('opens on the current month when no time is given', async () => {
    monthGrid.mockResolvedValue(month([]));
    renderScreen(<CalendarScreen />);
    expect(await screen.findByText('No classes on this day')).toBeInTheDocument();
    const shown = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    expect(screen.getByRole('heading', { name: shown })).toBeInTheDocument();
  });
});
