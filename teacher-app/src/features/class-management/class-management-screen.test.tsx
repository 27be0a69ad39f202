import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  classManagementReadModel,
  classesService,
  coursesService,
  fail,
  ok,
  type ClassWithAttendance,
} from '@portal/shared-data';
import {
  COURSES,
  NEXT_YEAR,
  aClass,
  ended,
  fill,
  loaded,
  openForm,
  paged,
  renderPage,
  upcomingStart,
  type PageUser,
} from '../../test-support/class-management';
import { reachCourseFilterByKeyboard } from '../../test-support/course-filter';
import { admin, teacher } from '../../test-support/fixtures';
import { fillTime, timeShown } from '../../test-support/time-field';

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
const deleteClass = vi.mocked(classesService.delete);
const listCourses = vi.mocked(coursesService.list);

/** The list opens on today's and later classes: from local midnight. */
const now = new Date();
const FROM_TODAY = new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();

const recorded = aClass({
  id: 'class-2',
  title: 'Grammar review',
  description: 'The past tenses, recorded',
  courseId: 'course-2',
  courseTitle: 'Spanish for Beginners',
  type: 'recorded',
  meetingLink: null,
  recordingUrl: 'https://video.example/grammar',
  duration: 45,
});

/** A teacher asks for their own courses' classes; an administrator for every class. */
const TEACHER_ID = teacher.id;

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

const card = (name: string) => screen.getByRole('article', { name });

async function chooseCourse(user: PageUser, dialog: HTMLElement, title: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Course' }));
  await user.click(await within(dialog).findByRole('option', { name: title }));
}

beforeEach(() => {
  // Toasts live in Mantine's page-wide store: none is carried over from the previous test.
  notifications.clean();
  vi.clearAllMocks();
  loadScreen.mockReset();
  listCourses.mockReset();
  listCourses.mockResolvedValue(ok(paged(COURSES, 2, 1, 100)));
});

