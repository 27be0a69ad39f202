import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarReadModel,
  classesService,
  coursesService,
  usersService,
  type AppUser,
  type Course,
  type CalendarClass,
  type CalendarMonth,
  type Result,
} from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { admin } from '../../test-support/fixtures';
import CalendarScreen from './calendar-screen';

// The query options call these objects from inside shared-data, so the test replaces their
// functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.calendarReadModel.month = vi.fn();
  actual.calendarReadModel.classesBetween = vi.fn();
  actual.classesService.markAttendance = vi.fn();
  actual.coursesService.list = vi.fn();
  actual.usersService.listTeachers = vi.fn();
  return actual;
});

const monthGrid = vi.mocked(calendarReadModel.month);
const classesBetween = vi.mocked(calendarReadModel.classesBetween);
const markAttendance = vi.mocked(classesService.markAttendance);
const listCourses = vi.mocked(coursesService.list);
const listTeachers = vi.mocked(usersService.listTeachers);

/** The courses the filters offer: two of the teacher's, one of another teacher's. */
const COURSES = [
  { id: 'course-1', title: 'Business Spanish', teacherId: 'teacher-1' },
  { id: 'course-2', title: 'Spanish for Beginners', teacherId: 'teacher-1' },
  { id: 'course-3', title: 'Conversational English', teacherId: 'teacher-2' },
] as Course[];

const MINUTE = 60_000;
const NO_FILTERS = { courseId: null, teacherId: null };
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
    teacherName: 'Marta Ruiz',
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

/** Three classes on Monday 17 March (two in the month answer), one on Thursday 20 March. */
const busyMonday = [
  calendarClass({ id: 'mon-1', title: 'Small talk', scheduledDate: at(17, 10) }),
  calendarClass({
    id: 'mon-2',
    title: 'Email etiquette',
    courseTitle: 'Business English',
    scheduledDate: at(17, 12),
    type: 'recorded',
    meetingLink: null,
    duration: 90,
  }),
  calendarClass({ id: 'mon-3', title: 'Closing a deal', scheduledDate: at(17, 18) }),
];
const thursday = calendarClass({
  id: 'thu-1',
  title: 'Phone calls',
  courseTitle: 'Conversational Spanish',
  scheduledDate: at(20, 18),
});

function show(options: Parameters<typeof renderScreen>[1] = {}) {
  return renderScreen(<CalendarScreen now={NOW} />, options);
}

/** A link's click opens a new tab in a browser; the test's DOM would try to navigate. */
function noNavigation(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault());
  return link;
}

