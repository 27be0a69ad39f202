import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityManagementReadModel,
  activitiesService,
  classesService,
  coursesService,
  fail,
  ok,
  rubricsService,
  submissionsService,
  type ActivityTotals,
  type AppUser,
  type Course,
  type CourseClass,
  type ManagedActivity,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, teacher } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import { reachCourseFilterByKeyboard } from '../../test-support/course-filter';
import { fillTime, timeBoxes, timeShown } from '../../test-support/time-field';
import ActivitiesScreen from './activities-screen';

// The query and mutation options call these very service objects, so their functions are replaced
// in place (the unit boundary is the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.activitiesService, {
    getManaged: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    delete: vi.fn(),
  });
  Object.assign(actual.activityManagementReadModel, { get: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  Object.assign(actual.classesService, { list: vi.fn() });
  Object.assign(actual.submissionsService, { listForGrading: vi.fn() });
  Object.assign(actual.rubricsService, { list: vi.fn() });
  return actual;
});

// The screen's one read: the figures and the page together.
const loadScreen = vi.mocked(activityManagementReadModel.get);
const getActivity = vi.mocked(activitiesService.getManaged);
const createActivity = vi.mocked(activitiesService.create);
const updateActivity = vi.mocked(activitiesService.update);
const deleteActivity = vi.mocked(activitiesService.delete);
const listCourses = vi.mocked(coursesService.list);
const listClasses = vi.mocked(classesService.list);
const listSubmissions = vi.mocked(submissionsService.listForGrading);
const listRubrics = vi.mocked(rubricsService.list);

const NEXT_YEAR = new Date().getFullYear() + 1;
// Local times, so the expected texts hold in any time zone.
const upcomingDue = new Date(NEXT_YEAR, 5, 1, 23, 59);

function anActivity(overrides: Partial<ManagedActivity> = {}): ManagedActivity {
  return {
    id: 'activity-1',
    title: 'Write a formal email',
    description: 'Ask a supplier for a quote',
    type: 'assignment',
    courseId: 'course-1',
    classId: null,
    courseTitle: 'Business English',
    classTitle: null,
    dueDate: upcomingDue.toISOString(),
    maxPoints: 20,
    instructions: null,
    allowLateSubmission: false,
    isActive: true,
    recordingLimitSeconds: 180,
    createdBy: 'teacher-1',
    createdAt: '2026-01-01T00:00:00Z',
    skills: [],
    cefrLevel: null,
    rubric: null,
    rubricId: null,
    effectiveCourseId: 'course-1',
    classScheduledDate: null,
    submissionCount: 12,
    gradedCount: 5,
    ...overrides,
  };
}

const classQuiz = anActivity({
  id: 'activity-2',
  title: 'Greetings quiz',
  description: 'Ten questions',
  type: 'quiz',
  courseId: null,
  classId: 'class-1',
  courseTitle: 'Spanish for Beginners',
  classTitle: 'Greetings',
  effectiveCourseId: 'course-2',
  dueDate: new Date(2020, 0, 10, 9, 0).toISOString(),
  maxPoints: 1,
  allowLateSubmission: true,
  isActive: false,
  submissionCount: 1,
  gradedCount: 0,
});

