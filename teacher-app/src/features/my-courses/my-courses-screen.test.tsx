import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PUBLIC_SETTINGS,
  announcementsService,
  coursesService,
  fail,
  myCoursesReadModel,
  ok,
  paths,
  settingsService,
  waitingListService,
  type Course,
  type Paged,
  type Result,
  type TeacherCourse,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { mediaQueryList } from '@portal/shared-ui/test-utils';
import { renderScreen } from '../../test-support/render-screen';
import MyCoursesScreen from './my-courses-screen';

// The query and mutation options call these very objects, so their functions are replaced in place
// (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.myCoursesReadModel, { listForTeacher: vi.fn() });
  Object.assign(actual.coursesService, { create: vi.fn(), update: vi.fn() });
  Object.assign(actual.announcementsService, { forCourse: vi.fn(), create: vi.fn() });
  Object.assign(actual.waitingListService, { forCourse: vi.fn() });
  // The page's public settings (the shell's one read): the school's currency for prices.
  Object.assign(actual.settingsService, { getPublic: vi.fn() });
  return actual;
});

const listTaught = vi.mocked(myCoursesReadModel.listForTeacher);
const createCourse = vi.mocked(coursesService.create);
const updateCourse = vi.mocked(coursesService.update);
const courseAnnouncements = vi.mocked(announcementsService.forCourse);
const postAnnouncement = vi.mocked(announcementsService.create);
const courseWaitingList = vi.mocked(waitingListService.forCourse);

const PAGE_SIZE = 12;

function aCourse(overrides: Partial<TeacherCourse> = {}): TeacherCourse {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 10,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 349.5,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 12,
    maxStudents: 30,
    createdAt: '2025-01-05T10:00:00Z',
    averageProgress: 72.4,
    classCount: 6,
    nextClassAt: '2025-03-12T15:00:00Z',
    ...overrides,
  };
}

const savedCourse = (overrides: Partial<Course> = {}): Course => ({
  ...aCourse(),
  updatedAt: '2025-01-05T10:00:00Z',
  ...overrides,
});

function pageOf(
  items: TeacherCourse[],
  total = items.length,
  page = 1,
): Result<Paged<TeacherCourse>> {
  return ok({ items, total, page, limit: PAGE_SIZE, totalPages: Math.ceil(total / PAGE_SIZE) });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname} from {(location.state as { from?: string } | null)?.from ?? 'nowhere'}
    </p>
  );
}

function renderPage({
  language = 'en',
  path = paths.myCourses,
}: { language?: Language; path?: string } = {}) {
  return renderScreen(
    <Routes>
      <Route path={paths.myCourses} element={<MyCoursesScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { language, path },
  );
}

let matchMedia: ReturnType<typeof vi.spyOn> | null = null;

/** Makes the side-column media query match, as on a desktop screen. */
function useWideScreen() {
  matchMedia = vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) =>
      mediaQueryList(query, query.includes('min-width: 62em')),
    );
}

/** Sets a field's text in one change event (typing key by key only makes the test slower). */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

async function openCreate(user: ReturnType<typeof renderPage>['user']) {
  // The header's button (the empty state may offer a second one).
  await user.click(screen.getAllByRole('button', { name: 'Create Course' })[0]!);
  return screen.findByRole('dialog', { name: 'Create Course' });
}

beforeEach(() => {
  // Toasts live in Mantine's page-wide store: none is carried over from the previous test.
  notifications.clean();
  listTaught.mockReset();
  createCourse.mockReset();
  updateCourse.mockReset();
  courseWaitingList.mockReset();
  courseWaitingList.mockResolvedValue(ok([]));
  vi.mocked(settingsService.getPublic).mockResolvedValue(
    ok({ ...DEFAULT_PUBLIC_SETTINGS, currency: 'EUR' }),
  );
});

afterEach(() => {
  matchMedia?.mockRestore();
  matchMedia = null;
});

