import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classManagementReadModel,
  classesService,
  coursesService,
  ok,
  type AppUser,
  type ClassManagement,
  type ClassStats,
  type ClassWithAttendance,
  type Course,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, teacher } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import ClassManagementScreen from './class-management-screen';

// Issue 29: a class dated in the past asks before it is saved (scheduled or moved there; an edit
// that keeps a past class's date asks nothing), and an administrator is not told about "your
// courses". The rest of the screen is class-management-screen.test.tsx.

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.classesService, {
    createSeries: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
  });
  Object.assign(actual.classManagementReadModel, { get: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  return actual;
});

// The figures and the page of classes, each with its attendance: the screen's one request.
const loadScreen = vi.mocked(classManagementReadModel.get);
const createClass = vi.mocked(classesService.createSeries);
const updateClass = vi.mocked(classesService.update);
const listCourses = vi.mocked(coursesService.list);

// Local times, so the expected texts hold in any time zone.
const NEXT_YEAR = new Date().getFullYear() + 1;
const upcomingStart = new Date(NEXT_YEAR, 11, 1, 14, 5);

function aClass(overrides: Partial<ClassWithAttendance> = {}): ClassWithAttendance {
  return {
    id: 'class-1',
    courseId: 'course-1',
    courseTitle: 'Business English',
    teacherId: 'teacher-1',
    title: 'Pitching to investors',
    description: 'Short pitches and feedback',
    scheduledDate: upcomingStart.toISOString(),
    duration: 90,
    type: 'live',
    meetingLink: 'https://meet.example/pitch',
    recordingUrl: null,
    createdAt: '2026-01-01T00:00:00Z',
    attendance: null,
    ...overrides,
  };
}

const ended = aClass({
  id: 'class-3',
  title: 'Kick-off meeting',
  description: 'Introductions',
  scheduledDate: new Date(2020, 0, 10, 9, 0).toISOString(),
  duration: 60,
});

function course(id: string, title: string): Course {
  return {
    id,
    title,
    description: '',
    language: 'English',
    category: 'general',
    level: 'beginner',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 100,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 0,
    maxStudents: 10,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

const COURSES = [
  course('course-1', 'Business English'),
  course('course-2', 'Spanish for Beginners'),
];

function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

const STATS: ClassStats = { total: 40, live: 28, recorded: 12, totalHours: 51 };

/** The screen's answer: the figures over every class (not the page's) and the page. */
function loaded(page: Paged<ClassWithAttendance>, stats: ClassStats = STATS) {
  return ok<ClassManagement>({ stats, page });
}

function renderPage({
  language = 'en',
  user = teacher,
  path = '/classes',
}: { language?: Language; user?: AppUser; path?: string } = {}) {
  return renderScreen(<ClassManagementScreen />, { language, user, path, route: '/classes' });
}

async function openForm(user: ReturnType<typeof renderPage>['user'], name = 'Schedule Class') {
  await user.click(screen.getAllByRole('button', { name })[0]!);
  return screen.findByRole('dialog', { name });
}

/** Sets a field's text in one change event. */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

const timeField = (dialog: HTMLElement) => within(dialog).getByLabelText(/^(Time|Hora)/);

async function fillPastClass(user: ReturnType<typeof renderPage>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /Course|Curso/ }));
  await user.click(await within(dialog).findByRole('option', { name: 'Business English' }));
  fill(within(dialog).getByRole('textbox', { name: /Title|Título/ }), 'Make-up session');
  fill(within(dialog).getByRole('textbox', { name: /Description|Descripción/ }), 'Catch up');
  fill(within(dialog).getByRole('textbox', { name: /Date|Fecha/ }), '2020-03-05');
  fill(timeField(dialog), '10:00');
  await user.click(within(dialog).getByRole('radio', { name: /Recorded|Grabada/ }));
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listCourses.mockResolvedValue(ok(paged(COURSES, 2, 1, 100)));
  loadScreen.mockResolvedValue(loaded(paged([aClass(), ended])));
});

describe('a class dated in the past', () => {
  it('asks before scheduling it; "Change the date" saves nothing and keeps what was typed', async () => {
    createClass.mockResolvedValue(ok([aClass({ id: 'new' })]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    const dialog = await openForm(user);
    await fillPastClass(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));

    const question = await screen.findByRole('dialog', { name: 'This class is in the past' });
    expect(createClass).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Change the date' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    expect(createClass).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Make-up session');

    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'This class is in the past' }),
      ).getByRole('button', { name: 'Save anyway' }),
    );
    expect(await screen.findByText('Class scheduled')).toBeInTheDocument();
    expect(createClass).toHaveBeenCalledTimes(1);
    expect(createClass).toHaveBeenCalledWith([
      expect.objectContaining({
        title: 'Make-up session',
        scheduledDate: new Date(2020, 2, 5, 10, 0).toISOString(),
      }),
    ]);
  });

  it('asks in Spanish too', async () => {
    const { user } = renderPage({ language: 'es' });
    await screen.findByRole('article', { name: 'Pitching to investors' });
    const dialog = await openForm(user, 'Programar clase');
    await fillPastClass(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Programar clase' }));
    const question = await screen.findByRole('dialog', { name: 'Esta clase está en el pasado' });
    expect(within(question).getByRole('button', { name: 'Guardar de todos modos' })).toBeVisible();
    expect(createClass).not.toHaveBeenCalled();
  });

  it('an edit that keeps the date of a class that already took place asks nothing', async () => {
    updateClass.mockResolvedValue(ok(ended));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Kick-off meeting' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Kick-off, notes');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Class updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'This class is in the past' })).toBeNull();
    expect(updateClass).toHaveBeenCalledTimes(1);
  });
});

describe('what an administrator reads', () => {
  it('speaks of every course, never "your courses"', async () => {
    renderPage({ user: admin });
    await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(screen.getByText('Schedule, edit and remove the classes of every course.')).toBeVisible();
    expect(screen.queryByText(/your courses/i)).toBeNull();
  });

  it('a teacher still reads "your courses"', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(screen.getByText('Schedule, edit and remove the classes of your courses.')).toBeVisible();
  });
});
