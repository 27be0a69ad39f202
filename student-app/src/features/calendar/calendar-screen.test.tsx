import { act, screen, waitFor, within } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authAtom,
  calendarReadModel,
  classesService,
  initialAuthState,
  type CalendarClass,
  type CalendarMonth,
  type Result,
} from '@portal/shared-data';
import { renderWithProviders } from '@portal/shared-ui/test-utils';
import { formatDate, type Language } from '@portal/shared-ui';
import CalendarPage from '../../app/pages/calendar';
import { CalendarScreen } from './calendar-screen';
import { dayKey, dayRange, monthRange } from './use-calendar-classes';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  return {
    ...actual,
    calendarReadModel: {
      month: vi.fn(),
      classesBetween: vi.fn(),
      countUpcomingClasses: vi.fn(),
    },
    classesService: { ...actual.classesService, markAttendance: vi.fn() },
  };
});

const monthGrid = vi.mocked(calendarReadModel.month);
const classesBetween = vi.mocked(calendarReadModel.classesBetween);
const markAttendance = vi.mocked(classesService.markAttendance);

const MINUTE = 60_000;

function at(date: Date, hours: number, minutes = 0): string {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    hours,
    minutes,
  ).toISOString();
}

function calendarClass(overrides: Partial<CalendarClass> = {}): CalendarClass {
  const scheduledDate = overrides.scheduledDate ?? at(new Date(2025, 2, 12), 15);
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

/** What get_calendar_month answers for these classes: per local day the count and the first two. */
function month(classes: CalendarClass[], upcoming: CalendarClass[] = []): Result<CalendarMonth> {
  const days = new Map<string, CalendarClass[]>();
  for (const item of classes) {
    const key = dayKey(new Date(item.scheduledDate));
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

function renderScreen({
  initialDate,
  language = 'en',
}: { initialDate?: Date; language?: Language } = {}) {
  const store = createStore();
  store.set(authAtom, {
    ...initialAuthState,
    initialized: true,
    user: {
      id: 'student-1',
      email: 'emma@school.test',
      firstName: 'Emma',
      lastName: 'Collins',
      role: 'student',
      avatar: null,
      createdAt: '2025-01-01T00:00:00Z',
      lastLogin: null,
      phone: null,
      location: null,
      bio: null,
      isActive: true,
    },
  });
  return renderWithProviders(
    <Provider store={store}>
      <CalendarScreen initialDate={initialDate} />
    </Provider>,
    { language },
  );
}

const MARCH_12 = new Date(2025, 2, 12, 9, 0);

// jsdom's Blob has no text(); FileReader reads it.
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
});

describe('CalendarScreen', () => {
  it('shows loaders while the month and the next classes load', async () => {
    monthGrid.mockReturnValue(new Promise(() => {}));

    renderScreen({ initialDate: MARCH_12 });

    expect(await screen.findAllByRole('status', { name: 'Loading classes…' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
  });

  it('loads the shown month, with the next classes, in one request in the viewer time zone', async () => {
    monthGrid.mockResolvedValue(month([]));

    renderScreen({ initialDate: MARCH_12 });

    expect(await screen.findByText('No classes on this day')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(1);
    expect(monthGrid).toHaveBeenCalledWith({
      ...monthRange(MARCH_12),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(classesBetween).not.toHaveBeenCalled();
  });

  it("shows up to 2 classes per day and '+N more'; a day with more loads its full list once", async () => {
    const march12 = [
      calendarClass(),
      calendarClass({
        id: 'class-2',
        title: 'Presenting figures',
        scheduledDate: at(MARCH_12, 17),
        type: 'recorded',
        meetingLink: null,
        duration: 90,
      }),
      calendarClass({ id: 'class-3', title: 'Closing a deal', scheduledDate: at(MARCH_12, 19) }),
    ];
    const march20 = calendarClass({
      id: 'class-4',
      title: 'Phone calls',
      courseTitle: 'Conversational Spanish',
      scheduledDate: at(new Date(2025, 2, 20), 18),
    });
    monthGrid.mockResolvedValue(month([...march12, march20]));
    classesBetween.mockResolvedValue(ok(march12));

    const { user } = renderScreen({ initialDate: MARCH_12 });

    const day = await screen.findByRole('region', { name: 'Classes on Wednesday, March 12, 2025' });
    await waitFor(() => expect(within(day).getAllByRole('listitem')).toHaveLength(3));
    const { from, to } = dayRange(MARCH_12);
    expect(classesBetween).toHaveBeenCalledWith(from, to);
    const items = within(day).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('15:00–16:00');
    expect(items[0]).toHaveTextContent('Negotiation role play');
    expect(items[0]).toHaveTextContent('Business Spanish');
    expect(items[0]).toHaveTextContent('Live');
    expect(items[0]).toHaveTextContent('60 min');
    expect(items[1]).toHaveTextContent('Recorded');
    expect(items[1]).toHaveTextContent('90 min');
    expect(items[2]).toHaveTextContent('Closing a deal');
    // A class of 2025 is over: nothing to join.
    expect(within(day).queryByRole('link', { name: /join/i })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: /March 12, 2025, 3 classes/ })).toBeInTheDocument();
    expect(screen.getByText('+1 more')).toBeInTheDocument();

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

    const { user } = renderScreen({ initialDate: MARCH_12 });
    await screen.findByText('No classes on this day');

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2025' })).toBeInTheDocument();
    const april = monthRange(new Date(2025, 3, 1));
    await waitFor(() => expect(monthGrid).toHaveBeenLastCalledWith(expect.objectContaining(april)));

    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(2);
  });

  it("shows the next classes with their date and 'Join Now' for a live class about to start", async () => {
    const now = new Date();
    const soon = calendarClass({
      id: 'soon',
      title: 'Q&A: vocabulario',
      scheduledDate: new Date(now.getTime() + 10 * MINUTE).toISOString(),
      duration: 30,
    });
    const later = calendarClass({
      id: 'later',
      title: 'Next week',
      scheduledDate: new Date(now.getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
    });
    monthGrid.mockResolvedValue(month([], [soon, later]));
    markAttendance.mockResolvedValue({
      success: true,
      data: {
        id: 'a1',
        classId: 'soon',
        userId: 'student-1',
        attended: true,
        attendedAt: now.toISOString(),
        markedBy: 'student-1',
      },
    });

    const { user } = renderScreen({ initialDate: new Date(2025, 0, 1) });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming Classes' });
    const [first, second] = await within(upcoming).findAllByRole('listitem');
    const joinNow = within(first as HTMLElement).getByRole('link', { name: 'Join Now' });
    expect(joinNow).toHaveAttribute('href', 'https://meet.school.test/abc');
    expect(joinNow).toHaveAttribute('target', '_blank');
    expect(first).toHaveTextContent(formatDate(soon.scheduledDate, 'en'));
    expect(within(second as HTMLElement).getByRole('link', { name: 'Join' })).toBeInTheDocument();

    joinNow.addEventListener('click', (event) => event.preventDefault());
    await user.click(joinNow);
    expect(markAttendance).toHaveBeenCalledWith({
      classId: 'soon',
      userId: 'student-1',
      attended: true,
    });
    expect(await within(first as HTMLElement).findByText('Attended')).toBeInTheDocument();

    // Opening a link long before the class does not try to record attendance.
    const join = within(second as HTMLElement).getByRole('link', { name: 'Join' });
    join.addEventListener('click', (event) => event.preventDefault());
    await user.click(join);
    expect(markAttendance).toHaveBeenCalledTimes(1);
  });

  it('tells the student, without blocking, when attendance could not be recorded', async () => {
    const now = new Date();
    monthGrid.mockResolvedValue(
      month(
        [],
        [calendarClass({ scheduledDate: new Date(now.getTime() - 5 * MINUTE).toISOString() })],
      ),
    );
    markAttendance.mockResolvedValue({
      success: false,
      error: { code: 'MARK_ATTENDANCE_ERROR', message: 'new row violates row-level security' },
    });

    const { user } = renderScreen();

    const joinNow = await screen.findByRole('link', { name: 'Join Now' });
    joinNow.addEventListener('click', (event) => event.preventDefault());
    await user.click(joinNow);

    expect(
      await screen.findByText(
        'You joined the class, but your attendance could not be recorded: new row violates row-level security',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/could not be recorded/)).not.toBeInTheDocument();
  });

  it("shows 'Error loading classes:' with Try again, which loads what failed again", async () => {
    monthGrid.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Failed to fetch classes' },
    });
    monthGrid.mockResolvedValue(month([calendarClass()]));

    const { user } = renderScreen({ initialDate: MARCH_12 });

    expect(await screen.findByText('Error loading classes:')).toBeInTheDocument();
    expect(screen.getByText(/Failed to fetch classes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Negotiation role play')).toBeInTheDocument();
    expect(screen.queryByText('Error loading classes:')).not.toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(2);
  });

  it("shows the error when a busy day's list fails, and Try again loads only that day", async () => {
    const busy = [
      calendarClass(),
      calendarClass({ id: 'class-2', scheduledDate: at(MARCH_12, 16) }),
      calendarClass({ id: 'class-3', title: 'Closing a deal', scheduledDate: at(MARCH_12, 19) }),
    ];
    monthGrid.mockResolvedValue(month(busy));
    classesBetween.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Gateway timeout' },
    });
    classesBetween.mockResolvedValue(ok(busy));

    const { user } = renderScreen({ initialDate: MARCH_12 });

    expect(await screen.findByText(/Gateway timeout/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Closing a deal')).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledTimes(2);
    expect(monthGrid).toHaveBeenCalledTimes(1);
  });

  it('downloads the classes as an iCalendar file', async () => {
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
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });

    const { user } = renderScreen({ initialDate: MARCH_12 });
    await screen.findByText('No classes on this day');
    classesBetween.mockResolvedValueOnce(
      ok([calendarClass(), calendarClass({ id: 'class-2', title: 'Closing a deal' })]),
    );

    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));

    expect(
      await screen.findByText(
        'Downloaded 2 classes as lingua-academy-classes.ics. Open the file with your calendar app to add them.',
      ),
    ).toBeInTheDocument();
    const [from, to] = classesBetween.mock.calls.at(-1) ?? [];
    const days = (Date.parse(to ?? '') - Date.parse(from ?? '')) / (24 * 60 * MINUTE);
    expect(days).toBeGreaterThan(200);
    expect(clicks[0]?.download).toBe('lingua-academy-classes.ics');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');
    const text = await readBlob(blobs[0]);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('SUMMARY:Business Spanish – Negotiation role play\r\n');
    expect(text).toContain('URL:https://meet.school.test/abc\r\n');
    expect(text?.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    click.mockRestore();
  });

  it('says so when there is nothing to export, and shows export failures', async () => {
    monthGrid.mockResolvedValue(month([]));
    classesBetween.mockResolvedValue(ok([]));

    const { user } = renderScreen({ initialDate: MARCH_12 });
    await screen.findByText('No classes on this day');
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));
    expect(await screen.findByText('There are no classes to export.')).toBeInTheDocument();

    classesBetween.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'Network down' },
    });
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The classes could not be exported: Network down');
  });

  it('speaks Spanish in the Spanish UI, month and weekday names included', async () => {
    monthGrid.mockResolvedValue(month([]));

    await act(async () => {
      renderScreen({ initialDate: MARCH_12, language: 'es' });
    });

    expect(await screen.findByText('No hay clases este día')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Marzo de 2025' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Domingo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar (.ics)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Próximas clases' })).toBeInTheDocument();
    expect(screen.getByText('No hay próximas clases')).toBeInTheDocument();
  });
});

describe('the exposed Calendar page', () => {
  it('renders the screen for today', async () => {
    monthGrid.mockResolvedValue(month([]));
    renderWithProviders(
      <Provider store={createStore()}>
        <CalendarPage />
      </Provider>,
    );
    expect(await screen.findByText('No classes on this day')).toBeInTheDocument();
    const shown = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(
      new Date(),
    );
    expect(screen.getByRole('heading', { name: shown })).toBeInTheDocument();
  });
});