describe('My Courses (teacher)', () => {
  it("shows a loader, then the teacher's courses with their students' real average progress, in one request", async () => {
    let answer: (result: Result<Paged<TeacherCourse>>) => void = () => {};
    listTaught.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();

    expect(screen.getByRole('status', { name: 'Loading your courses…' })).toBeInTheDocument();
    answer(
      pageOf([
        aCourse(),
        aCourse({
          id: 'course-2',
          title: 'English B2',
          averageProgress: null,
          enrolledCount: 0,
          isActive: false,
          nextClassAt: null,
          level: 'advanced',
          language: 'English',
        }),
      ]),
    );

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByRole('heading', { name: '2 courses' })).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', {
      name: 'Average progress of the students of Business Spanish',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '72');
    expect(within(card).getByText('72%')).toBeInTheDocument();
    expect(card).toHaveTextContent('Intermediate');
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Spanish · 12/30 students');

    const empty = screen.getByRole('article', { name: 'English B2' });
    // No students: no made-up figure.
    expect(within(empty).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(empty).toHaveTextContent('No students yet');
    expect(empty).toHaveTextContent('Inactive');
    expect(empty).toHaveTextContent('No upcoming classes');

    expect(listTaught).toHaveBeenCalledTimes(1);
    expect(listTaught).toHaveBeenCalledWith({ page: 1, limit: PAGE_SIZE });
  });

  it("opens the course form on arrival from the dashboard's Create Course", async () => {
    listTaught.mockResolvedValue(pageOf([]));
    renderPage({ path: paths.withNewItem(paths.myCourses) });
    expect(await screen.findByRole('dialog', { name: 'Create Course' })).toBeInTheDocument();
  });

  it('says so when the teacher has no course yet, and offers to create one', async () => {
    listTaught.mockResolvedValue(pageOf([]));
    const { user } = renderPage();

    expect(await screen.findByText('You are not teaching any courses yet')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Create Course' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create Course' })).toBeInTheDocument();
  });

  it("shows 'Error loading courses:' with the reason in the user's language, and Try again loads them", async () => {
    listTaught
      .mockResolvedValueOnce(
        fail('FETCH_COURSES_ERROR', 'permission denied for view my_courses', { code: '42501' }),
      )
      .mockResolvedValueOnce(pageOf([aCourse()]));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading courses:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading courses:')).not.toBeInTheDocument();
  });

  it('pages through the courses on the server', async () => {
    listTaught.mockImplementation(async (paging) =>
      paging?.page === 2
        ? pageOf([aCourse({ id: 'last', title: 'Last course' })], 13, 2)
        : pageOf(
            Array.from({ length: 12 }, (_, i) => aCourse({ id: `c${i}`, title: `Course ${i}` })),
            13,
          ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Course 0' });
    expect(screen.getAllByRole('article')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Last course' })).toBeInTheDocument();
    expect(listTaught).toHaveBeenLastCalledWith({ page: 2, limit: PAGE_SIZE });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('opens the course detail page with My Courses as the way back', async () => {
    listTaught.mockResolvedValue(pageOf([aCourse({ id: 'c/42' })]));
    const { user } = renderPage();

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(within(card).getByRole('link', { name: 'Business Spanish' })).toHaveAttribute(
      'href',
      '/course-detail/c%2F42',
    );
    await user.click(within(card).getByRole('link', { name: 'Open course' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/course-detail/c%2F42 from /my-courses',
    );
  });

  it('on a wide screen, shows the first course in the side panel and follows the selection', async () => {
    useWideScreen();
    listTaught.mockResolvedValue(
      pageOf([
        aCourse(),
        aCourse({ id: 'course-2', title: 'English B2', price: 120, classCount: 0 }),
      ]),
    );
    const { user } = renderPage();

    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    expect(within(panel).getByRole('heading', { name: 'Business Spanish' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('Meetings, email and negotiation');
    // In the school's currency (its public settings, read once for the page), not dollars.
    await waitFor(() => expect(panel).toHaveTextContent('€349.50'));
    expect(panel).toHaveTextContent('10 weeks');
    expect(panel).toHaveTextContent('Business');
    expect(
      within(panel).getByRole('progressbar', {
        name: 'Average progress of the students of Business Spanish',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Details of English B2' }));
    expect(within(panel).getByRole('heading', { name: 'English B2' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('€120.00');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('on a phone, shows the details in a drawer, from which the course can be edited', async () => {
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Details of Business Spanish' }));
    const drawer = await screen.findByRole('dialog', { name: 'Business Spanish' });
    expect(within(drawer).getByText('12/30 students')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Open course' })).toHaveAttribute(
      'href',
      '/course-detail/course-1',
    );
    await user.click(within(drawer).getByRole('button', { name: 'Edit course' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Course' })).toBeInTheDocument();
  });

  it("shows the course's waiting list in the panel: place, name, joined on, read only", async () => {
    useWideScreen();
    listTaught.mockResolvedValue(pageOf([aCourse({ enrolledCount: 30 })]));
    courseWaitingList.mockResolvedValue(
      ok([
        {
          id: 'w-1',
          studentId: 's-1',
          firstName: 'Ana',
          lastName: 'Ruiz',
          joinedAt: '2026-11-20T10:00:00Z',
          position: 1,
        },
        {
          id: 'w-2',
          studentId: 's-2',
          firstName: 'Ben',
          lastName: 'Okoro',
          joinedAt: '2026-11-21T10:00:00Z',
          position: 2,
        },
      ]),
    );
    renderPage();
    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    const line = await within(panel).findByRole('region', { name: 'Waiting list' });
    expect(await within(line).findByText('2 students waiting')).toBeInTheDocument();
    const rows = within(line).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PlaceStudentJoined',
      expect.stringMatching(/^1Ana Ruiz/),
      expect.stringMatching(/^2Ben Okoro/),
    ]);
    expect(courseWaitingList).toHaveBeenCalledWith('course-1');
    expect(within(line).queryByRole('button')).toBeNull();
  });

  it('says when nobody is waiting, and shows a failed read with Try again (in Spanish too)', async () => {
    useWideScreen();
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    courseWaitingList.mockResolvedValueOnce(fail('QUERY_ERROR', 'boom'));
    const { user } = renderPage({ language: 'es' });
    const panel = await screen.findByRole('complementary');
    const line = await within(panel).findByRole('region', { name: 'Lista de espera' });
    expect(
      await within(line).findByText('No se ha podido cargar la lista de espera.'),
    ).toBeInTheDocument();
    expect(within(line).queryByText('boom')).toBeNull();
    await user.click(within(line).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await within(line).findByText('Nadie espera una plaza.')).toBeInTheDocument();
  });

  it("creates a course with the product's defaults, taught by the teacher, then closes and says so", async () => {
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    createCourse.mockResolvedValue(ok(savedCourse({ id: 'new-course' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Business Spanish' });

    const dialog = await openCreate(user);
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveFocus());
    // The defaults of a new course.
    expect(within(dialog).getByRole('combobox', { name: 'Level' })).toHaveValue('Beginner');
    expect(within(dialog).getByRole('textbox', { name: 'Duration (weeks)' })).toHaveValue('8');
    expect(within(dialog).getByRole('textbox', { name: 'Price (EUR)' })).toHaveValue('299');
    expect(within(dialog).getByRole('textbox', { name: 'Max students' })).toHaveValue('30');
    expect(within(dialog).getByRole('combobox', { name: 'Teacher' })).toHaveValue('Marta Ruiz');
    // Active is for editing only.
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();

    fill(title, '  Spanish for Travellers ');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Airports and hotels');
    await user.click(within(dialog).getByRole('combobox', { name: 'Language' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Spanish' }));
    fill(within(dialog).getByRole('textbox', { name: 'Price (EUR)' }), '120.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(createCourse).toHaveBeenCalledTimes(1);
    expect(createCourse).toHaveBeenCalledWith({
      title: 'Spanish for Travellers',
      description: 'Airports and hotels',
      language: 'Spanish',
      category: 'general',
      level: 'beginner',
      duration: 8,
      teacherId: 'teacher-1',
      price: 120.5,
      maxStudents: 30,
      thumbnailUrl: null,
      isActive: true,
      cefrLevel: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is read again.
    await waitFor(() => expect(listTaught).toHaveBeenCalledTimes(2));
  });

  it('names every problem of the form on submit with the spec texts, and clears one on edit', async () => {
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Business Spanish' });

    const dialog = await openCreate(user);
    // Emptied (the inputs bring a number below the minimum back up to it when they lose focus).
    fill(within(dialog).getByRole('textbox', { name: 'Duration (weeks)' }), '');
    fill(within(dialog).getByRole('textbox', { name: 'Max students' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    for (const message of [
      'Title is required',
      'Description is required',
      'Language is required',
      'Duration must be at least 1 week',
      'Max students must be at least 1',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(createCourse).not.toHaveBeenCalled();

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Verbs');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();

    fill(within(dialog).getByRole('textbox', { name: 'Thumbnail URL (optional)' }), 'not a link');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    expect(
      await within(dialog).findByText('Enter a link that starts with https:// or http://'),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps everything typed", async () => {
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    createCourse
      .mockResolvedValueOnce(
        fail('CREATE_COURSES_ERROR', 'new row violates row-level security policy', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(ok(savedCourse({ id: 'new-course' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Business Spanish' });

    const dialog = await openCreate(user);
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Negotiation');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Role play');
    await user.click(within(dialog).getByRole('combobox', { name: 'Language' }));
    await user.click(await within(dialog).findByRole('option', { name: 'English' }));
    fill(within(dialog).getByRole('textbox', { name: 'Max students' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The course was not saved: You are not allowed to do this.');
    expect(alert).not.toHaveTextContent('row-level security');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Negotiation');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Role play');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('English');
    expect(within(dialog).getByRole('textbox', { name: 'Max students' })).toHaveValue('12');

    await user.click(within(dialog).getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Course created')).toBeInTheDocument();
    expect(createCourse).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Negotiation', language: 'English', maxStudents: 12 }),
    );
  });

  it('Edit opens the form filled with the course, with Active, and saves the changes', async () => {
    listTaught.mockResolvedValue(
      pageOf([aCourse({ thumbnailUrl: 'https://cdn.example.org/spanish.png' })]),
    );
    let finish: (result: Result<Course>) => void = () => {};
    updateCourse.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Business Spanish' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Course' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Business Spanish');
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('Spanish');
    expect(within(dialog).getByRole('combobox', { name: 'Level' })).toHaveValue('Intermediate');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('Business');
    expect(within(dialog).getByRole('textbox', { name: 'Price (EUR)' })).toHaveValue('349.5');
    expect(within(dialog).getByRole('textbox', { name: 'Thumbnail URL (optional)' })).toHaveValue(
      'https://cdn.example.org/spanish.png',
    );
    const active = within(dialog).getByRole('checkbox', { name: 'Active' });
    expect(active).toBeChecked();

    fill(title, 'Business Spanish II');
    await user.click(active);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    // Saving: the form cannot be closed or changed until the answer comes.
    await waitFor(() => expect(title).toBeDisabled());
    await act(async () => finish(ok(savedCourse({ title: 'Business Spanish II' }))));

    expect(await screen.findByText('Course updated')).toBeInTheDocument();
    expect(updateCourse).toHaveBeenCalledWith('course-1', {
      title: 'Business Spanish II',
      description: 'Meetings, email and negotiation',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 10,
      teacherId: 'teacher-1',
      price: 349.5,
      maxStudents: 30,
      thumbnailUrl: 'https://cdn.example.org/spanish.png',
      isActive: false,
      cefrLevel: null,
    });
    expect(createCourse).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    const { user } = renderPage({ language: 'es' });

    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    expect(screen.getByRole('heading', { name: '1 curso' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Progreso promedio');
    expect(card).toHaveTextContent('Activo');
    expect(within(card).getByRole('link', { name: 'Abrir curso' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Editar' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear curso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear curso' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear curso' }));
    expect(await within(dialog).findByText('Título requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Idioma requerido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('My Courses (teacher): announcements', () => {
  const posted = {
    id: 'a-1',
    courseId: 'course-1',
    courseTitle: null,
    title: 'Exam on Friday',
    body: 'Bring a pencil',
    pinned: true,
    emailed: false,
    createdAt: '2025-03-10T09:00:00Z',
    updatedAt: '2025-03-10T09:00:00Z',
  };

  // The drawer's wiring (list, post, edit, pin, delete, failures) is shared-data's
  // useCourseAnnouncementsDrawer, tested once there; these prove the panel opens it wired to the service.
  it("opens the course's announcements from its panel and posts one, asking whether to email it", async () => {
    useWideScreen();
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    courseAnnouncements.mockResolvedValue(ok([]));
    postAnnouncement.mockResolvedValue(ok(posted));
    const { user } = renderPage();

    const panel = await screen.findByRole('complementary', { name: 'Course details' });
    await user.click(within(panel).getByRole('button', { name: 'Announcements' }));
    const drawer = await screen.findByRole('dialog', { name: 'Announcements: Business Spanish' });
    expect(
      await within(drawer).findByText(
        'No announcements yet. Post one to tell the course’s students.',
      ),
    ).toBeInTheDocument();
    expect(courseAnnouncements).toHaveBeenCalledWith('course-1');

    await user.click(within(drawer).getByRole('button', { name: 'Post announcement' }));
    const form = await screen.findByRole('dialog', { name: 'Post announcement' });
    fill(within(form).getByRole('textbox', { name: /Title/ }), 'Exam on Friday');
    fill(within(form).getByRole('textbox', { name: /Message/ }), 'Bring a pencil');
    await user.click(within(form).getByRole('checkbox', { name: /Pin to the top/ }));
    await user.click(within(form).getByRole('button', { name: 'Post' }));

    await waitFor(() =>
      expect(postAnnouncement).toHaveBeenCalledWith({
        courseId: 'course-1',
        title: 'Exam on Friday',
        body: 'Bring a pencil',
        pinned: true,
        emailStudents: false,
      }),
    );
    await waitFor(() => expect(form).not.toBeInTheDocument());
  });

  it('says a refused post in Spanish and keeps the text', async () => {
    useWideScreen();
    listTaught.mockResolvedValue(pageOf([aCourse()]));
    courseAnnouncements.mockResolvedValue(ok([posted]));
    postAnnouncement.mockResolvedValue(
      fail(
        'UPDATE_COURSES_ERROR',
        'new row for relation "announcements" violates check constraint "announcements_title_check"',
      ),
    );
    const { user } = renderPage({ language: 'es' });

    const panel = await screen.findByRole('complementary', { name: 'Detalles del curso' });
    await user.click(within(panel).getByRole('button', { name: 'Anuncios' }));
    const drawer = await screen.findByRole('dialog', { name: 'Anuncios: Business Spanish' });
    await user.click(await within(drawer).findByRole('button', { name: 'Publicar anuncio' }));
    const form = await screen.findByRole('dialog', { name: 'Publicar anuncio' });
    fill(within(form).getByRole('textbox', { name: /Título/ }), 'Examen');
    fill(within(form).getByRole('textbox', { name: /Mensaje/ }), 'Trae un lápiz');
    await user.click(within(form).getByRole('button', { name: 'Publicar' }));
    expect(
      await within(form).findByText('El título debe tener texto y como máximo 200 caracteres.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Título/ })).toHaveValue('Examen');
  });
});
