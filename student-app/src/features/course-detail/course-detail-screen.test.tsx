import { act, screen, waitFor, within } from '@testing-library/react';
import {
  announcementsService,
  billingService,
  classesService,
  courseDetailReadModel,
  courseDetailState,
  dispatchOpenCourseDetail,
  gradebookReadModel,
  paths,
  reviewsService,
  waitingListService,
  type Announcement,
  type AppUser,
  type CourseDetail,
  type CourseDetailClass,
  type Gradebook,
  type Material,
  type Paged,
  type Result,
  type Review,
} from '@portal/shared-data';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAnnouncementsLive } from '@portal/shared-data/queries';
import { renderScreen } from '../../test-support/render-screen';
import CourseDetailScreen from './course-detail-screen';

// The query options and hooks call these objects from inside shared-data, so the test replaces
// their functions in place (the unit boundary is the read model and the services).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.courseDetailReadModel.get = vi.fn();
  actual.courseDetailReadModel.getClassPage = vi.fn();
  actual.courseDetailReadModel.listReviews = vi.fn();
  actual.courseDetailReadModel.getScheduledTime = vi.fn();
  actual.reviewsService.saveMine = vi.fn();
  actual.reviewsService.deleteMine = vi.fn();
  actual.classesService.markAttendance = vi.fn();
  actual.announcementsService.forCourse = vi.fn();
  // My grades: the student's own row of the gradebook.
  actual.gradebookReadModel.get = vi.fn();
  // The waiting list panel (its own tests: course-waiting-panel.test.tsx).
  // Held seats (payment before the seat): none unless a test says so.
  actual.billingService.mySeatHolds = vi.fn(() =>
    Promise.resolve({ success: true as const, data: [] }),
  );
  actual.billingService.cardPaymentAvailability = vi.fn(() =>
    Promise.resolve({ success: true as const, data: { available: false } }),
  );
  actual.waitingListService.mine = vi.fn(() =>
    Promise.resolve({ success: true as const, data: [] }),
  );
  return actual;
});
// The live subscriptions need the data client's socket (their own test: shared-data's
// use-live-invalidation.test.ts); here the page asks for them for the course and the viewer.
vi.mock('@portal/shared-data/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared-data/queries')>()),
  useAnnouncementsLive: vi.fn(),
  useWaitingListLive: vi.fn(),
}));

const getDetail = vi.mocked(courseDetailReadModel.get);
const getClassPage = vi.mocked(courseDetailReadModel.getClassPage);
const listReviews = vi.mocked(courseDetailReadModel.listReviews);
const getScheduledTime = vi.mocked(courseDetailReadModel.getScheduledTime);
const saveMine = vi.mocked(reviewsService.saveMine);
const deleteMine = vi.mocked(reviewsService.deleteMine);
const markAttendance = vi.mocked(classesService.markAttendance);
const courseAnnouncements = vi.mocked(announcementsService.forCourse);
const announcementsLive = vi.mocked(useAnnouncementsLive);
const getGradebook = vi.mocked(gradebookReadModel.get);

const COURSE_ID = 'c0a5e000-0000-4000-8000-000000000002';
const NOW = new Date('2025-03-12T15:00:00Z');
const minutesFromNow = (minutes: number) =>
  new Date(NOW.getTime() + minutes * 60_000).toISOString();

function person(overrides: Partial<AppUser> = {}): AppUser {
  return {
    id: 'student-1',
    email: 'emma@school.test',
    firstName: 'Emma',
    lastName: 'Collins',
    role: 'student',
    avatar: null,
    createdAt: '2025-01-01T00:00:00Z',
    lastLogin: null,
    previousLogin: null,
    phone: null,
    location: null,
    bio: null,
    isActive: true,
    ...overrides,
  };
}

function aClass(n: number, overrides: Partial<CourseDetailClass> = {}): CourseDetailClass {
  return {
    id: `class-${n}`,
    courseId: COURSE_ID,
    title: `Clase ${n}`,
    description: `Topic ${n}`,
    scheduledDate: minutesFromNow(60 * 24 * 7 * n),
    duration: 90,
    type: 'live',
    meetingLink: 'https://meet.example.org/business',
    recordingUrl: null,
    ...overrides,
  };
}

function classPage(items: CourseDetailClass[], total: number, page = 1): Paged<CourseDetailClass> {
  return { items, total, page, limit: 5, totalPages: Math.ceil(total / 5) };
}

const material: Material = {
  id: 'material-1',
  title: 'Negotiation phrases',
  type: 'pdf',
  url: '1700-k3j9.pdf',
  storagePath: '1700-k3j9.pdf',
  mimeType: 'application/pdf',
  fileSize: 20480,
  courseId: COURSE_ID,
  courseTitle: 'Business Spanish',
  language: 'ES',
  skill: 'grammar',
  uploadedBy: 'Daniel Ortega',
  uploadedById: 'teacher-1',
  uploadedAt: '2025-02-10T08:00:00Z',
};

