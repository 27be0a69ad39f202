import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classManagementReadModel,
  attendanceService,
  classesService,
  fail,
  ok,
  type ClassAttendanceSummary,
  type ClassManagement,
  type CourseClass,
  type Paged,
  type RosterStudent,
} from '@portal/shared-data';
import { classQueries } from '@portal/shared-data/queries';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import { en, es } from './attendance-i18n';
import { AttendanceModal } from './attendance-modal';

// The query and mutation options call these very objects, so their functions are replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.attendanceService, { roster: vi.fn() });
  Object.assign(actual.classesService, { saveAttendance: vi.fn() });
  Object.assign(actual.classManagementReadModel, { get: vi.fn() });
  return actual;
});

const roster = vi.mocked(attendanceService.roster);
// The screen's one read (its figures and page of classes), which carries each class's saved attendance.
const classPage = vi.mocked(classManagementReadModel.get);
const saveAttendance = vi.mocked(classesService.saveAttendance);

const start = new Date(2026, 2, 12, 15, 0);
const joinedAt = new Date(2026, 2, 12, 15, 4);

const classItem: CourseClass = {
  id: 'class-1',
  courseId: 'course-1',
  courseTitle: 'Business English',
  teacherId: 'teacher-1',
  title: 'Pitching to investors',
  description: '',
  scheduledDate: start.toISOString(),
  duration: 60,
  type: 'live',
  meetingLink: 'https://meet.example/pitch',
  recordingUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
};

function student(overrides: Partial<RosterStudent> = {}): RosterStudent {
  return {
    classId: 'class-1',
    studentId: 'student-1',
    firstName: 'Sara',
    lastName: 'Núñez',
    name: 'Sara Núñez',
    email: 'sara@school.test',
    avatarUrl: null,
    attended: true,
    attendedAt: joinedAt.toISOString(),
    markedBy: 'student-1',
    isMarked: true,
    ...overrides,
  };
}

const sara = student();
const tom = student({
  studentId: 'student-2',
  firstName: 'Tom',
  lastName: 'Baker',
  name: 'Tom Baker',
  email: 'tom@school.test',
  attended: false,
  attendedAt: null,
  markedBy: 'teacher-1',
});
const ana = student({
  studentId: 'student-3',
  firstName: 'Ana',
  lastName: 'Abad',
  name: 'Ana Abad',
  email: 'ana@school.test',
  attended: false,
  attendedAt: null,
  markedBy: null,
  isMarked: false,
});

function paged<T>(items: T[], total = items.length, page = 1, limit = 50): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

const SUMMARY: ClassAttendanceSummary = {
  classId: 'class-1',
  rosterCount: 3,
  attendedCount: 1,
  attendanceRate: 33.3,
};

/** The screen's read: its figures and its page, this class with its attendance (or without figures). */
function pageWith(attendance: ClassAttendanceSummary | null) {
  return ok<ClassManagement>({
    stats: { total: 1, live: 1, recorded: 0, totalHours: 1 },
    page: paged([{ ...classItem, attendance }], 1, 1, 12),
  });
}

/** The dialog as Class Management opens it, with the screen's read. */
function OnScreen({ onClose }: { onClose: () => void }) {
  const management = useQuery(classQueries.management({ page: 1, limit: 12 }));
  return <AttendanceModal classItem={classItem} management={management} opened onClose={onClose} />;
}

function renderModal({ language = 'en' }: { language?: Language } = {}) {
  const onClose = vi.fn();
  const rendered = renderScreen(<OnScreen onClose={onClose} />, { language });
  return { ...rendered, onClose };
}

const presentSwitch = (name: string) => screen.getByRole('switch', { name: `Present: ${name}` });

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  roster.mockResolvedValue(ok(paged([ana, tom, sara])));
  classPage.mockResolvedValue(pageWith(SUMMARY));
});

