import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  courseManagementReadModel,
  coursesService,
  fail,
  ok,
  paths,
  usersService,
  type Course,
  type Paged,
  type Result,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse, aPerson } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import CourseManagementScreen from './course-management-screen';

// The course form of Course Management: the teacher is chosen from the real teachers. The unit
// boundary is the service.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.coursesService, {
    list: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
  });
  Object.assign(actual.courseManagementReadModel, { stats: vi.fn() });
  Object.assign(actual.usersService, { listTeachers: vi.fn() });
  return actual;
});

const listCourses = vi.mocked(coursesService.list);
const managementStats = vi.mocked(courseManagementReadModel.stats);
const createCourse = vi.mocked(coursesService.create);
const updateCourse = vi.mocked(coursesService.update);
const listTeachers = vi.mocked(usersService.listTeachers);

const marta = aPerson({
  id: 'teacher-1',
  role: 'teacher',
  firstName: 'Marta',
  lastName: 'Ruiz',
  email: 'marta@school.test',
});
const daniel = aPerson({
  id: 'teacher-2',
  role: 'teacher',
  firstName: 'Daniel',
  lastName: 'Ortega',
  email: 'daniel@school.test',
});

function paged<T>(items: T[]): Paged<T> {
  return { items, total: items.length, page: 1, limit: 12, totalPages: 1 };
}

function renderPage(language: Language = 'en') {
  return renderScreen(<CourseManagementScreen />, {
    language,
    path: paths.courses,
    route: paths.courses,
  });
}

/**
 * A form field by its label (a required one ends with ' *'). Label queries are much cheaper than role
 * queries in a dialog this size; the fields' roles are checked by the kit's own CourseFormFields tests.
 */
function field(dialog: HTMLElement, label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(dialog).getByLabelText(new RegExp(`^${escaped}( \\*)?$`), {
    selector: 'input, textarea',
  });
}

/** Sets a field's text in one change event (typing key by key only makes the test slower). */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

async function openCreate(user: ReturnType<typeof renderPage>['user']) {
  await screen.findByRole('article', { name: 'Business Spanish' });
  await user.click(screen.getByRole('button', { name: 'Create Course' }));
  return screen.findByRole('dialog', { name: 'Create Course' });
}

async function choose(
  user: ReturnType<typeof renderPage>['user'],
  dialog: HTMLElement,
  label: string,
  option: string,
) {
  await user.click(field(dialog, label));
  await user.click(await within(dialog).findByRole('option', { name: option }));
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listCourses.mockResolvedValue(ok(paged([aCourse()])));
  managementStats.mockResolvedValue(
    ok({
      totalCourses: 1,
      activeCourses: 1,
      totalStudents: 2,
      totalRevenue: 699,
      currency: 'EUR',
      languages: [],
    }),
  );
  listTeachers.mockReset();
  listTeachers.mockResolvedValue(ok([marta, daniel]));
  createCourse.mockReset();
  updateCourse.mockReset();
});