const undated = anActivity({
  id: 'activity-3',
  title: 'Free reading log',
  description: 'Any book',
  type: 'homework',
  dueDate: null,
  submissionCount: 0,
  gradedCount: 0,
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

function aClass(id: string, title: string, courseId = 'course-2'): CourseClass {
  return {
    id,
    courseId,
    courseTitle: 'Spanish for Beginners',
    teacherId: 'teacher-1',
    title,
    description: '',
    scheduledDate: new Date(NEXT_YEAR, 2, 5, 18, 30).toISOString(),
    duration: 60,
    type: 'live',
    meetingLink: 'https://meet.example/x',
    recordingUrl: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

const STATS: ActivityTotals = { total: 40, activeCourses: 3, scheduledClasses: 9, dueThisWeek: 2 };

/** The screen's answer: the figures over every activity (STATS unless given) and one page. */
function screenOf(page: Paged<ManagedActivity>, stats: ActivityTotals = STATS) {
  return ok({ stats, page });
}

function renderPage({
  language = 'en',
  user = teacher,
  path = '/activities',
}: { language?: Language; user?: AppUser; path?: string } = {}) {
  return renderScreen(<ActivitiesScreen />, { language, user, path });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

const card = (name: string) => screen.getByRole('article', { name });

type User = ReturnType<typeof renderPage>['user'];

async function openForm(user: User) {
  // The header's button (the empty state may offer a second one).
  await user.click(screen.getAllByRole('button', { name: 'Create Activity' })[0]!);
  return screen.findByRole('dialog', { name: 'Create Activity' });
}

async function choose(user: User, dialog: HTMLElement, field: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await within(dialog).findByRole('option', { name: option }));
}

/** Sets a field's text in one change event (typing key by key only makes the test slower). */
function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

const dateField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Due date (optional)' });
const timeField = (dialog: HTMLElement) => timeBoxes(dialog, 'Due time').hours;
const submitButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Create Activity' });

beforeEach(() => {
  // Toasts live in Mantine's page-wide store: none is carried over from the previous test.
  notifications.clean();
  vi.clearAllMocks();
  loadScreen.mockReset();
  listCourses.mockReset();
  listClasses.mockReset();
  listCourses.mockResolvedValue(ok(paged(COURSES, 2, 1, 100)));
  listClasses.mockResolvedValue(ok(paged<CourseClass>([], 0, 1, 100)));
  listSubmissions.mockResolvedValue(ok(paged([], 0, 1, 20)));
  listRubrics.mockResolvedValue(ok([]));
});

describe('Activities: the list', () => {
  it('shows a loader while the activities load', async () => {
    loadScreen.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading activities…' })).toBeInTheDocument();
  });

  it("shows 'Error loading activities:' with the reason in the user's language, and Try again loads them", async () => {
    loadScreen
      .mockResolvedValueOnce(
        fail('FETCH_ACTIVITIES_ERROR', 'permission denied for function get_activity_management', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(screenOf(paged([anActivity()])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading activities:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    // One banner and one Try again for the screen's one read.
    expect(screen.getAllByText('Error loading activities:')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'Write a formal email' }),
    ).toBeInTheDocument();
    expect(loadScreen).toHaveBeenCalledTimes(2);
    expect(statValue('Total Activities')).toBe('40');
    expect(screen.queryByText('Error loading activities:')).not.toBeInTheDocument();
  });

  it('says so when there are no activities at all, and offers to create one', async () => {
    loadScreen.mockResolvedValue(
      screenOf(paged<ManagedActivity>([]), {
        total: 0,
        activeCourses: 0,
        scheduledClasses: 0,
        dueThisWeek: 0,
      }),
    );
    const { user } = renderPage();

    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Activities')).toBe('0'));
    expect(screen.getAllByRole('button', { name: 'Create Activity' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Create Activity' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Create Activity' })).toBeInTheDocument();
  });

  it('shows the server totals over every activity, and a card per activity of the page, in one request', async () => {
    // One page of three out of forty: the figures are the answer's own, not counted from the page.
    loadScreen.mockResolvedValue(screenOf(paged([anActivity(), classQuiz, undated], 40)));
    renderPage();

    const email = await screen.findByRole('article', { name: 'Write a formal email' });
    await waitFor(() => expect(statValue('Total Activities')).toBe('40'));
    expect(statValue('Active Courses')).toBe('3');
    expect(statValue('Scheduled Classes')).toBe('9');
    expect(statValue('Due This Week')).toBe('2');
    expect(screen.getByRole('heading', { name: '40 activities' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    expect(loadScreen).toHaveBeenCalledTimes(1);
    expect(loadScreen).toHaveBeenCalledWith({ page: 1, limit: 12 });
    // Nothing else is read until the course filter or a dialog asks for it.
    expect(listCourses).not.toHaveBeenCalled();
    expect(listClasses).not.toHaveBeenCalled();
    expect(listSubmissions).not.toHaveBeenCalled();

    expect(email).toHaveTextContent('Assignment');
    expect(email).toHaveTextContent('Course: Business English');
    expect(email).toHaveTextContent('20 points');
    expect(email).toHaveTextContent(`Due Jun 1, ${NEXT_YEAR} at 23:59`);
    expect(email).toHaveTextContent('12 submissions received · 5 graded');
    const due = within(email).getByText(/^Due /);
    expect(due).toHaveAttribute('datetime', upcomingDue.toISOString());
    expect(due).not.toHaveStyle({ color: 'var(--mantine-color-red-text)' });
    expect(within(email).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      'Write a formal email',
    );

    // A class activity names its class and the class's course; a past due date is red and says so.
    const quiz = card('Greetings quiz');
    expect(quiz).toHaveTextContent('Quiz');
    expect(quiz).toHaveTextContent('Class: Greetings (Spanish for Beginners)');
    expect(quiz).toHaveTextContent('1 point');
    expect(quiz).toHaveTextContent('1 submission received · 0 graded');
    expect(quiz).toHaveTextContent('Late submissions accepted');
    expect(quiz).toHaveTextContent('Hidden from students');
    const past = within(quiz).getByText(/^Past due: Jan 10, 2020 at 09:00/);
    expect(past.getAttribute('style') ?? '').toContain('red');

    expect(card('Free reading log')).toHaveTextContent('No due date');
    expect(card('Free reading log')).toHaveTextContent('Homework');
  });

  it('searches and filters by course on the server, and tells an empty result from no activities', async () => {
    loadScreen.mockImplementation(async (filters) =>
      screenOf(
        filters?.search === 'zzz' ? paged<ManagedActivity>([]) : paged([anActivity(), classQuiz]),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });

    await user.click(screen.getByRole('searchbox', { name: 'Search activities' }));
    await user.paste('  email ');
    await waitFor(() =>
      expect(loadScreen).toHaveBeenLastCalledWith({ search: 'email', page: 1, limit: 12 }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish for Beginners' }));
    await waitFor(() =>
      expect(loadScreen).toHaveBeenLastCalledWith({
        search: 'email',
        courseId: 'course-2',
        page: 1,
        limit: 12,
      }),
    );

    fill(screen.getByRole('searchbox', { name: 'Search activities' }), 'zzz');
    expect(await screen.findByText('No activities match your filters.')).toBeInTheDocument();
    expect(screen.queryByText('No activities yet')).not.toBeInTheDocument();
    // The figures stay those of every activity.
    expect(statValue('Total Activities')).toBe('40');

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(await screen.findByRole('article', { name: 'Greetings quiz' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search activities' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('All courses');
  });

  it('pages through the activities on the server, keeping the figures and the page shown while the next loads', async () => {
    let answerSecond!: (result: Awaited<ReturnType<typeof loadScreen>>) => void;
    loadScreen.mockImplementation((filters) =>
      filters?.page === 2
        ? new Promise((resolve) => (answerSecond = resolve))
        : Promise.resolve(
            screenOf(
              paged(
                Array.from({ length: 12 }, (_, i) =>
                  anActivity({ id: `a${i}`, title: `Task ${i}` }),
                ),
                13,
              ),
            ),
          ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Task 0' });
    expect(screen.getAllByRole('article')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(loadScreen).toHaveBeenLastCalledWith({ page: 2, limit: 12 }));
    // While page 2 loads, the figures and page 1 stay on screen, and no error shows.
    expect(statValue('Total Activities')).toBe('40');
    expect(screen.getByRole('article', { name: 'Task 0' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading activities:')).not.toBeInTheDocument();

    answerSecond(screenOf(paged([classQuiz], 13, 2), { ...STATS, total: 41 }));
    expect(await screen.findByRole('article', { name: 'Greetings quiz' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    // The figures come with each page.
    expect(statValue('Total Activities')).toBe('41');
    expect(loadScreen).toHaveBeenCalledTimes(2);
  });

  it('offers every course to an administrator', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
    const { user } = renderPage({ user: admin });
    await screen.findByRole('article', { name: 'Write a formal email' });
    await user.hover(screen.getByRole('combobox', { name: 'Course' }));
    await waitFor(() => expect(listCourses).toHaveBeenCalled());
    expect(listCourses.mock.calls[0]?.[0]).not.toHaveProperty('teacherId');
  });

  it('reads the course options only once the course filter is reached for, with a loader meanwhile', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity(), classQuiz])));
    let answer!: (result: Awaited<ReturnType<typeof listCourses>>) => void;
    listCourses.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    await waitFor(() => expect(statValue('Total Activities')).toBe('40'));
    expect(listCourses).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument();

    // The pointer over the filter: its options start loading before it is opened.
    const filter = screen.getByRole('combobox', { name: 'Course' });
    await user.hover(filter);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    // The teacher's own courses, by title.
    expect(listCourses).toHaveBeenCalledWith(
      expect.objectContaining({ teacherId: 'teacher-1', sortBy: 'title' }),
    );
    expect(screen.getByLabelText('Loading courses…')).toBeInTheDocument();

    answer(ok(paged(COURSES, 2, 1, 100)));
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument(),
    );
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Business English' }));
    await waitFor(() =>
      expect(loadScreen).toHaveBeenLastCalledWith({
        courseId: 'course-1',
        page: 1,
        limit: 12,
      }),
    );
    expect(filter).toHaveValue('Business English');
    expect(listCourses).toHaveBeenCalledTimes(1);
  });

  it('reads the course options when the course filter gets the keyboard focus', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    await reachCourseFilterByKeyboard(user, 'Search activities', listCourses);
  });
});

describe('Activities: the activity form', () => {
  beforeEach(() => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
  });

  it('reads the course options when the form opens, and offers them there', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    expect(listCourses).not.toHaveBeenCalled();

    const dialog = await openForm(user);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    await choose(user, dialog, 'Course', 'Spanish for Beginners');
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Spanish for Beginners',
    );
  });

  it('says why the courses could not be read in the form, and Try again reads them', async () => {
    listCourses
      .mockResolvedValueOnce(
        fail('FETCH_COURSES_ERROR', 'permission denied for table courses', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged(COURSES, 2, 1, 100)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });

    const dialog = await openForm(user);
    expect(await within(dialog).findByText('Your courses could not be loaded:')).toBeVisible();
    expect(within(dialog).getByText('You are not allowed to do this.')).toBeVisible();
    expect(within(dialog).queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await choose(user, dialog, 'Course', 'Business English');
    expect(within(dialog).queryByText('Your courses could not be loaded:')).not.toBeInTheDocument();
    expect(listCourses).toHaveBeenCalledTimes(2);
  });

  it('opens on its first field with the defaults: an assignment worth 100 points, late work off', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('data-autofocus');
    await waitFor(() => expect(title).toHaveFocus());
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('Assignment');
    expect(within(dialog).getByRole('textbox', { name: 'Max points' })).toHaveValue('100');
    expect(
      within(dialog).getByRole('switch', { name: /^Accept late submissions/ }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'A whole course' })).toBeChecked();
    // Visibility is for existing activities only.
    expect(within(dialog).queryByRole('switch', { name: /^Visible to students/ })).toBeNull();
  });

  it('names every missing field when the empty form is submitted, and clears an error on edit', async () => {
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    fill(within(dialog).getByRole('textbox', { name: 'Max points' }), '0');
    await user.click(submitButton(dialog));
    for (const message of [
      'Title is required',
      'Description is required',
      'Course is required',
      'Max points must be at least 1',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(createActivity).not.toHaveBeenCalled();

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Verbs');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();

    // A class activity needs its class instead of the course.
    await user.click(within(dialog).getByRole('radio', { name: 'One class' }));
    await user.click(submitButton(dialog));
    expect(await within(dialog).findByText('Class is required')).toBeInTheDocument();
    expect(within(dialog).queryByText('Course is required')).not.toBeInTheDocument();
  });

  it('enables the due time only after a due date, and creates with the due date as the UTC instant', async () => {
    createActivity.mockResolvedValue(ok(anActivity({ id: 'new' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Ordering food');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      '13/200',
    );
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'At the restaurant');
    await choose(user, dialog, 'Type', 'Project');
    await choose(user, dialog, 'Course', 'Spanish for Beginners');
    expect(timeField(dialog)).toBeDisabled();
    expect(timeBoxes(dialog, 'Due time').minutes).toBeDisabled();
    expect(timeField(dialog)).toHaveAccessibleDescription('Set a due date first');
    // Day first, in English as in Spanish: 5 March.
    fill(dateField(dialog), `5/3/${NEXT_YEAR}`);
    expect(dateField(dialog)).toHaveValue(`05/03/${NEXT_YEAR}`);
    expect(dateField(dialog)).toHaveAccessibleDescription('Day first, e.g. 25/03/2026');
    expect(timeField(dialog)).toBeEnabled();
    // A date brings the end of that day as its time, in 24-hour form whatever the browser's locale
    // (a native time input shows "11:59 PM" in an English browser).
    expect(timeShown(dialog, 'Due time')).toBe('23:59');
    expect(dialog.querySelector('input[type="time"]')).toBeNull();
    expect(timeField(dialog)).toHaveAccessibleDescription(
      'In your local time, 24-hour (e.g. 23:59)',
    );
    fillTime(dialog, 'Due time', '18:30');
    fill(within(dialog).getByRole('textbox', { name: 'Max points' }), '50');
    await user.click(within(dialog).getByRole('switch', { name: /^Accept late submissions/ }));
    await user.click(submitButton(dialog));

    expect(await screen.findByText('Activity created')).toBeInTheDocument();
    expect(createActivity).toHaveBeenCalledTimes(1);
    expect(createActivity).toHaveBeenCalledWith({
      title: 'Ordering food',
      description: 'At the restaurant',
      type: 'project',
      courseId: 'course-2',
      classId: null,
      dueDate: new Date(NEXT_YEAR, 2, 5, 18, 30).toISOString(),
      maxPoints: 50,
      instructions: null,
      allowLateSubmission: true,
      isActive: true,
      recordingLimitSeconds: 180,
      skills: [],
      cefrLevel: null,
      rubric: null,
      rubricId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and the figures are read again, in one request.
    await waitFor(() => expect(loadScreen).toHaveBeenCalledTimes(2));
  });

  it('sets how long a recorded answer may be, refusing what the database would', async () => {
    createActivity.mockResolvedValue(ok(anActivity({ id: 'new' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);
    // A new activity's optional section starts closed, so the dialog fits a laptop's window.
    const more = within(dialog).getByRole('button', {
      name: 'Instructions and assessment (optional): skills, level, recording, rubric',
    });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const limit = await within(dialog).findByRole('textbox', {
      name: 'Recorded answer limit (seconds)',
    });
    expect(limit).toHaveValue('180');
    expect(limit).toHaveAccessibleDescription(/30 s to 15 min\. Now 3:00\./);

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Introduce yourself');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'One minute, in Spanish');
    await choose(user, dialog, 'Course', 'Spanish for Beginners');
    fill(limit, '20');
    // Closed again before saving: the refusal opens the section to show why.
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(submitButton(dialog));
    const refusal = await within(dialog).findByText(
      'A recorded answer may be 30 to 900 seconds long (30 s to 15 min).',
    );
    await waitFor(() => expect(refusal).toBeVisible());
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(createActivity).not.toHaveBeenCalled();

    fill(limit, '90');
    expect(limit).toHaveAccessibleDescription(/Now 1:30\./);
    await user.click(submitButton(dialog));
    expect(await screen.findByText('Activity created')).toBeInTheDocument();
    expect(createActivity).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Introduce yourself', recordingLimitSeconds: 90 }),
    );
  });

  it('gives a due date the time 23:59, and refuses a date whose time was cleared or left half typed', async () => {
    createActivity.mockResolvedValue(ok(anActivity({ id: 'new' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Reading');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Chapter 1');
    await choose(user, dialog, 'Course', 'Business English');
    fill(dateField(dialog), `5/3/${NEXT_YEAR}`);
    // Half typed: the minutes deleted, the hours left. The field then reports no time at all.
    fireEvent.keyDown(timeBoxes(dialog, 'Due time').minutes, { key: 'Backspace' });
    await user.click(submitButton(dialog));

    expect(
      await within(dialog).findByText(
        'Enter the due time (24-hour, e.g. 23:59), or clear the due date.',
      ),
    ).toBeInTheDocument();
    expect(createActivity).not.toHaveBeenCalled();

    fillTime(dialog, 'Due time', '23:59');
    await user.click(submitButton(dialog));
    await screen.findByText('Activity created');
    expect(createActivity).toHaveBeenCalledWith(
      expect.objectContaining({
        dueDate: new Date(NEXT_YEAR, 2, 5, 23, 59).toISOString(),
        courseId: 'course-1',
        type: 'assignment',
        maxPoints: 100,
      }),
    );
  });

  it("sets an activity for one class of a course, from that course's classes", async () => {
    listClasses.mockImplementation(async (filters) =>
      ok(
        filters?.courseId === 'course-2'
          ? paged([aClass('class-1', 'Greetings'), aClass('class-2', 'Numbers')], 2, 1, 100)
          : paged<CourseClass>([], 0, 1, 100),
      ),
    );
    createActivity.mockResolvedValue(ok(anActivity({ id: 'new' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Numbers quiz');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'One to twenty');
    await user.click(within(dialog).getByRole('radio', { name: 'One class' }));
    expect(within(dialog).getByRole('combobox', { name: 'Class' })).toBeDisabled();

    // A course without classes offers nothing to choose: saving is disabled, and the form says why.
    await choose(user, dialog, 'Course', 'Business English');
    expect(await within(dialog).findByText(/This course has no classes yet/)).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();
    expect(listClasses).toHaveBeenLastCalledWith({ courseId: 'course-1', limit: 100 });

    await choose(user, dialog, 'Course', 'Spanish for Beginners');
    await waitFor(() => expect(submitButton(dialog)).toBeEnabled());
    await choose(user, dialog, 'Class', new RegExp(`^Numbers · Mar 5, ${NEXT_YEAR}`) as never);
    await user.click(submitButton(dialog));

    await screen.findByText('Activity created');
    expect(createActivity).toHaveBeenCalledWith(
      expect.objectContaining({ courseId: null, classId: 'class-2', title: 'Numbers quiz' }),
    );
  });

  it('cannot be submitted while the user has no course to set activities for', async () => {
    listCourses.mockResolvedValue(ok(paged<Course>([], 0, 1, 100)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    expect(
      await within(dialog).findByText('There is no course to set activities for yet.'),
    ).toBeInTheDocument();
    expect(submitButton(dialog)).toBeDisabled();
  });

  it("shows the server's refusal in the dialog and keeps everything typed", async () => {
    createActivity
      .mockResolvedValueOnce(
        fail('CREATE_ACTIVITIES_ERROR', 'permission denied for table activities', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(ok(anActivity({ id: 'new' })));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Negotiation');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Role play');
    await choose(user, dialog, 'Course', 'Business English');
    fill(dateField(dialog), `${NEXT_YEAR}-12-01`);
    fillTime(dialog, 'Due time', '09:00');
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Instructions and assessment (optional): skills, level, recording, rubric',
      }),
    );
    fill(
      await within(dialog).findByRole('textbox', { name: 'Instructions (optional)' }),
      'In pairs',
    );
    await user.click(submitButton(dialog));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The activity was not saved: You are not allowed to do this.');
    expect(alert).not.toHaveTextContent('permission denied');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Negotiation');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Role play');
    expect(dateField(dialog)).toHaveValue(`01/12/${NEXT_YEAR}`);
    expect(timeShown(dialog, 'Due time')).toBe('09:00');
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Business English',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Instructions (optional)' })).toHaveValue(
      'In pairs',
    );

    await user.click(submitButton(dialog));
    expect(await screen.findByText('Activity created')).toBeInTheDocument();
    expect(createActivity).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: 'Negotiation', instructions: 'In pairs' }),
    );
  });

  it('says which limit a refused save broke', async () => {
    createActivity.mockResolvedValue(
      fail(
        'CREATE_ACTIVITIES_ERROR',
        'new row for relation "activities" violates check constraint "activities_max_points_limit"',
        { code: '23514' },
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });
    const dialog = await openForm(user);
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Big');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'x');
    await choose(user, dialog, 'Course', 'Business English');
    await user.click(submitButton(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Max points must be a whole number from 1 to 9999.',
    );
  });

  it('Edit opens the form filled with the activity and saves the changes', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity(), classQuiz])));
    listClasses.mockResolvedValue(ok(paged([aClass('class-1', 'Greetings')], 1, 1, 100)));
    updateActivity.mockResolvedValue(ok(classQuiz));
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Greetings quiz' })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Activity' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Greetings quiz');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('Quiz');
    expect(within(dialog).getByRole('radio', { name: 'One class' })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Spanish for Beginners',
    );
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('combobox', { name: 'Class' }) as HTMLInputElement).value,
      ).toMatch(/^Greetings · /),
    );
    // 10 January 2020, day first.
    expect(dateField(dialog)).toHaveValue('10/01/2020');
    expect(timeShown(dialog, 'Due time')).toBe('09:00');
    expect(within(dialog).getByRole('textbox', { name: 'Max points' })).toHaveValue('1');
    expect(within(dialog).getByRole('switch', { name: /^Accept late submissions/ })).toBeChecked();
    const visible = within(dialog).getByRole('switch', { name: /^Visible to students/ });
    expect(visible).not.toBeChecked();

    fill(within(dialog).getByRole('textbox', { name: 'Max points' }), '10');
    await user.click(visible);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Activity updated')).toBeInTheDocument();
    expect(updateActivity).toHaveBeenCalledWith('activity-2', {
      title: 'Greetings quiz',
      description: 'Ten questions',
      type: 'quiz',
      courseId: null,
      classId: 'class-1',
      // Left as it was: the exact due instant is kept.
      dueDate: classQuiz.dueDate,
      maxPoints: 10,
      instructions: null,
      allowLateSubmission: true,
      isActive: true,
      recordingLimitSeconds: 180,
      skills: [],
      cefrLevel: null,
      rubric: null,
      rubricId: null,
    });
    expect(createActivity).not.toHaveBeenCalled();
  });

  it('opens the form from a link (a dashboard Quick Action)', async () => {
    renderPage({ path: '/activities?new=1' });
    expect(await screen.findByRole('dialog', { name: 'Create Activity' })).toBeInTheDocument();
  });
});

describe('Activities: deleting', () => {
  it('asks first, deletes on confirmation and says so', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity(), classQuiz])));
    deleteActivity.mockResolvedValue(ok(null));
    const { user } = renderPage();

    const target = await screen.findByRole('article', { name: 'Greetings quiz' });
    await user.click(within(target).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Greetings quiz' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this activity?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteActivity).not.toHaveBeenCalled();

    await user.click(within(card('Greetings quiz')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Greetings quiz' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Activity deleted')).toBeInTheDocument();
    expect(deleteActivity).toHaveBeenCalledWith('activity-2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why a delete failed', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
    deleteActivity.mockResolvedValue(
      fail('DELETE_ACTIVITIES_ERROR', 'permission denied for table activities', { code: '42501' }),
    );
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Write a formal email' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // The confirmation stays open and says why.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The activity was not deleted: You are not allowed to do this.',
    );
    expect(alert).not.toHaveTextContent('permission denied');
    expect(screen.getByRole('dialog', { name: 'Delete Write a formal email' })).toBeVisible();
    expect(card('Write a formal email')).toBeInTheDocument();

    // Delete tries again from the same dialog.
    deleteActivity.mockResolvedValue(ok(null));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Activity deleted')).toBeInTheDocument();
    expect(deleteActivity).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Activities in Spanish', () => {
  it('speaks Spanish', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity(), classQuiz])));
    const { user } = renderPage({ language: 'es' });

    const email = await screen.findByRole('article', { name: 'Write a formal email' });
    expect(screen.getByRole('group', { name: 'Total de actividades' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Cursos activos' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Clases programadas' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Vencen esta semana' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 actividades' })).toBeInTheDocument();
    expect(email).toHaveTextContent('Trabajo');
    expect(email).toHaveTextContent('20 puntos');
    expect(email).toHaveTextContent('12 entregas recibidas · 5 calificadas');
    expect(within(email).getByRole('button', { name: 'Ver entregas' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Crear actividad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crear actividad' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear actividad' }));
    expect(await within(dialog).findByText('Título requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Curso requerido')).toBeInTheDocument();
    // Day first, as in English.
    fill(
      within(dialog).getByRole('textbox', { name: 'Fecha de entrega (opcional)' }),
      `5/3/${NEXT_YEAR}`,
    );
    expect(
      within(dialog).getByRole('textbox', { name: 'Fecha de entrega (opcional)' }),
    ).toHaveValue(`05/03/${NEXT_YEAR}`);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(email).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText(/¿Seguro que quieres eliminar esta actividad\?/),
    ).toBeInTheDocument();
  });
});

describe('Activities: opening submissions by link', () => {
  it("opens an activity's submissions from a link, reading the activity by id", async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
    getActivity.mockResolvedValue(ok(classQuiz));
    renderPage({ path: '/activities?activity=activity-2' });

    expect(
      await screen.findByRole('dialog', { name: 'Submissions: Greetings quiz' }),
    ).toBeInTheDocument();
    expect(getActivity).toHaveBeenCalledWith('activity-2');
    expect(listSubmissions).toHaveBeenCalledWith({ activityId: 'activity-2', page: 1, limit: 20 });
    // Grading picks no course: the course options stay unread.
    expect(listCourses).not.toHaveBeenCalled();
  });

  it('says so when the linked activity is gone', async () => {
    loadScreen.mockResolvedValue(screenOf(paged([anActivity()])));
    getActivity.mockResolvedValue(ok(null));
    renderPage({ path: '/activities?activity=gone' });

    const dialog = await screen.findByRole('dialog', { name: 'Submissions' });
    expect(
      await within(dialog).findByText('This activity no longer exists, or you cannot see it.'),
    ).toBeInTheDocument();
  });
});