function detail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    course: {
      id: COURSE_ID,
      title: 'Business Spanish',
      description: 'Run a meeting and negotiate terms.',
      language: 'Spanish',
      category: 'business',
      level: 'intermediate',
      duration: 10,
      teacherId: 'teacher-1',
      teacherName: 'Daniel Ortega',
      price: 449,
      thumbnailUrl: null,
      isActive: true,
      enrolledCount: 6,
      maxStudents: 15,
      createdAt: '2025-01-01T00:00:00Z',
    },
    enrollment: {
      id: 'enrollment-1',
      status: 'active',
      progress: 17.86,
      enrolledAt: '2025-02-01T00:00:00Z',
    },
    materials: [material],
    classes: classPage(
      [1, 2, 3, 4, 5].map((n) => aClass(n)),
      7,
    ),
    ...overrides,
  };
}

function review(overrides: Partial<Review> = {}): Review {
  return {
    id: 'review-1',
    courseId: COURSE_ID,
    studentId: 'student-2',
    studentName: 'Olivia Smith',
    rating: 5,
    comment: 'I can order coffee now!',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}

const ok = <T,>(data: T): Result<T> => ({ success: true, data });

function LocationProbe() {
  return (
    <>
      <p data-testid="location">{useLocation().pathname}</p>
      <Link to={paths.courseDetail(COURSE_ID)}>Open the course</Link>
      <Link to={paths.courseDetail(COURSE_ID)} state={courseDetailState(paths.students)}>
        Open it from My Students
      </Link>
      <Link to={paths.courseDetail(COURSE_ID)} state={{ from: '//elsewhere.example/x' }}>
        Open it from elsewhere
      </Link>
    </>
  );
}

function renderPage({
  path = paths.courseDetail(COURSE_ID),
  language = 'en',
  user = person(),
}: { path?: string; language?: 'en' | 'es'; user?: AppUser | null } = {}) {
  return renderScreen(
    <Routes>
      <Route path={paths.courseDetailPattern} element={<CourseDetailScreen />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { path, language, user },
  );
}

// Links open in a new tab in a browser; the test's DOM would try to navigate, so the default action
// is dropped.
const stopNavigation = (event: MouseEvent) => {
  if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  for (const mock of [
    getDetail,
    getClassPage,
    listReviews,
    getScheduledTime,
    saveMine,
    deleteMine,
    markAttendance,
    courseAnnouncements,
    getGradebook,
  ]) {
    mock.mockReset();
  }
  courseAnnouncements.mockResolvedValue(ok([]));
  getGradebook.mockResolvedValue(ok(null));
  announcementsLive.mockClear();
  getDetail.mockResolvedValue(ok(detail()));
  listReviews.mockResolvedValue(
    ok([
      review(),
      review({
        id: 'review-2',
        studentId: 'student-3',
        studentName: 'Amelia Taylor',
        rating: 4,
        comment: null,
      }),
    ]),
  );
  getScheduledTime.mockResolvedValue(ok({ classCount: 14, hours: 21 }));
  document.addEventListener('click', stopNavigation);
});

afterEach(() => {
  vi.useRealTimers();
  document.removeEventListener('click', stopNavigation);
});

describe('Course detail: the course', () => {
  it('shows a loader, then the course card from three requests', async () => {
    let answer: (result: Result<CourseDetail | null>) => void = () => {};
    getDetail.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();

    expect(screen.getByRole('status', { name: 'Loading course…' })).toBeInTheDocument();
    answer(ok(detail()));

    const card = within(await screen.findByRole('region', { name: 'Business Spanish' }));
    expect(card.getByRole('heading', { level: 2, name: 'Business Spanish' })).toBeInTheDocument();
    expect(card.getByText('Run a meeting and negotiate terms.')).toBeInTheDocument();
    const facts = within(card.getByLabelText('Course details'));
    expect(facts.getByText('Spanish')).toBeInTheDocument();
    expect(facts.getByText('Intermediate')).toBeInTheDocument();
    expect(await facts.findByText('21 hours over 10 weeks')).toBeInTheDocument();
    expect(facts.getByText('Daniel Ortega')).toBeInTheDocument();
    expect(facts.getByText('6 / 15 students')).toBeInTheDocument();
    expect(card.getByText('18%')).toBeInTheDocument();
    expect(card.getByText('Enrolled')).toBeInTheDocument();

    expect(getDetail).toHaveBeenCalledTimes(1);
    expect(getDetail).toHaveBeenCalledWith(COURSE_ID);
    expect(listReviews).toHaveBeenCalledTimes(1);
    expect(getScheduledTime).toHaveBeenCalledTimes(1);
    expect(getClassPage).not.toHaveBeenCalled();
  });

  it('shows the duration in weeks while the course has no classes', async () => {
    getScheduledTime.mockResolvedValue(ok({ classCount: 0, hours: 0 }));
    renderPage();
    expect(await screen.findByText('10 weeks')).toBeInTheDocument();
  });

  it("says 'Course not found.'; Back goes to My Courses when the page was opened directly", async () => {
    getDetail.mockResolvedValue(ok(null));
    const { user } = renderPage({ path: paths.courseDetail('not-a-course') });

    expect(await screen.findByText('Course not found.')).toBeInTheDocument();
    expect(getDetail).toHaveBeenCalledWith('not-a-course');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.myCourses);
  });

  it('goes back where the viewer came from', async () => {
    const { user } = renderPage({ path: paths.catalog });
    await user.click(screen.getByRole('link', { name: 'Open the course' }));
    await screen.findByRole('heading', { level: 2, name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.catalog);
  });

  it('goes back to the screen the link named, whatever came before', async () => {
    const { user } = renderPage({ path: paths.calendar });
    await user.click(screen.getByRole('link', { name: 'Open it from My Students' }));
    await screen.findByRole('heading', { level: 2, name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.students);
  });

  it('never follows a link state that leaves the site', async () => {
    const { user } = renderPage({ path: paths.catalog });
    await user.click(screen.getByRole('link', { name: 'Open it from elsewhere' }));
    await screen.findByRole('heading', { level: 2, name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(paths.catalog);
  });

  it.each([
    ['teacher', paths.myCourses],
    ['admin', paths.courses],
  ] as const)(
    "opened directly by a %s, Back goes to that role's course list (%s)",
    async (role, expected) => {
      const { user } = renderPage({ user: person({ id: `${role}-1`, role }) });
      await screen.findByRole('heading', { level: 2, name: 'Business Spanish' });

      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${expected}$`));
    },
  );

  it("shows 'Error loading course info' with a translated message; Try again loads again", async () => {
    getDetail.mockResolvedValueOnce({
      success: false,
      error: {
        code: 'FETCH_COURSES_ERROR',
        message: 'permission denied for function get_course_detail',
      },
    });
    const { user } = renderPage();

    const title = await screen.findByText('Error loading course info');
    expect(title.parentElement).toHaveTextContent(
      'Error loading course info The data could not be loaded. Please try again.',
    );
    expect(title.parentElement).not.toHaveTextContent('permission denied');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Business Spanish' }),
    ).toBeInTheDocument();
    expect(getDetail).toHaveBeenCalledTimes(2);
  });

  it('opens another course when the window event names it', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Business Spanish' });
    const other = 'c0a5e000-0000-4000-8000-000000000003';
    getDetail.mockResolvedValue(
      ok(detail({ course: { ...detail().course, id: other, title: 'Conversational Spanish' } })),
    );

    act(() => dispatchOpenCourseDetail(other));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Conversational Spanish' }),
    ).toBeInTheDocument();
    expect(getDetail).toHaveBeenLastCalledWith(other);
  });

  it('tells a student who is not enrolled that enrolling shows the classes, with the way to enroll', async () => {
    getDetail.mockResolvedValue(
      ok(detail({ enrollment: null, materials: [], classes: classPage([], 0) })),
    );
    getScheduledTime.mockResolvedValue(ok({ classCount: 26, hours: 39 }));
    renderPage();

    expect(
      await screen.findByText(
        'Only actively enrolled students see the classes and materials of a course.',
      ),
    ).toBeInTheDocument();
    const materials = within(screen.getByRole('region', { name: 'Course Materials' }));
    expect(materials.getByText('Enroll in this course to see its materials.')).toBeInTheDocument();
    expect(materials.queryByText('This course has no materials yet.')).not.toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'Classes' }));
    expect(
      await section.findByText('This course has 26 classes. Enroll to see them and join.'),
    ).toBeInTheDocument();
    expect(section.queryByText('No classes scheduled for this course.')).not.toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Enroll from the Course Catalog' })).toHaveAttribute(
      'href',
      paths.catalog,
    );
  });

  describe('a full course (issue 30): the Classes block says what the seat state is', () => {
    const full = () =>
      detail({
        course: { ...detail().course, enrolledCount: 15, maxStudents: 15 },
        enrollment: null,
        materials: [],
        classes: classPage([], 0),
      });
    const waitingEntry = {
      id: 'entry-1',
      courseId: COURSE_ID,
      courseTitle: 'Business Spanish',
      joinedAt: '2025-03-01T09:00:00Z',
      position: 2,
    };

    it.each([
      [
        'en',
        'Classes',
        'You are on the waiting list. When a seat frees up, you are enrolled automatically and the classes appear here.',
        'Enroll from the Course Catalog',
      ],
      [
        'es',
        'Clases',
        'Estás en la lista de espera. Cuando se libere una plaza, tu inscripción se hará automáticamente y las clases aparecerán aquí.',
        'Inscribirse desde el Catálogo de cursos',
      ],
    ] as const)(
      'a student in line hears they will be enrolled, with no way to the catalog (%s)',
      async (language, classes, text, catalog) => {
        vi.mocked(waitingListService.mine).mockResolvedValue(ok([waitingEntry]));
        getDetail.mockResolvedValue(ok(full()));
        getScheduledTime.mockResolvedValue(ok({ classCount: 26, hours: 39 }));
        renderPage({ language });
        const section = within(await screen.findByRole('region', { name: classes }));
        expect(await section.findByText(text)).toBeInTheDocument();
        expect(section.queryByRole('link', { name: catalog })).not.toBeInTheDocument();
      },
    );

    it.each([
      [
        'en',
        'Classes',
        'This course is full. Join its waiting list to be enrolled when a seat frees up.',
        'Enroll from the Course Catalog',
      ],
      [
        'es',
        'Clases',
        'Este curso está completo. Apúntate a su lista de espera para inscribirte cuando se libere una plaza.',
        'Inscribirse desde el Catálogo de cursos',
      ],
    ] as const)(
      'a student not in line hears the course is full (%s)',
      async (language, classes, text, catalog) => {
        vi.mocked(waitingListService.mine).mockResolvedValue(ok([]));
        getDetail.mockResolvedValue(ok(full()));
        getScheduledTime.mockResolvedValue(ok({ classCount: 26, hours: 39 }));
        renderPage({ language });
        const section = within(await screen.findByRole('region', { name: classes }));
        expect(await section.findByText(text)).toBeInTheDocument();
        expect(section.queryByRole('link', { name: catalog })).not.toBeInTheDocument();
      },
    );
  });

  it('tells a student who dropped the course why its materials are not shown', async () => {
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: { ...detail().enrollment!, status: 'dropped' },
          materials: [],
          classes: classPage([], 0),
        }),
      ),
    );
    renderPage();

    const materials = within(await screen.findByRole('region', { name: 'Course Materials' }));
    expect(
      materials.getByText(
        'You dropped this course, so its materials are no longer shown to you. Enroll again from the Course Catalog to see them.',
      ),
    ).toBeInTheDocument();
    expect(materials.queryByText('This course has no materials yet.')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'You dropped this course. Only actively enrolled students see its classes and materials.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a student whose seat is held for its payment until when, and not that they dropped it', async () => {
    vi.mocked(billingService.mySeatHolds).mockResolvedValueOnce(
      ok([
        {
          id: 'hold-1',
          courseId: COURSE_ID,
          courseTitle: 'Business Spanish',
          heldUntil: '2026-12-03T18:00:00Z',
          invoiceId: 'invoice-1',
          invoiceNumber: '2026-000042',
          amountDue: 120,
          currency: 'EUR',
          timeZone: 'UTC',
        },
      ]),
    );
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: { ...detail().enrollment!, status: 'dropped' },
          materials: [],
          classes: classPage([], 0),
        }),
      ),
    );
    renderPage();

    const panel = within(await screen.findByRole('region', { name: 'Seat held' }));
    expect(await panel.findByText(/Seat held until Dec 3, 2026, 18:00/)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'See the invoice in Billing' })).toHaveAttribute(
      'href',
      paths.billing,
    );
    expect(screen.getByText(/Your seat is held until its invoice is paid/)).toBeInTheDocument();
    expect(screen.queryByText(/You dropped this course/)).not.toBeInTheDocument();
  });

  it('says the same in Spanish to a student who completed the course', async () => {
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: { ...detail().enrollment!, status: 'completed' },
          materials: [],
          classes: classPage([], 0),
        }),
      ),
    );
    renderPage({ language: 'es' });
    const materials = within(await screen.findByRole('region', { name: 'Materiales del curso' }));
    expect(
      materials.getByText(
        'Completaste este curso: sus materiales solo se muestran a quienes están inscritos.',
      ),
    ).toBeInTheDocument();
  });

  it('says enrolling shows the classes even when their number cannot be seen', async () => {
    getDetail.mockResolvedValue(ok(detail({ enrollment: null, classes: classPage([], 0) })));
    getScheduledTime.mockResolvedValue(ok({ classCount: 0, hours: 0 }));
    renderPage({ language: 'es' });
    const section = within(await screen.findByRole('region', { name: 'Clases' }));
    expect(
      section.getByText('Inscríbete en este curso para ver sus clases y unirte a ellas.'),
    ).toBeInTheDocument();
    expect(
      section.getByRole('link', { name: 'Inscribirse desde el Catálogo de cursos' }),
    ).toBeInTheDocument();
  });
});

describe('Course detail: people whose profile is gone', () => {
  it('names the teacher, the uploader and the reviewer in the student language', async () => {
    const base = detail();
    getDetail.mockResolvedValue(
      ok(
        detail({
          course: { ...base.course, teacherName: null },
          materials: [{ ...material, uploadedBy: null }],
        }),
      ),
    );
    listReviews.mockResolvedValue(ok([review({ studentName: null })]));
    renderPage({ language: 'es' });

    const card = within(await screen.findByRole('region', { name: 'Business Spanish' }));
    expect(
      within(card.getByLabelText('Detalles del curso')).getByText('Desconocido'),
    ).toBeInTheDocument();
    const materials = within(screen.getByRole('region', { name: 'Materiales del curso' }));
    expect(materials.getByText('Desconocido')).toBeInTheDocument();
    const reviews = within(screen.getByRole('region', { name: 'Reseñas' }));
    expect(await reviews.findByText('Desconocido')).toBeInTheDocument();
    expect(screen.queryByText('Unknown')).not.toBeInTheDocument();
  });
});

function myGradebook(): Gradebook {
  return {
    course: { id: COURSE_ID, title: 'Business Spanish', gradeWeights: {} },
    activities: [
      {
        id: 'a1',
        title: 'Quiz 1',
        type: 'quiz',
        maxPoints: 10,
        dueDate: '2025-03-01T10:00:00Z',
        classId: null,
      },
      {
        id: 'a2',
        title: 'Essay',
        type: 'assignment',
        maxPoints: 20,
        dueDate: '2025-03-02T10:00:00Z',
        classId: null,
      },
      {
        id: 'a3',
        title: 'Talk',
        type: 'presentation',
        maxPoints: 5,
        dueDate: '2025-03-03T10:00:00Z',
        classId: null,
      },
      {
        id: 'a4',
        title: 'Project',
        type: 'project',
        maxPoints: 50,
        dueDate: '2025-04-01T10:00:00Z',
        classId: null,
      },
    ],
    students: [
      {
        id: 'student-1',
        firstName: 'Emma',
        lastName: 'Collins',
        name: 'Emma Collins',
        email: 'emma@school.test',
        enrollmentStatus: 'active',
        earned: 9,
        possible: 30,
        total: 30,
        cells: [
          { grade: 9, state: 'graded', late: true },
          { grade: null, state: 'missing', late: false },
          { grade: null, state: 'submitted', late: false },
          { grade: null, state: 'open', late: false },
        ],
      },
    ],
  };
}

describe('Course detail: my grades', () => {
  it('shows the student their own row: each activity marked in words, and their total', async () => {
    getGradebook.mockResolvedValue(ok(myGradebook()));
    renderPage();
    expect(await screen.findByText('Your total: 30 %')).toBeInTheDocument();
    const section = within(screen.getByRole('region', { name: 'My grades' }));
    const items = section.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Quiz 1');
    expect(items[0]).toHaveTextContent('9 / 10');
    expect(items[0]).toHaveTextContent('Late');
    expect(items[1]).toHaveTextContent('Missing');
    expect(items[2]).toHaveTextContent('Submitted');
    expect(items[3]).toHaveTextContent('Not yet due');
    expect(getGradebook).toHaveBeenCalledWith(COURSE_ID);
  });

  it('says when there is nothing yet, in Spanish', async () => {
    getGradebook.mockResolvedValue(ok({ ...myGradebook(), activities: [] }));
    renderPage({ language: 'es' });
    expect(await screen.findByText('Todavía no hay actividades')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Mis notas' })).toHaveTextContent(
      'Todavía no hay actividades',
    );
  });

  it('is not shown to a teacher', async () => {
    renderPage({ user: person({ id: 'teacher-1', role: 'teacher' }) });
    await screen.findByRole('region', { name: 'Business Spanish' });
    expect(screen.queryByRole('region', { name: 'My grades' })).not.toBeInTheDocument();
    expect(getGradebook).not.toHaveBeenCalled();
  });
});

describe('Course detail: materials', () => {
  it('lists the course materials with filters, View and Download', async () => {
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Course Materials' }));

    expect(section.getByRole('heading', { name: 'Negotiation phrases' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'View Negotiation phrases' })).toBeInTheDocument();
    expect(
      section.getByRole('button', { name: 'Download Negotiation phrases' }),
    ).toBeInTheDocument();

    await user.selectOptions(section.getByRole('combobox', { name: 'Language' }), 'EN');
    expect(section.getByText('No materials found.')).toBeInTheDocument();
    await user.selectOptions(section.getByRole('combobox', { name: 'Language' }), 'ES');
    await user.selectOptions(section.getByRole('combobox', { name: 'Skill' }), 'grammar');
    await user.type(section.getByRole('searchbox', { name: 'Search materials' }), 'negotiation');
    expect(section.getByRole('heading', { name: 'Negotiation phrases' })).toBeInTheDocument();
  });
});

function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'announcement-1',
    courseId: COURSE_ID,
    courseTitle: null,
    title: 'Exam on Friday',
    body: '# Bring\n\n- a **pencil**\n- <script>alert(1)</script>',
    pinned: false,
    emailed: false,
    createdAt: '2025-03-10T09:00:00Z',
    updatedAt: '2025-03-10T09:00:00Z',
    ...overrides,
  };
}

describe('Course detail: announcements', () => {
  it('shows the course’s announcements as the read orders them (pinned first), Markdown drawn safely, live', async () => {
    courseAnnouncements.mockResolvedValue(
      ok([
        announcement({ id: 'pinned', title: 'Read this first', pinned: true, body: 'Rules' }),
        announcement(),
      ]),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'Announcements' });
    const items = await within(section).findAllByRole('article');
    // Each article's first heading is its title.
    expect(items.map((item) => within(item).getAllByRole('heading')[0]?.textContent)).toEqual([
      'Read this first',
      'Exam on Friday',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Pinned')).toBeInTheDocument();
    const exam = items[1] as HTMLElement;
    expect(await within(exam).findByText('pencil')).toHaveProperty('tagName', 'STRONG');
    expect(exam.querySelector('script')).toBeNull();
    expect(within(exam).queryByText(/alert/)).not.toBeInTheDocument();
    expect(courseAnnouncements).toHaveBeenCalledWith(COURSE_ID);
    expect(announcementsLive).toHaveBeenCalledWith(
      `course:${COURSE_ID}`,
      ['announcements', 'course', COURSE_ID],
      'student-1',
    );
  });

  it('says there are none in Spanish, to a student who completed the course', async () => {
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: {
            id: 'e',
            status: 'completed',
            progress: 100,
            enrolledAt: '2025-01-01T00:00:00Z',
          },
        }),
      ),
    );
    renderPage({ language: 'es' });
    const section = await screen.findByRole('region', { name: 'Anuncios' });
    expect(await within(section).findByText('Todavía no hay anuncios.')).toBeInTheDocument();
  });

  it('is not offered to a student who dropped the course or never enrolled', async () => {
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: {
            id: 'e',
            status: 'dropped',
            progress: 10,
            enrolledAt: '2025-01-01T00:00:00Z',
          },
        }),
      ),
    );
    const dropped = renderPage();
    expect(await screen.findByRole('region', { name: 'Course Materials' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    dropped.unmount();
    getDetail.mockResolvedValue(ok(detail({ enrollment: null })));
    renderPage();
    expect(await screen.findByRole('region', { name: 'Course Materials' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
    expect(courseAnnouncements).not.toHaveBeenCalled();
  });
});

describe('Course detail: classes', () => {
  it('shows 5 classes a page; Next asks the read model for page 2 only', async () => {
    getClassPage.mockResolvedValue(
      ok(classPage([aClass(6), aClass(7, { type: 'recorded', meetingLink: null })], 7, 2)),
    );
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Classes' }));

    expect(section.getAllByRole('article')).toHaveLength(5);
    expect(section.getByText('7 classes')).toBeInTheDocument();
    expect(section.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(section.getByRole('button', { name: 'Next' }));

    expect(await section.findByRole('heading', { name: 'Clase 7' })).toBeInTheDocument();
    expect(section.getAllByRole('article')).toHaveLength(2);
    expect(section.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(getClassPage).toHaveBeenCalledWith(COURSE_ID, 2);
    expect(getDetail).toHaveBeenCalledTimes(1);
    expect(listReviews).toHaveBeenCalledTimes(1);
    const recorded = within(
      section.getByRole('heading', { name: 'Clase 7' }).closest('article') as HTMLElement,
    );
    expect(recorded.getByText('Recorded')).toBeInTheDocument();
    expect(recorded.queryByRole('link')).not.toBeInTheDocument();
  });

  it("keeps the course card when a page fails: 'Error loading classes', then Try again", async () => {
    getClassPage.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_CLASSES_ERROR', message: 'permission denied for table classes' },
    });
    getClassPage.mockResolvedValueOnce(ok(classPage([aClass(6), aClass(7)], 7, 2)));
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Classes' }));

    await user.click(section.getByRole('button', { name: 'Next' }));

    const title = await section.findByText('Error loading classes');
    expect(title.parentElement).toHaveTextContent(
      'Error loading classes The data could not be loaded. Please try again.',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Business Spanish' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading course info')).not.toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('heading', { name: 'Clase 6' })).toBeInTheDocument();
    expect(getClassPage).toHaveBeenNthCalledWith(2, COURSE_ID, 2);
  });

  it("says 'No classes scheduled for this course.' when there are none", async () => {
    getDetail.mockResolvedValue(ok(detail({ classes: classPage([], 0) })));
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Classes' }));
    expect(section.getByText('No classes scheduled for this course.')).toBeInTheDocument();
    expect(section.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks Spanish: Anterior, Siguiente, Página x de y and the back button', async () => {
    renderPage({ language: 'es' });
    const section = within(await screen.findByRole('region', { name: 'Clases' }));

    expect(section.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
    expect(section.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
    expect(await screen.findByText('21 horas en 10 semanas')).toBeInTheDocument();
  });

  it('Join Now opens the meeting and records attendance; a failure is only a notice', async () => {
    const soon = aClass(1, { title: 'Starting now', scheduledDate: minutesFromNow(-10) });
    const later = aClass(2, { title: 'Next week' });
    getDetail.mockResolvedValue(ok(detail({ classes: classPage([soon, later], 2) })));
    markAttendance.mockResolvedValue({
      success: false,
      error: { code: 'MARK_ATTENDANCE_ERROR', message: 'Too late to join' },
    });
    const { user } = renderPage();

    const joinNow = await screen.findByRole('link', { name: 'Join Now: Starting now' });
    expect(joinNow).toHaveAttribute('href', 'https://meet.example.org/business');
    expect(joinNow).toHaveAttribute('target', '_blank');
    await user.click(joinNow);

    expect(markAttendance).toHaveBeenCalledWith({
      classId: 'class-1',
      userId: 'student-1',
      attended: true,
    });
    expect(
      await screen.findByText(
        'You joined Starting now, but your attendance could not be recorded: The changes could not be saved. Please try again.',
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Join: Next week' }));
    expect(markAttendance).toHaveBeenCalledTimes(1);
  });

  it('offers no Join for a class that has ended', async () => {
    const ended = aClass(1, { title: 'Yesterday', scheduledDate: minutesFromNow(-24 * 60) });
    getDetail.mockResolvedValue(ok(detail({ classes: classPage([ended], 1) })));
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Classes' }));
    expect(section.getByRole('heading', { name: 'Yesterday' })).toBeInTheDocument();
    expect(section.queryByRole('link', { name: /Join/ })).not.toBeInTheDocument();
  });

  it('does not record attendance for teachers', async () => {
    getDetail.mockResolvedValue(
      ok(
        detail({
          enrollment: null,
          classes: classPage([aClass(1, { scheduledDate: minutesFromNow(5) })], 1),
        }),
      ),
    );
    const { user } = renderPage({ user: person({ id: 'teacher-1', role: 'teacher' }) });

    await user.click(await screen.findByRole('link', { name: 'Join Now: Clase 1' }));
    expect(markAttendance).not.toHaveBeenCalled();
  });
});

describe('Course detail: reviews', () => {
  it('shows the average rating and the other students’ reviews', async () => {
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));

    expect(await section.findByText('4.5 out of 5')).toBeInTheDocument();
    expect(section.getByText('(2 reviews)')).toBeInTheDocument();
    expect(section.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(section.getByText('Olivia Smith')).toBeInTheDocument();
    expect(section.getByText('I can order coffee now!')).toBeInTheDocument();
    expect(section.getByText('Amelia Taylor')).toBeInTheDocument();
  });

  it("says there are no ratings yet, and shows 'Error loading reviews:' with Try again", async () => {
    listReviews.mockResolvedValueOnce({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'permission denied for view course_review_list' },
    });
    listReviews.mockResolvedValueOnce(ok([]));
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));

    expect(await section.findByText('Error loading reviews:')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Try again' }));

    expect(await section.findByText('No ratings yet')).toBeInTheDocument();
    expect(section.getByText('No reviews yet.')).toBeInTheDocument();
  });

  it('lets an enrolled student rate once; a failed save keeps what was typed', async () => {
    const saved = review({
      id: 'review-9',
      studentId: 'student-1',
      studentName: 'Emma Collins',
      rating: 4,
      comment: 'Clear and useful',
    });
    saveMine.mockResolvedValueOnce({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'new row violates row-level security policy' },
    });
    saveMine.mockResolvedValueOnce(ok(saved));
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    await section.findByText('Rate this course');

    await user.click(section.getByRole('button', { name: 'Submit review' }));
    expect(section.getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(saveMine).not.toHaveBeenCalled();

    await user.click(section.getByRole('radio', { name: '4 stars' }));
    expect(section.queryByText('Choose a rating from 1 to 5 stars.')).not.toBeInTheDocument();
    expect(section.getByText('0/2000')).toBeInTheDocument();
    await user.type(
      section.getByRole('textbox', { name: 'Comment (optional)' }),
      'Clear and useful',
    );
    expect(section.getByText('16/2000')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Submit review' }));

    const failure = await section.findByText(/Your review could not be saved:/);
    expect(failure).not.toHaveTextContent('row-level security');
    expect(section.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue(
      'Clear and useful',
    );
    expect(section.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');

    // Saved: the reviews are read again and include the student's own.
    listReviews.mockResolvedValue(
      ok([
        saved,
        review(),
        review({
          id: 'review-2',
          studentId: 'student-3',
          studentName: 'Amelia Taylor',
          rating: 4,
          comment: null,
        }),
      ]),
    );
    await user.click(section.getByRole('button', { name: 'Submit review' }));

    expect(await section.findByText('Your review')).toBeInTheDocument();
    expect(saveMine).toHaveBeenLastCalledWith({
      courseId: COURSE_ID,
      studentId: 'student-1',
      rating: 4,
      comment: 'Clear and useful',
    });
    expect(section.getByText('Clear and useful')).toBeInTheDocument();
    expect(section.getByText('(3 reviews)')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
    expect(screen.getByText('Thank you! Your review is saved.')).toBeInTheDocument();
  });

  it('lets the student edit and delete their review', async () => {
    const mine = review({
      id: 'review-9',
      studentId: 'student-1',
      studentName: 'Emma Collins',
      rating: 3,
      comment: 'Okay',
    });
    const edited = { ...mine, rating: 5, comment: 'Better than okay' };
    listReviews.mockResolvedValue(ok([mine, review()]));
    saveMine.mockImplementation(async () => {
      listReviews.mockResolvedValue(ok([edited, review()]));
      return ok(edited);
    });
    deleteMine.mockImplementation(async () => {
      listReviews.mockResolvedValue(ok([review()]));
      return ok(null);
    });
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));

    expect(await section.findByText('Your review')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Edit review' }));
    const comment = section.getByRole('textbox', { name: 'Comment (optional)' });
    expect(comment).toHaveValue('Okay');
    await user.click(section.getByRole('radio', { name: '5 stars' }));
    await user.clear(comment);
    await user.type(comment, 'Better than okay');
    await user.click(section.getByRole('button', { name: 'Save changes' }));

    expect(await section.findByText('Better than okay')).toBeInTheDocument();
    expect(section.getByText('5 out of 5')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Delete review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));

    await waitFor(() => expect(deleteMine).toHaveBeenCalledWith(COURSE_ID, 'student-1'));
    expect(await section.findByText('Rate this course')).toBeInTheDocument();
    expect(section.getByText('(1 review)')).toBeInTheDocument();
  });

  it('keeps the delete confirmation open with the reason when the delete is refused', async () => {
    const mine = review({ id: 'review-9', studentId: 'student-1', studentName: 'Emma Collins' });
    listReviews.mockResolvedValue(ok([mine]));
    deleteMine.mockResolvedValueOnce({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'permission denied', details: { code: '42501' } },
    });
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    await user.click(await section.findByRole('button', { name: 'Delete review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete review' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/not allowed/i);
    expect(screen.queryByText('permission denied')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete your review?' })).toBeInTheDocument();
  });

  it('offers a student who completed the course the review form', async () => {
    getDetail.mockResolvedValue(
      ok(detail({ enrollment: { ...detail().enrollment!, status: 'completed' } })),
    );
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(await section.findByText('Rate this course')).toBeInTheDocument();
  });

  it('offers a student who dropped the course no review form, and says why', async () => {
    getDetail.mockResolvedValue(
      ok(detail({ enrollment: { ...detail().enrollment!, status: 'dropped' } })),
    );
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(
      await section.findByText(
        'You dropped this course, so you can no longer review it. Students who are taking it or have completed it can.',
      ),
    ).toBeInTheDocument();
    expect(section.queryByText('Rate this course')).not.toBeInTheDocument();
    expect(section.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(section.getByText('Olivia Smith')).toBeInTheDocument();
  });

  it('shows a dropped student their older review, to delete but no longer to edit', async () => {
    getDetail.mockResolvedValue(
      ok(detail({ enrollment: { ...detail().enrollment!, status: 'dropped' } })),
    );
    const mine = review({
      id: 'review-9',
      studentId: 'student-1',
      studentName: 'Emma Collins',
      comment: 'Written while enrolled',
    });
    listReviews.mockResolvedValue(ok([mine, review()]));
    renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    expect(await section.findByText('Your review')).toBeInTheDocument();
    expect(section.getByText('Written while enrolled')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Delete review' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Edit review' })).not.toBeInTheDocument();
  });

  it('says why when the database refuses the review (the student dropped meanwhile)', async () => {
    saveMine.mockResolvedValue({
      success: false,
      error: {
        code: 'QUERY_ERROR',
        message: 'Only students who are taking or have completed this course can review it',
        details: { code: '42501' },
      },
    });
    const { user } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    await section.findByText('Rate this course');
    await user.click(section.getByRole('radio', { name: '4 stars' }));
    await user.click(section.getByRole('button', { name: 'Submit review' }));
    expect(
      await section.findByText(
        /Only students who are taking this course or have completed it can review it/,
      ),
    ).toBeInTheDocument();
    expect(section.getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
  });

  it('offers no review form to a teacher', async () => {
    renderPage({ user: person({ id: 'teacher-1', role: 'teacher' }) });
    const section = within(await screen.findByRole('region', { name: 'Reviews' }));
    await section.findByText('Olivia Smith');
    expect(section.queryByText('Rate this course')).not.toBeInTheDocument();
    expect(section.queryByRole('radiogroup')).not.toBeInTheDocument();
  });
});