beforeEach(() => {
  monthGrid.mockReset();
  classesBetween.mockReset();
  markAttendance.mockReset();
  listCourses.mockResolvedValue(
    ok({ items: COURSES, total: COURSES.length, page: 1, limit: 100, totalPages: 1 }),
  );
  listTeachers.mockResolvedValue(
    ok([
      { ...admin, id: 'teacher-1', role: 'teacher', firstName: 'Marta', lastName: 'Ruiz' },
      { ...admin, id: 'teacher-2', role: 'teacher', firstName: 'Lucía', lastName: 'Martín' },
    ] as AppUser[]),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('teacher CalendarScreen', () => {
  it('shows loaders while the month and the next classes load', async () => {
    monthGrid.mockReturnValue(new Promise(() => {}));

    show();

    expect(await screen.findAllByRole('status', { name: 'Loading classes…' })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'March 2025' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The classes of the courses you teach, month by month. Choose a day to see its classes.',
      ),
    ).toBeInTheDocument();
  });

  it('shows an empty month from one request in the viewer time zone', async () => {
    monthGrid.mockResolvedValue(month([]));

    show();

    expect(await screen.findByText('No classes on this day')).toBeInTheDocument();
    expect(screen.getByText('No upcoming classes')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Classes on Wednesday, March 12, 2025' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sunday' })).toBe(
      screen.getAllByRole('columnheader')[0],
    );
    expect(monthGrid).toHaveBeenCalledTimes(1);
    expect(monthGrid).toHaveBeenCalledWith({
      from: new Date(2025, 2, 1).toISOString(),
      to: new Date(2025, 3, 1).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      courseId: null,
      teacherId: null,
    });
    expect(classesBetween).not.toHaveBeenCalled();
  });

  it("shows 'Error loading classes:' translated, and Try again loads the month again", async () => {
    monthGrid.mockResolvedValueOnce(failure('permission denied for view calendar_classes'));
    monthGrid.mockResolvedValue(month([thursday], [thursday]));

    const { user } = show();

    expect(await screen.findByText('Error loading classes:')).toBeInTheDocument();
    expect(
      screen.getByText(/The data could not be loaded\. Please try again\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Phone calls')).toBeInTheDocument();
    expect(screen.queryByText('Error loading classes:')).not.toBeInTheDocument();
    expect(monthGrid).toHaveBeenCalledTimes(2);
  });

  it.each([
    {
      language: 'en' as const,
      day: /March 17, 2025, 3 classes/,
      more: '+1 more',
      region: 'Classes on Monday, March 17, 2025',
    },
    {
      language: 'es' as const,
      day: /17 de marzo de 2025, 3 clases/,
      more: '+1 más',
      region: 'Clases del Lunes, 17 de marzo de 2025',
    },
  ])(
    "shows 2 classes of a day with 3 and '+1 more', and lists all 3 once chosen ($language)",
    async ({ language, day, more, region }) => {
      monthGrid.mockResolvedValue(month([...busyMonday, thursday]));
      classesBetween.mockResolvedValue(ok(busyMonday));

      const { user } = show({ language });

      const cell = await screen.findByRole('button', { name: day });
      expect(within(cell).getByText('Business Spanish')).toBeInTheDocument();
      expect(within(cell).getByText('Business English')).toBeInTheDocument();
      expect(within(cell).getByText(more)).toBeInTheDocument();
      expect(within(cell).getAllByText(/^\d{2}:\d{2}$/)).toHaveLength(2);

      await user.click(cell);
      const list = await screen.findByRole('region', { name: new RegExp(region, 'i') });
      expect(await within(list).findByText('Closing a deal')).toBeInTheDocument();
      expect(within(list).getAllByRole('listitem')).toHaveLength(3);
      expect(classesBetween).toHaveBeenCalledWith(
        new Date(2025, 2, 17).toISOString(),
        new Date(2025, 2, 18).toISOString(),
        NO_FILTERS,
      );
    },
  );

  it("lists a chosen day's classes from the month answer alone when it has 2 or fewer", async () => {
    monthGrid.mockResolvedValue(month([...busyMonday, thursday]));

    const { user } = show();
    await screen.findByText('No classes on this day');

    await user.click(screen.getByRole('button', { name: /March 20, 2025, 1 class/ }));
    const list = screen.getByRole('region', { name: 'Classes on Thursday, March 20, 2025' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('18:00–19:00');
    expect(item).toHaveTextContent('Phone calls');
    expect(item).toHaveTextContent('Conversational Spanish');
    expect(item).toHaveTextContent('Live');
    expect(item).toHaveTextContent('60 min');

    await user.click(screen.getByRole('button', { name: 'Friday, March 21, 2025' }));
    expect(screen.getByText('No classes on this day')).toBeInTheDocument();
    expect(classesBetween).not.toHaveBeenCalled();
  });

  it('offers Join only for live classes that have not ended, and records no attendance', async () => {
    const ended = calendarClass({ id: 'ended', title: 'Early bird', scheduledDate: at(12, 7) });
    const running = calendarClass({
      id: 'running',
      title: 'Running now',
      scheduledDate: at(12, 8, 30),
      // The read model's own mark is the student's; a teacher sees no attendance badge.
      myAttendance: true,
    });
    const recorded = calendarClass({
      id: 'recorded',
      title: 'Recorded drill',
      scheduledDate: at(12, 10),
      type: 'recorded',
      meetingLink: null,
      recordingUrl: 'https://videos.test/1',
    });
    const later = calendarClass({ id: 'later', title: 'Next week', scheduledDate: at(19, 15) });
    monthGrid.mockResolvedValue(month([ended, running, recorded], [running, recorded, later]));
    classesBetween.mockResolvedValue(ok([ended, running, recorded]));

    const { user } = show();

    const today = await screen.findByRole('region', {
      name: 'Classes on Wednesday, March 12, 2025',
    });
    const [endedItem, runningItem, recordedItem] = await within(today).findAllByRole('listitem');
    expect(endedItem).toHaveTextContent('Early bird');
    expect(within(endedItem as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(recordedItem).toHaveTextContent('Recorded drill');
    expect(within(recordedItem as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    const joinNow = within(runningItem as HTMLElement).getByRole('link', { name: 'Join Now' });
    expect(joinNow).toHaveAttribute('href', 'https://meet.school.test/abc');
    expect(joinNow).toHaveAttribute('target', '_blank');

    const upcoming = screen.getByRole('region', { name: 'Upcoming Classes' });
    const items = within(upcoming).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[2] as HTMLElement).getByRole('link', { name: 'Join' })).toBeInTheDocument();

    await user.click(noNavigation(joinNow));
    expect(markAttendance).not.toHaveBeenCalled();
    expect(screen.queryByText('Attended')).not.toBeInTheDocument();
  });

  it('exports the teaching schedule of a month ago to half a year ahead as an iCalendar file', async () => {
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
    classesBetween.mockResolvedValue(ok([thursday]));

    const { user } = show();
    await screen.findByText('No classes on this day');
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));

    expect(
      await screen.findByText(
        'Downloaded 1 class as lingua-academy-classes.ics. Open the file with your calendar app to add it.',
      ),
    ).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledWith(
      new Date(NOW.getTime() - 30 * 24 * 60 * MINUTE).toISOString(),
      new Date(2025, 8, 12, 9, 0).toISOString(),
      NO_FILTERS,
    );
    expect(clicks[0]?.download).toBe('lingua-academy-classes.ics');
    expect(blobs[0]?.type).toBe('text/calendar;charset=utf-8');

    classesBetween.mockResolvedValueOnce(failure('Network down'));
    await user.click(screen.getByRole('button', { name: 'Export (.ics)' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The classes could not be exported: The data could not be loaded. Please try again.',
    );
  });

  it('speaks Spanish, and tells an administrator the calendar holds every class', async () => {
    monthGrid.mockResolvedValue(month([]));

    show({ language: 'es', user: admin });

    expect(await screen.findByText('No hay clases este día')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Todas las clases de la escuela, mes a mes. Elige un día para ver sus clases.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Marzo de 2025' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveAccessibleName('Domingo');
    expect(screen.getByRole('heading', { name: 'Próximas clases' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar (.ics)' })).toBeInTheDocument();
  });

  it('narrows the month to the course chosen in the filter, and keeps it in the address', async () => {
    monthGrid.mockResolvedValue(month([]));
    const user = userEvent.setup();
    show({ path: '/calendar', route: '/calendar' });
    await screen.findByRole('heading', { name: 'March 2025' });

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish for Beginners' }));

    await waitFor(() =>
      expect(monthGrid).toHaveBeenLastCalledWith(
        expect.objectContaining({ courseId: 'course-2', teacherId: null }),
      ),
    );
    expect(screen.queryByRole('combobox', { name: 'Teacher' })).not.toBeInTheDocument();
  });

  it('lets an administrator pick a teacher, which narrows the courses offered to theirs', async () => {
    monthGrid.mockResolvedValue(month([]));
    const user = userEvent.setup();
    show({ user: admin, path: '/calendar', route: '/calendar' });
    await screen.findByRole('heading', { name: 'March 2025' });

    await user.click(screen.getByRole('combobox', { name: 'Teacher' }));
    await user.click(await screen.findByRole('option', { name: 'Lucía Martín' }));
    await waitFor(() =>
      expect(monthGrid).toHaveBeenLastCalledWith(
        expect.objectContaining({ teacherId: 'teacher-2', courseId: null }),
      ),
    );

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Conversational English']);
  });
});