// A dialog of eleven fields over a grid of cards: the first opening in a file also pays for loading
// Mantine's inputs, which takes several seconds on a busy machine.
describe('the course form', { timeout: 15_000 }, () => {
  it('names every missing field with the spec texts when the empty form is submitted, and clears one on edit', async () => {
    const { user } = renderPage();
    const dialog = await openCreate(user);
    const title = field(dialog, 'Title');
    // The dialog opens on its first field.
    expect(title).toHaveAttribute('data-autofocus');
    // Emptied.
    fill(field(dialog, 'Duration (weeks)'), '');
    fill(field(dialog, 'Max students'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    for (const message of [
      'Title is required',
      'Description is required',
      'Language is required',
      'Teacher name is required',
      'Duration must be at least 1 week',
      'Max students must be at least 1',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(createCourse).not.toHaveBeenCalled();

    fill(title, 'Verbs');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
  });

  it('keeps a negative price, a zero duration and max students as typed and says why with the spec texts', async () => {
    const { user } = renderPage();
    const dialog = await openCreate(user);
    for (const [label, typed] of [
      ['Price (USD)', '-12.5'],
      ['Duration (weeks)', '0'],
      ['Max students', '0'],
    ] as const) {
      const input = field(dialog, label);
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(input).toHaveValue(typed);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    for (const message of [
      'Price cannot be negative',
      'Duration must be at least 1 week',
      'Max students must be at least 1',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(createCourse).not.toHaveBeenCalled();
  });

  it('creates a course for a teacher chosen from the real teachers, with the defaults, then closes and says so', async () => {
    createCourse.mockResolvedValue(ok(aCourse({ id: 'new-course' })));
    const { user } = renderPage();
    const dialog = await openCreate(user);

    // The defaults of a new course; Active is for editing only; the thumbnail is optional.
    expect(field(dialog, 'Level')).toHaveValue('Beginner');
    expect(field(dialog, 'Duration (weeks)')).toHaveValue('8');
    expect(field(dialog, 'Price (USD)')).toHaveValue('299');
    expect(field(dialog, 'Max students')).toHaveValue('30');
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    expect(field(dialog, 'Teacher')).toHaveValue('');

    fill(field(dialog, 'Title'), 'Spanish for Travellers');
    fill(field(dialog, 'Description'), 'Airports and hotels');
    await choose(user, dialog, 'Language', 'Spanish');
    await choose(user, dialog, 'Teacher', 'Daniel Ortega');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(listTeachers).toHaveBeenCalledTimes(1);
    expect(createCourse).toHaveBeenCalledWith({
      title: 'Spanish for Travellers',
      description: 'Airports and hotels',
      language: 'Spanish',
      category: 'general',
      level: 'beginner',
      duration: 8,
      teacherId: 'teacher-2',
      price: 299,
      maxStudents: 30,
      thumbnailUrl: null,
      isActive: true,
      cefrLevel: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and the figures are read again.
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(managementStats).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal in the dialog and keeps everything typed", async () => {
    createCourse.mockResolvedValue(
      fail('CREATE_COURSES_ERROR', 'The course teacher must be a teacher', { code: 'P0001' }),
    );
    const { user } = renderPage();
    const dialog = await openCreate(user);
    fill(field(dialog, 'Title'), 'Negotiation');
    fill(field(dialog, 'Description'), 'Role play');
    await choose(user, dialog, 'Language', 'English');
    await choose(user, dialog, 'Teacher', 'Marta Ruiz');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The course was not saved: The course teacher must be a teacher',
    );
    expect(field(dialog, 'Title')).toHaveValue('Negotiation');
    expect(field(dialog, 'Teacher')).toHaveValue('Marta Ruiz');
    expect(screen.queryByText('Course created')).not.toBeInTheDocument();
  });

  it('says when the teachers cannot be loaded, and Try again reads them', async () => {
    listTeachers
      .mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'boom', { status: 500 }))
      .mockResolvedValueOnce(ok([marta]));
    const { user } = renderPage();
    const dialog = await openCreate(user);
    expect(
      await within(dialog).findByText('The teachers could not be loaded:'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(
        within(dialog).queryByText('The teachers could not be loaded:'),
      ).not.toBeInTheDocument(),
    );
    await choose(user, dialog, 'Teacher', 'Marta Ruiz');
  });

  it('Edit opens the form filled with the course, with Active, and saves the changes', async () => {
    listCourses.mockResolvedValue(
      ok(paged([aCourse({ thumbnailUrl: 'https://cdn.example.org/spanish.png' })])),
    );
    let finish: (result: Result<Course>) => void = () => {};
    updateCourse.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderPage();

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    const title = field(dialog, 'Title');
    expect(title).toHaveValue('Business Spanish');
    expect(field(dialog, 'Language')).toHaveValue('Spanish');
    expect(field(dialog, 'Level')).toHaveValue('Intermediate');
    await waitFor(() => expect(field(dialog, 'Teacher')).toHaveValue('Marta Ruiz'));
    expect(field(dialog, 'Thumbnail URL (optional)')).toHaveValue(
      'https://cdn.example.org/spanish.png',
    );
    const active = field(dialog, 'Active');
    expect(active).toBeChecked();

    fill(title, 'Business Spanish II');
    fill(field(dialog, 'Thumbnail URL (optional)'), '');
    await choose(user, dialog, 'Teacher', 'Daniel Ortega');
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // Saving: the form cannot be changed until the answer comes.
    await waitFor(() => expect(title).toBeDisabled());
    await act(async () => finish(ok(aCourse({ title: 'Business Spanish II' }))));

    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(updateCourse).toHaveBeenCalledWith('course-1', {
      title: 'Business Spanish II',
      description: 'Meetings, email and negotiation',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 10,
      teacherId: 'teacher-2',
      price: 349.5,
      maxStudents: 30,
      thumbnailUrl: null,
      isActive: false,
      cefrLevel: null,
    });
    expect(createCourse).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps a course's teacher who is not among the teachers listed", async () => {
    listCourses.mockResolvedValue(
      ok(paged([aCourse({ teacherId: 'teacher-9', teacherName: 'Lucía Pérez' })])),
    );
    const { user } = renderPage();
    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    await waitFor(() => expect(field(dialog, 'Teacher')).toHaveValue('Lucía Pérez'));
  });

  it('speaks Spanish', async () => {
    const { user } = renderPage('es');
    await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear curso' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear curso' }));
    expect(await within(dialog).findByText('Título requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Nombre de docente requerido')).toBeInTheDocument();
    expect(field(dialog, 'Docente')).toBeInTheDocument();
  });
});