describe('Class Management', () => {
  it('shows a loader while the classes load', async () => {
    loadScreen.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading classes…' })).toBeInTheDocument();
  });

  it("shows 'Error loading classes:' with the reason in the user's language, and Try again loads them", async () => {
    loadScreen
      .mockResolvedValueOnce(
        fail('FETCH_CLASSES_ERROR', 'permission denied for table classes', { code: '42501' }),
      )
      .mockResolvedValueOnce(loaded(paged([aClass()])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading classes:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'Pitching to investors' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Classes')).toBe('40'));
    expect(loadScreen).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Error loading classes:')).not.toBeInTheDocument();
  });

  it('says so when there are no classes at all, and offers to schedule one', async () => {
    loadScreen.mockResolvedValue(
      loaded(paged<ClassWithAttendance>([]), { total: 0, live: 0, recorded: 0, totalHours: 0 }),
    );
    const { user } = renderPage();

    expect(await screen.findByText('No upcoming classes')).toBeInTheDocument();
    expect(screen.queryByText('No classes match your filters.')).not.toBeInTheDocument();
    await waitFor(() => expect(statValue('Total Classes')).toBe('0'));
    expect(screen.getAllByRole('button', { name: 'Schedule Class' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Schedule Class' })[1]!);
    expect(await screen.findByRole('dialog', { name: 'Schedule Class' })).toBeInTheDocument();
  });

  it('shows the server totals over every class, and a card per class of the page', async () => {
    // One page of three out of forty: the figures are the server's, not counted from the page.
    loadScreen.mockResolvedValue(
      loaded(paged([aClass(), recorded, ended], 40), {
        total: 52,
        live: 30,
        recorded: 22,
        totalHours: 51,
      }),
    );
    renderPage();

    const live = await screen.findByRole('article', { name: 'Pitching to investors' });
    await waitFor(() => expect(statValue('Total Classes')).toBe('52'));
    expect(statValue('Live Classes')).toBe('30');
    expect(statValue('Recorded Classes')).toBe('22');
    expect(statValue('Total Hours')).toBe('51');
    expect(screen.getByRole('heading', { name: '40 classes' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 4')).toBeInTheDocument();
    // The figures and the page are one request.
    expect(loadScreen).toHaveBeenCalledTimes(1);
    expect(loadScreen).toHaveBeenCalledWith({
      teacherId: TEACHER_ID,
      dateFrom: FROM_TODAY,
      page: 1,
      limit: 12,
    });
    // That request is the whole load: the course options wait until wanted.
    expect(listCourses).not.toHaveBeenCalled();

    expect(live).toHaveTextContent('Live');
    expect(live).toHaveTextContent('Business English');
    expect(live).toHaveTextContent('Short pitches and feedback');
    expect(live).toHaveTextContent(`Dec 1, ${NEXT_YEAR} · 14:05`);
    expect(live).toHaveTextContent('90 min');
    const join = within(live).getByRole('link', { name: 'Join Class' });
    expect(join).toHaveAttribute('href', 'https://meet.example/pitch');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    expect(within(live).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription(
      'Pitching to investors',
    );

    const recordedCard = card('Grammar review');
    expect(recordedCard).toHaveTextContent('Recorded');
    expect(recordedCard).toHaveTextContent('Spanish for Beginners');
    expect(recordedCard).toHaveTextContent('45 min');
    expect(within(recordedCard).queryByRole('link')).not.toBeInTheDocument();

    // A live class that has ended offers no Join.
    const over = card('Kick-off meeting');
    expect(over).toHaveTextContent('Jan 10, 2020 · 09:00');
    expect(within(over).queryByRole('link', { name: 'Join Class' })).not.toBeInTheDocument();
  });

  it('searches and filters by course on the server, and tells an empty result from no classes', async () => {
    loadScreen.mockImplementation(async (filters) =>
      loaded(
        filters?.search === 'zzz' ? paged<ClassWithAttendance>([]) : paged([aClass(), recorded]),
      ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    // Pasted in one event: the search waits for typing to pause anyway.
    await user.click(screen.getByRole('searchbox', { name: 'Search classes' }));
    await user.paste('  pitch ');
    await waitFor(() =>
      expect(loadScreen).toHaveBeenLastCalledWith({
        teacherId: TEACHER_ID,
        search: 'pitch',
        dateFrom: FROM_TODAY,
        page: 1,
        limit: 12,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish for Beginners' }));
    await waitFor(() =>
      expect(loadScreen).toHaveBeenLastCalledWith({
        teacherId: TEACHER_ID,
        search: 'pitch',
        courseId: 'course-2',
        dateFrom: FROM_TODAY,
        page: 1,
        limit: 12,
      }),
    );

    fill(screen.getByRole('searchbox', { name: 'Search classes' }), 'zzz');
    expect(await screen.findByText('No classes match your filters.')).toBeInTheDocument();
    expect(screen.queryByText('No upcoming classes')).not.toBeInTheDocument();
    // The figures stay those of every class.
    expect(statValue('Total Classes')).toBe('40');

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(await screen.findByRole('article', { name: 'Grammar review' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search classes' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('All courses');
  });

  it('pages through the classes on the server', async () => {
    let secondPage!: (result: Awaited<ReturnType<typeof loadScreen>>) => void;
    loadScreen.mockImplementation((filters) =>
      filters?.page === 2
        ? new Promise((resolve) => (secondPage = resolve))
        : Promise.resolve(
            loaded(
              paged(
                Array.from({ length: 12 }, (_, i) => aClass({ id: `c${i}`, title: `Lesson ${i}` })),
                13,
              ),
            ),
          ),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Lesson 0' });
    expect(screen.getAllByRole('article')).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    // While the next page loads, the figures and the shown page stay.
    await waitFor(() => expect(loadScreen).toHaveBeenCalledTimes(2));
    expect(statValue('Total Classes')).toBe('40');
    expect(statValue('Total Hours')).toBe('51');
    expect(card('Lesson 0')).toBeInTheDocument();

    secondPage(loaded(paged([recorded], 13, 2)));
    expect(await screen.findByRole('article', { name: 'Grammar review' })).toBeInTheDocument();
    expect(statValue('Total Classes')).toBe('40');
    expect(loadScreen).toHaveBeenLastCalledWith({
      teacherId: TEACHER_ID,
      dateFrom: FROM_TODAY,
      page: 2,
      limit: 12,
    });
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('offers every course to an administrator', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage({ user: admin });
    await screen.findByRole('article', { name: 'Pitching to investors' });
    await user.hover(screen.getByRole('combobox', { name: 'Course' }));
    await waitFor(() => expect(listCourses).toHaveBeenCalled());
    expect(listCourses.mock.calls[0]?.[0]).not.toHaveProperty('teacherId');
    // The classes too: every class, not those of one teacher's courses.
    expect(loadScreen.mock.calls[0]?.[0]?.teacherId).toBeUndefined();
  });

  it('reads the course options only once the course filter is reached for, with a loader meanwhile', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass(), recorded])));
    let answer!: (result: Awaited<ReturnType<typeof listCourses>>) => void;
    listCourses.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    await waitFor(() => expect(statValue('Total Classes')).toBe('40'));
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
        teacherId: TEACHER_ID,
        courseId: 'course-1',
        dateFrom: FROM_TODAY,
        page: 1,
        limit: 12,
      }),
    );
    expect(filter).toHaveValue('Business English');
    expect(listCourses).toHaveBeenCalledTimes(1);
  });

  it('reads the course options when the course filter gets the keyboard focus', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    await reachCourseFilterByKeyboard(user, 'Search classes', listCourses);
  });

  it('reads the course options when the schedule form opens, and offers them there', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(listCourses).not.toHaveBeenCalled();

    const dialog = await openForm(user);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    await chooseCourse(user, dialog, 'Spanish for Beginners');
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Spanish for Beginners',
    );
  });

  it('says why the courses could not be read in the schedule form, and Try again reads them', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    listCourses
      .mockResolvedValueOnce(
        fail('FETCH_COURSES_ERROR', 'permission denied for table courses', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok(paged(COURSES, 2, 1, 100)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    const dialog = await openForm(user);
    expect(await within(dialog).findByText('Your courses could not be loaded:')).toBeVisible();
    expect(within(dialog).getByText('You are not allowed to do this.')).toBeVisible();
    expect(within(dialog).queryByText(/permission denied/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await chooseCourse(user, dialog, 'Business English');
    expect(within(dialog).queryByText('Your courses could not be loaded:')).not.toBeInTheDocument();
    expect(listCourses).toHaveBeenCalledTimes(2);
  });

  it('names every missing field when the empty form is submitted, and clears an error on edit', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    const dialog = await openForm(user);
    const courseField = within(dialog).getByRole('combobox', { name: 'Course' });
    expect(courseField).toHaveAttribute('data-autofocus');
    await waitFor(() => expect(courseField).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    for (const message of [
      'Course is required',
      'Title is required',
      'Description is required',
      'Date is required',
      'Time is required',
      'Meeting link is required for live classes',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(createClass).not.toHaveBeenCalled();

    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Verbs');
    expect(within(dialog).queryByText('Title is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();

    // A recorded class needs no link: its field becomes the optional recording link.
    await user.click(within(dialog).getByRole('radio', { name: 'Recorded' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    expect(
      within(dialog).queryByText('Meeting link is required for live classes'),
    ).not.toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Recording link (optional)' }),
    ).toBeVisible();
  });

  it('schedules a live class at the local date and time, then closes and says so', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    createClass.mockResolvedValue(ok([aClass({ id: 'new' })]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    const dialog = await openForm(user);
    await chooseCourse(user, dialog, 'Spanish for Beginners');
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Ordering food');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      '13/200',
    );
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'At the restaurant');
    fill(within(dialog).getByRole('textbox', { name: 'Date' }), `5/3/${NEXT_YEAR}`);
    fillTime(dialog, 'Time', '18:30');
    fill(within(dialog).getByRole('textbox', { name: 'Duration (minutes)' }), '90');
    fill(
      within(dialog).getByRole('textbox', { name: 'Meeting link' }),
      'https://meet.example/food',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));

    expect(await screen.findByText('Class scheduled')).toBeInTheDocument();
    expect(createClass).toHaveBeenCalledTimes(1);
    expect(createClass).toHaveBeenCalledWith([
      {
        courseId: 'course-2',
        title: 'Ordering food',
        description: 'At the restaurant',
        scheduledDate: new Date(NEXT_YEAR, 2, 5, 18, 30).toISOString(),
        duration: 90,
        type: 'live',
        meetingLink: 'https://meet.example/food',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list and the figures are read again, together.
    await waitFor(() => expect(loadScreen).toHaveBeenCalledTimes(2));
  });

  it('schedules a weekly series in one request, after checking the number of weeks', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    createClass.mockImplementation(async (inputs) =>
      ok(inputs.map((input, i) => aClass({ id: `s${i}`, scheduledDate: input.scheduledDate }))),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    const dialog = await openForm(user);
    await chooseCourse(user, dialog, 'Business English');
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Conversation club');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Weekly practice');
    fill(within(dialog).getByRole('textbox', { name: 'Date' }), `5/3/${NEXT_YEAR}`);
    fillTime(dialog, 'Time', '18:30');
    fill(within(dialog).getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example/c');
    // Not offered as a field until asked for.
    expect(within(dialog).queryByRole('textbox', { name: /Number of weeks/ })).toBeNull();
    await user.click(within(dialog).getByRole('switch', { name: /Repeat weekly/ }));
    const weeks = within(dialog).getByRole('textbox', { name: /Number of weeks/ });
    expect(weeks).toHaveValue('4');

    fill(weeks, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    expect(await within(dialog).findByText('Choose from 2 to 26 weeks')).toBeInTheDocument();
    expect(createClass).not.toHaveBeenCalled();

    fill(weeks, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    expect(await screen.findByText('3 weekly classes scheduled')).toBeInTheDocument();
    expect(createClass).toHaveBeenCalledTimes(1);
    const [series] = createClass.mock.calls[0]!;
    expect(series.map((input) => input.scheduledDate)).toEqual([
      new Date(NEXT_YEAR, 2, 5, 18, 30).toISOString(),
      new Date(NEXT_YEAR, 2, 12, 18, 30).toISOString(),
      new Date(NEXT_YEAR, 2, 19, 18, 30).toISOString(),
    ]);
    expect(new Set(series.map((input) => input.title))).toEqual(new Set(['Conversation club']));
  });

  it('shows the attendance of classes that have started, read with the page itself', async () => {
    loadScreen.mockResolvedValue(
      loaded(
        paged([
          aClass({
            attendance: { classId: 'class-1', rosterCount: 5, attendedCount: 0, attendanceRate: 0 },
          }),
          {
            ...ended,
            attendance: {
              classId: 'class-3',
              rosterCount: 8,
              attendedCount: 6,
              attendanceRate: 75,
            },
          },
        ]),
      ),
    );
    renderPage();

    const past = await screen.findByRole('article', { name: 'Kick-off meeting' });
    expect(
      await within(past).findByText('Attendance rate: 6 of 8 present (75%)'),
    ).toBeInTheDocument();
    expect(within(past).getByRole('button', { name: 'Attendance' })).toBeInTheDocument();
    // Not started yet: nobody could have attended, and there is nothing to mark.
    const future = card('Pitching to investors');
    expect(within(future).queryByText(/Attendance rate/)).toBeNull();
    expect(within(future).queryByRole('button', { name: 'Attendance' })).toBeNull();
    // No request waits for the page: the figures and the page come in one; no course options yet.
    expect(loadScreen).toHaveBeenCalledTimes(1);
    expect(listCourses).not.toHaveBeenCalled();
  });

  it('opens the schedule form on arrival from a Quick Action link', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    renderPage({ path: '/classes?new=1' });
    expect(await screen.findByRole('dialog', { name: 'Schedule Class' })).toBeInTheDocument();
  });

  it('Escape in the date picker closes the picker only; the typed title stays, and closing then asks first (issue 29)', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });
    const dialog = await openForm(user);
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Pitch practice');

    await user.click(within(dialog).getByRole('textbox', { name: 'Date' }));
    expect(await screen.findByRole('button', { name: 'Next month' })).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument(),
    );
    // Nothing else answered that Escape: no question, the dialog and the title are there.
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Schedule Class' })).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Pitch practice');

    // The next Escape would close the dialog: with something typed, it asks first (the kit's
    // FormModal test goes through every way of closing).
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    expect(createClass).not.toHaveBeenCalled();
  });

  it('does not offer a series when editing one class', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Pitching to investors' })).getByRole(
        'button',
        { name: 'Edit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    expect(within(dialog).queryByRole('switch', { name: /Repeat weekly/ })).toBeNull();
  });

  it('switches to past classes, latest first, with their own empty state', async () => {
    loadScreen.mockImplementation(async (filters) =>
      loaded(filters?.order === 'desc' ? paged<ClassWithAttendance>([]) : paged([aClass()])),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    await user.click(screen.getByRole('radio', { name: 'Past' }));
    expect(await screen.findByText('No past classes')).toBeInTheDocument();
    expect(loadScreen).toHaveBeenLastCalledWith({
      teacherId: TEACHER_ID,
      dateTo: new Date(new Date(FROM_TODAY).getTime() - 1).toISOString(),
      order: 'desc',
      page: 1,
      limit: 12,
    });
  });

  it("shows the server's refusal in the dialog and keeps everything typed", async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    createClass
      .mockResolvedValueOnce(
        fail('CREATE_CLASSES_ERROR', 'permission denied for table classes', { code: '42501' }),
      )
      .mockResolvedValueOnce(ok([aClass({ id: 'new' })]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Pitching to investors' });

    const dialog = await openForm(user);
    await chooseCourse(user, dialog, 'Business English');
    fill(within(dialog).getByRole('textbox', { name: 'Title' }), 'Negotiation');
    fill(within(dialog).getByRole('textbox', { name: 'Description' }), 'Role play');
    fill(within(dialog).getByRole('textbox', { name: 'Date' }), `2026-12-01`);
    fillTime(dialog, 'Time', '09:00');
    await user.click(within(dialog).getByRole('radio', { name: 'Recorded' }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The class was not saved: You are not allowed to do this.');
    expect(alert).not.toHaveTextContent('permission denied');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Negotiation');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Role play');
    expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue('01/12/2026');
    expect(timeShown(dialog, 'Time')).toBe('09:00');
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Business English',
    );
    expect(within(dialog).getByRole('radio', { name: 'Recorded' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Schedule Class' }));
    expect(await screen.findByText('Class scheduled')).toBeInTheDocument();
    expect(createClass).toHaveBeenLastCalledWith([
      expect.objectContaining({ title: 'Negotiation', type: 'recorded', meetingLink: null }),
    ]);
  });

  it('Edit opens the form filled with the class and saves the changes', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass(), recorded])));
    updateClass.mockResolvedValue(ok(aClass({ title: 'Pitching, part 2' })));
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Pitching to investors' })).getByRole(
        'button',
        { name: 'Edit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Class' });
    expect(within(dialog).getByRole('combobox', { name: 'Course' })).toHaveValue(
      'Business English',
    );
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Pitching to investors');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Short pitches and feedback',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Date' })).toHaveValue(`01/12/${NEXT_YEAR}`);
    expect(timeShown(dialog, 'Time')).toBe('14:05');
    expect(within(dialog).getByRole('textbox', { name: 'Duration (minutes)' })).toHaveValue('90');
    expect(within(dialog).getByRole('radio', { name: 'Live' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Meeting link' })).toHaveValue(
      'https://meet.example/pitch',
    );

    fill(title, 'Pitching, part 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Class updated')).toBeInTheDocument();
    expect(updateClass).toHaveBeenCalledWith('class-1', {
      courseId: 'course-1',
      title: 'Pitching, part 2',
      description: 'Short pitches and feedback',
      // Left as it was: the exact start is kept.
      scheduledDate: upcomingStart.toISOString(),
      duration: 90,
      type: 'live',
      meetingLink: 'https://meet.example/pitch',
    });
    expect(createClass).not.toHaveBeenCalled();
  });

  it('Delete asks first, deletes on confirmation and says so', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass(), recorded])));
    deleteClass.mockResolvedValue(ok(null));
    const { user } = renderPage();

    const target = await screen.findByRole('article', { name: 'Grammar review' });
    await user.click(within(target).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Grammar review' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this class?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteClass).not.toHaveBeenCalled();

    await user.click(within(card('Grammar review')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Grammar review' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Class deleted')).toBeInTheDocument();
    expect(deleteClass).toHaveBeenCalledWith('class-2');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says why a delete failed', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass()])));
    deleteClass.mockResolvedValue(
      fail('DELETE_CLASSES_ERROR', 'permission denied for table classes', { code: '42501' }),
    );
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Pitching to investors' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Pitching to investors' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    // The confirmation stays open and says why.
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The class was not deleted: You are not allowed to do this.');
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete Pitching to investors' })).toBeVisible();
    expect(card('Pitching to investors')).toBeInTheDocument();

    // Delete tries again from the same dialog.
    deleteClass.mockResolvedValue(ok(null));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Class deleted')).toBeInTheDocument();
    expect(deleteClass).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('speaks Spanish', async () => {
    loadScreen.mockResolvedValue(loaded(paged([aClass(), recorded])));
    const { user } = renderPage({ language: 'es' });

    const live = await screen.findByRole('article', { name: 'Pitching to investors' });
    expect(screen.getByRole('group', { name: 'Total de clases' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Clases en vivo' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Clases grabadas' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Horas totales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 clases' })).toBeInTheDocument();
    expect(live).toHaveTextContent('En vivo');
    expect(live).toHaveTextContent(`1 dic ${NEXT_YEAR} · 14:05`);
    expect(within(live).getByRole('link', { name: 'Unirse a la clase' })).toBeInTheDocument();
    expect(within(live).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(card('Grammar review')).toHaveTextContent('Grabada');

    await user.click(screen.getByRole('button', { name: 'Programar clase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Programar clase' });
    await user.click(within(dialog).getByRole('button', { name: 'Programar clase' }));
    expect(await within(dialog).findByText('Curso requerido')).toBeInTheDocument();
    expect(
      within(dialog).getByText('El enlace de la reunión es obligatorio para las clases en vivo'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(live).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('¿Seguro que quieres eliminar esta clase?')).toBeInTheDocument();
  });
});