describe('AttendanceModal', () => {
  it("lists the course's students with their saved marks and the rate: the roster, and the screen's page", async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Attendance: Pitching to investors' });
    expect(await within(dialog).findByText('Sara Núñez')).toBeInTheDocument();

    expect(presentSwitch('Sara Núñez')).toBeChecked();
    expect(presentSwitch('Tom Baker')).not.toBeChecked();
    expect(presentSwitch('Ana Abad')).not.toBeChecked();
    // Sara marked herself when joining: her time is shown as her own.
    expect(dialog).toHaveTextContent('Joined at 15:04');
    expect(dialog).toHaveTextContent('Not marked yet');
    expect(dialog).toHaveTextContent('Business English · Mar 12, 2026 at 15:00');
    expect(await within(dialog).findByText('1 of 3 present (33.3%)')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Attendance rate' }),
    ).toBeInTheDocument();

    expect(roster).toHaveBeenCalledTimes(1);
    expect(roster).toHaveBeenCalledWith('class-1', { page: 1 });
    // The saved figures come with the screen's page of classes: the dialog reads none of its own.
    expect(classPage).toHaveBeenCalledTimes(1);
    expect(saveAttendance).not.toHaveBeenCalled();
  });

  it('updates the rate as students are marked, and saves only the changes in one request', async () => {
    saveAttendance.mockResolvedValue(ok([]));
    const { user, onClose } = renderModal();
    await screen.findByText('Sara Núñez');

    await user.click(presentSwitch('Tom Baker'));
    await user.click(presentSwitch('Ana Abad'));
    await user.click(presentSwitch('Ana Abad'));
    await user.click(presentSwitch('Sara Núñez'));
    expect(screen.getByText('1 of 3 present (33.3%)')).toBeInTheDocument();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save attendance' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(saveAttendance).toHaveBeenCalledTimes(1);
    expect(saveAttendance).toHaveBeenCalledWith('class-1', [
      { userId: 'student-2', attended: true },
      { userId: 'student-1', attended: false },
    ]);
    expect(await screen.findByText('Attendance saved')).toBeInTheDocument();
  });

  it('saves in one request: the roster is not read again, only the screen refreshes its page', async () => {
    saveAttendance.mockResolvedValue(ok([]));
    const { user, onClose } = renderModal();
    await screen.findByText('1 of 3 present (33.3%)');
    expect(roster).toHaveBeenCalledTimes(1);
    expect(classPage).toHaveBeenCalledTimes(1);

    await user.click(presentSwitch('Tom Baker'));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    expect(saveAttendance).toHaveBeenCalledTimes(1);
    // The save invalidated the attendance reads: the screen's page of classes (which the dialog's
    // rate comes from) is read again once; the roster is not read again.
    expect(classPage).toHaveBeenCalledTimes(2);
    expect(roster).toHaveBeenCalledTimes(1);
  });

  it('closes without a request when nothing changed', async () => {
    const { user, onClose } = renderModal();
    await screen.findByText('Sara Núñez');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saveAttendance).not.toHaveBeenCalled();
  });

  it('marks everyone on the page present at once', async () => {
    const { user } = renderModal();
    await screen.findByText('Sara Núñez');
    await user.click(screen.getByRole('button', { name: 'Mark all present' }));
    for (const name of ['Sara Núñez', 'Tom Baker', 'Ana Abad'])
      expect(presentSwitch(name)).toBeChecked();
    expect(screen.getByText('3 of 3 present (100%)')).toBeInTheDocument();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
  });

  it('says why a save was refused and keeps every mark', async () => {
    saveAttendance.mockResolvedValue(
      fail('MARK_ATTENDANCE_ERROR', 'This student is not enrolled in the course of this class', {
        code: '23514',
      }),
    );
    const { user, onClose } = renderModal();
    await screen.findByText('Sara Núñez');
    await user.click(presentSwitch('Tom Baker'));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The attendance was not saved:');
    expect(alert).toHaveTextContent('Not enrolled in this course.');
    expect(alert).not.toHaveTextContent('This student is not enrolled in the course of this class');
    expect(onClose).not.toHaveBeenCalled();
    expect(presentSwitch('Tom Baker')).toBeChecked();
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();

    // Trying again sends the same marks.
    saveAttendance.mockResolvedValue(ok([]));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saveAttendance).toHaveBeenLastCalledWith('class-1', [
      { userId: 'student-2', attended: true },
    ]);
  });

  it('pages through a long roster and keeps the marks of the other pages', async () => {
    roster.mockImplementation(async (_classId, paging) =>
      ok(paging?.page === 2 ? paged([ana], 51, 2) : paged([tom, sara], 51)),
    );
    classPage.mockResolvedValue(
      pageWith({ classId: 'class-1', rosterCount: 51, attendedCount: 1, attendanceRate: 2 }),
    );
    const { user } = renderModal();
    await screen.findByText('Tom Baker');
    // Counted like every paged list, under the dialog's title.
    expect(screen.getByRole('heading', { level: 3, name: '51 students' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Roster pages' })).toHaveTextContent(
      'Page 1 of 2',
    );
    await user.click(presentSwitch('Tom Baker'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Ana Abad')).toBeInTheDocument();
    expect(roster).toHaveBeenLastCalledWith('class-1', { page: 2 });
    await user.click(presentSwitch('Ana Abad'));
    expect(screen.getByText('3 of 51 present (5.9%)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('switch', { name: 'Present: Tom Baker' })).toBeChecked();
  });

  it('shows a failed load with Try again, and an empty roster', async () => {
    roster
      .mockResolvedValueOnce(fail('GET_ATTENDANCE_ERROR', 'permission denied', { code: '42501' }))
      .mockResolvedValueOnce(ok(paged<RosterStudent>([])));
    classPage.mockResolvedValue(
      pageWith({ classId: 'class-1', rosterCount: 0, attendedCount: 0, attendanceRate: null }),
    );
    const { user } = renderModal();
    expect(await screen.findByText('Error loading the roster:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save attendance' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No students are enrolled in this course yet.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Nobody to count yet')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderModal({ language: 'es' });
    expect(
      await screen.findByRole('dialog', { name: 'Asistencia: Pitching to investors' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Presente: Tom Baker' })).not.toBeChecked();
    expect(await screen.findByText('1 de 3 presentes (33,3 %)')).toBeInTheDocument();
    expect(screen.getByText('Se unió a las 15:04')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar asistencia' })).toBeInTheDocument();
  });
});

describe('attendance messages', () => {
  type Messages = Record<string, string>;
  const variables = (text: string) =>
    [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]).sort();

  it('have the same keys and variables in English and Spanish', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en as Messages)) {
      expect(variables((es as Messages)[key] ?? ''), key).toEqual(variables(text));
    }
  });
});
