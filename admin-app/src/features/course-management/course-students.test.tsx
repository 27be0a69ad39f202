import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  courseManagementReadModel,
  coursesService,
  fail,
  officeBillingService,
  ok,
  paths,
  usersService,
  waitingListService,
  type AppUser,
  type Course,
  type Enrollment,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse, aPerson } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import CourseManagementScreen from './course-management-screen';
import { PICKER_HIDE_AFTER_ADD_MS } from './student-picker-modal';

// The card's back (enrolled students, Remove) and the user picker (search, Add): the unit boundary
// is the service, whose functions are replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.coursesService, {
    list: vi.fn(),
    listEnrollments: vi.fn(),
    enroll: vi.fn(),
    removeStudent: vi.fn(),
  });
  Object.assign(actual.courseManagementReadModel, { stats: vi.fn() });
  Object.assign(actual.usersService, { list: vi.fn() });
  Object.assign(actual.waitingListService, { forCourse: vi.fn() });
  Object.assign(actual.officeBillingService, { courseSeatHolds: vi.fn() });
  return actual;
});

const listCourses = vi.mocked(coursesService.list);
const managementStats = vi.mocked(courseManagementReadModel.stats);
const listEnrollments = vi.mocked(coursesService.listEnrollments);
const enroll = vi.mocked(coursesService.enroll);
const removeStudent = vi.mocked(coursesService.removeStudent);
const listUsers = vi.mocked(usersService.list);
const courseWaitingList = vi.mocked(waitingListService.forCourse);
const courseSeatHolds = vi.mocked(officeBillingService.courseSeatHolds);

function paged<T>(items: T[], total = items.length, limit = 12): Paged<T> {
  return { items, total, page: 1, limit, totalPages: Math.ceil(total / limit) };
}

const lena = aPerson();
const omar = aPerson({
  id: 'student-2',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@school.test',
});
const nameless = aPerson({ id: 'student-3', firstName: '', lastName: '', email: 'x@school.test' });

function enrollmentOf(student: AppUser | null, userId = student?.id ?? 'gone'): Enrollment {
  return {
    id: `enrollment-${userId}`,
    courseId: 'course-1',
    userId,
    status: 'active',
    progress: 40,
    enrolledAt: '2026-02-01T10:00:00Z',
    createdAt: '2026-02-01T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    student: student && {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
      avatar: null,
    },
  };
}

function renderPage(course: Course = aCourse(), language: Language = 'en') {
  listCourses.mockResolvedValue(ok(paged([course])));
  return renderScreen(<CourseManagementScreen />, {
    language,
    path: paths.courses,
    route: paths.courses,
  });
}

const card = (title = 'Business Spanish') => screen.findByRole('article', { name: title });

/** Remove on the card's back, then the confirmation's own Remove (issue 29: it asks first). */
async function removeOmar(user: ReturnType<typeof renderPage>['user'], language: Language = 'en') {
  const en = language === 'en';
  await user.click(
    await screen.findByRole('button', {
      name: en
        ? 'Remove Omar Haddad from Business Spanish'
        : 'Quitar a Omar Haddad de Business Spanish',
    }),
  );
  const dialog = await screen.findByRole('dialog', {
    name: en
      ? 'Remove Omar Haddad from Business Spanish?'
      : '¿Quitar a Omar Haddad de Business Spanish?',
  });
  await user.click(within(dialog).getByRole('button', { name: en ? 'Remove' : 'Quitar' }));
  return dialog;
}

async function openPicker(user: ReturnType<typeof renderPage>['user'], title?: string) {
  await user.click(within(await card(title)).getByRole('button', { name: 'Add student' }));
  return screen.findByRole('dialog', { name: 'Select user' });
}

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  managementStats.mockResolvedValue(
    ok({
      totalCourses: 1,
      activeCourses: 1,
      totalStudents: 1,
      totalRevenue: 0,
      currency: 'EUR',
      languages: [],
    }),
  );
  listEnrollments.mockReset();
  listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(omar)], 1, 30)));
  listUsers.mockReset();
  listUsers.mockResolvedValue(ok(paged([lena, omar], 2, 100)));
  enroll.mockReset();
  removeStudent.mockReset();
  courseWaitingList.mockReset();
  courseWaitingList.mockResolvedValue(ok([]));
  courseSeatHolds.mockReset();
  courseSeatHolds.mockResolvedValue(ok([]));
});

/** A stand-in for Web Animations that records the turns. */
function mockAnimate() {
  const animate = vi.fn();
  Object.defineProperty(HTMLElement.prototype, 'animate', {
    value: animate,
    configurable: true,
    writable: true,
  });
  return animate;
}

afterEach(() => {
  vi.useRealTimers();
  delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
});

describe('the course card', () => {
  it('turns over to the enrolled students, read in one request bounded by the places, and back', async () => {
    listEnrollments.mockResolvedValue(
      ok(paged([enrollmentOf(omar), enrollmentOf(nameless), enrollmentOf(null, 'gone')], 3, 30)),
    );
    const { user } = renderPage();
    const front = await card();
    expect(within(front).queryByText('Enrolled students')).not.toBeInTheDocument();

    const turn = within(front).getByRole('button', { name: 'View students' });
    await user.click(turn);
    const back = await card();
    expect(within(back).getByRole('heading', { name: 'Enrolled students' })).toBeInTheDocument();
    const list = await within(back).findByRole('list', { name: 'Enrolled students' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Omar Haddad');
    expect(rows[0]).toHaveTextContent('omar@school.test');
    // A student without a name, or whose profile is gone, is named 'Unknown', never by an id.
    expect(rows[1]).toHaveTextContent('Unknown');
    expect(rows[2]).toHaveTextContent('Unknown');
    expect(
      within(back).getByRole('button', { name: 'Remove Omar Haddad from Business Spanish' }),
    ).toBeInTheDocument();
    expect(listEnrollments).toHaveBeenCalledTimes(1);
    expect(listEnrollments).toHaveBeenCalledWith({
      courseId: 'course-1',
      status: 'active',
      limit: 30,
    });

    // Only the face in view exists: the front's buttons are gone, not merely hidden.
    expect(within(back).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(back).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // The focus follows the turn to the button that turns the card back.
    const turnBack = within(back).getByRole('button', { name: 'Back to course' });
    await waitFor(() => expect(turnBack).toHaveFocus());

    await user.click(turnBack);
    const frontAgain = await card();
    expect(within(frontAgain).queryByText('Enrolled students')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(frontAgain).getByRole('button', { name: 'View students' })).toHaveFocus(),
    );
    expect(within(frontAgain).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('marks the seats held for their payment under the students, in English and Spanish', async () => {
    courseSeatHolds.mockResolvedValue(
      ok([
        {
          id: 'hold-1',
          studentId: 'student-9',
          studentName: 'Lena Fischer',
          studentEmail: 'lena@school.test',
          heldUntil: '2026-12-03T18:00:00Z',
          invoiceNumber: '2026-000042',
        },
      ]),
    );
    const { user } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    const held = await screen.findByRole('region', { name: '1 seat held for payment' });
    expect(within(held).getByText('Lena Fischer')).toBeInTheDocument();
    expect(within(held).getByText('Seat held')).toBeInTheDocument();
    expect(within(held).getByText(/Held until .+ · invoice 2026-000042/)).toBeInTheDocument();
    expect(courseSeatHolds).toHaveBeenCalledWith('course-1');
    // Not among the enrolled students (they are not enrolled until they pay).
    const list = within(await card()).getByRole('list', { name: 'Enrolled students' });
    expect(within(list).queryByText('Lena Fischer')).not.toBeInTheDocument();
  });

  it('marks held seats in Spanish', async () => {
    courseSeatHolds.mockResolvedValue(
      ok([
        {
          id: 'hold-1',
          studentId: 'student-9',
          studentName: 'Lena Fischer',
          studentEmail: 'lena@school.test',
          heldUntil: '2026-12-03T18:00:00Z',
          invoiceNumber: null,
        },
      ]),
    );
    const { user } = renderPage(aCourse(), 'es');
    await user.click(within(await card()).getByRole('button', { name: 'Ver estudiantes' }));
    const held = await screen.findByRole('region', {
      name: '1 plaza reservada a la espera del pago',
    });
    expect(within(held).getByText('Plaza reservada')).toBeInTheDocument();
    expect(within(held).getByText(/Reservada hasta el/)).toBeInTheDocument();
  });

  it('asks for at most 100 students of a course with more places, and says when not all are shown', async () => {
    listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(omar)], 140, 100)));
    const { user } = renderPage(aCourse({ maxStudents: 500, enrolledCount: 140 }));
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    expect(await screen.findByText('Showing 1 of 140 students.')).toBeInTheDocument();
    expect(listEnrollments).toHaveBeenCalledWith(expect.objectContaining({ limit: 100 }));
  });

  it('says so when nobody is enrolled, and shows a failed read with Try again', async () => {
    listEnrollments
      .mockResolvedValueOnce(fail('QUERY_ERROR', 'permission denied', { code: '42501' }))
      .mockResolvedValueOnce(ok(paged<Enrollment>([], 0, 30)));
    const { user } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));

    expect(await screen.findByText('Error loading students:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No students enrolled yet.')).toBeInTheDocument();
  });

  it('asks before removing a student, saying what they lose; Cancel keeps them (issue 29)', async () => {
    const { user } = renderPage(aCourse({ enrolledCount: 1 }));
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    await user.click(
      await screen.findByRole('button', { name: 'Remove Omar Haddad from Business Spanish' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove Omar Haddad from Business Spanish?',
    });
    expect(dialog).toHaveTextContent(
      'They lose their place and no longer see the course’s classes, materials and activities. Their attendance and work are kept.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removeStudent).not.toHaveBeenCalled();
    expect(screen.getByText('Omar Haddad')).toBeInTheDocument();
  });

  it('removes a student, says so, and reads the course and its students again', async () => {
    listEnrollments
      .mockResolvedValueOnce(ok(paged([enrollmentOf(omar)], 1, 30)))
      .mockResolvedValue(ok(paged<Enrollment>([], 0, 30)));
    removeStudent.mockResolvedValue(ok(null));
    const { user } = renderPage(aCourse({ enrolledCount: 1 }));
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    await removeOmar(user);

    expect(await screen.findByText('Student removed successfully.')).toBeInTheDocument();
    expect(removeStudent).toHaveBeenCalledWith('course-1', 'student-2');
    expect(await screen.findByText('No students enrolled yet.')).toBeInTheDocument();
    // The seat count and the figures come from the server again.
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(managementStats).toHaveBeenCalledTimes(2));
    // The removed row took the focus with it: it returns to the card.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Back to course' })).toHaveFocus(),
    );
  });

  it('shows the waiting list on the back, read when turned, and reads it again after a removal gives a seat', async () => {
    const ana = {
      id: 'w-1',
      studentId: 's-9',
      firstName: 'Ana',
      lastName: 'Ruiz',
      joinedAt: '2026-11-20T10:00:00Z',
      position: 1,
    };
    courseWaitingList.mockResolvedValueOnce(ok([ana])).mockResolvedValue(ok([]));
    removeStudent.mockResolvedValue(ok(null));
    const { user } = renderPage(aCourse({ enrolledCount: 30, maxStudents: 30 }));
    const front = await card();
    expect(within(front).queryByRole('region', { name: 'Waiting list' })).toBeNull();
    expect(courseWaitingList).not.toHaveBeenCalled();
    await user.click(within(front).getByRole('button', { name: 'View students' }));
    const line = await within(await card()).findByRole('region', { name: 'Waiting list' });
    expect(await within(line).findByText('1 student waiting')).toBeInTheDocument();
    expect(within(line).getByRole('row', { name: /1 Ana Ruiz/ })).toBeInTheDocument();
    expect(courseWaitingList).toHaveBeenCalledWith('course-1');

    await removeOmar(user);
    expect(await within(line).findByText('Nobody is waiting for a seat.')).toBeInTheDocument();
    expect(courseWaitingList).toHaveBeenCalledTimes(2);
  });

  it("says 'Error removing student.' when the failure has no reason to give, never the raw text", async () => {
    removeStudent.mockResolvedValue(fail('UNENROLL_ERROR', 'connection reset by peer'));
    const { user } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    const dialog = await removeOmar(user);
    // The question stays open with the reason, and Remove tries again.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error removing student.');
    expect(screen.queryByText(/connection reset/)).not.toBeInTheDocument();
    // Nothing changed: the student is still listed.
    expect(screen.getByText('Omar Haddad')).toBeInTheDocument();
  });

  it("says 'Error removing student.' with the server's reason, translated", async () => {
    removeStudent.mockResolvedValue(
      fail('UNENROLL_ERROR', 'This student is not enrolled in this course'),
    );
    const { user } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    const dialog = await removeOmar(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error removing student. Not enrolled in this course.',
    );
    expect(screen.queryByText(/This student is not enrolled/)).not.toBeInTheDocument();
  });

  it('turns with an animation', async () => {
    const animate = mockAnimate();
    const { user } = renderPage();
    await user.click(within(await card()).getByRole('button', { name: 'View students' }));
    await screen.findByRole('button', { name: 'Back to course' });
    expect(animate).toHaveBeenCalledTimes(1);
  });

  it('turns without an animation when the system asks for reduced motion', async () => {
    const animate = mockAnimate();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-reduced-motion: reduce)',
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(),
        }) as MediaQueryList,
    );
    try {
      const { user } = renderPage();
      await user.click(within(await card()).getByRole('button', { name: 'View students' }));
      await screen.findByRole('button', { name: 'Back to course' });
      expect(animate).not.toHaveBeenCalled();
    } finally {
      matchMedia.mockRestore();
    }
  });
});

describe('the user picker', () => {
  it('lists active students, up to 100, says who is already enrolled, and searches on the server', async () => {
    const { user } = renderPage();
    const dialog = await openPicker(user);

    const search = within(dialog).getByRole('searchbox', { name: 'Search students' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(dialog).toHaveTextContent('Add a student to Business Spanish. (2/30 students)');
    expect(listUsers).toHaveBeenCalledWith({
      role: 'student',
      isActive: true,
      sortBy: 'name',
      sortOrder: 'asc',
      page: 1,
      limit: 100,
    });
    const list = await within(dialog).findByRole('list', { name: 'Students' });
    const [lenaRow, omarRow] = within(list).getAllByRole('listitem');
    expect(lenaRow).toHaveTextContent('Lena Fischer');
    expect(lenaRow).toHaveTextContent('lena@school.test');
    expect(
      within(lenaRow!).getByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    ).toBeEnabled();
    // Omar is in the course already (the same read as the card's back).
    await waitFor(() => expect(omarRow).toHaveTextContent('Enrolled'));
    expect(within(omarRow!).queryByRole('button')).not.toBeInTheDocument();
    expect(listEnrollments).toHaveBeenCalledWith({
      courseId: 'course-1',
      status: 'active',
      limit: 30,
    });

    listUsers.mockResolvedValue(ok(paged<AppUser>([], 0, 100)));
    await user.type(search, 'zz');
    await waitFor(() =>
      expect(listUsers).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'zz' })),
    );
    expect(await within(dialog).findByText('No users found')).toBeInTheDocument();
  });

  it('says when more students match than it lists', async () => {
    listUsers.mockResolvedValue(ok(paged([lena], 230, 100)));
    const { user } = renderPage();
    const dialog = await openPicker(user);
    expect(
      await within(dialog).findByText(
        'Showing the first 1 of 230 students. Search to find the others.',
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed search with Try again', async () => {
    listUsers
      .mockResolvedValueOnce(fail('FETCH_USERS_ERROR', 'boom', { status: 500 }))
      .mockResolvedValueOnce(ok(paged([lena], 1, 100)));
    const { user } = renderPage();
    const dialog = await openPicker(user);
    expect(await within(dialog).findByText('Error loading users:')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Lena Fischer')).toBeInTheDocument();
  });

  it('adds a student: the toast shows, and the picker hides 1000 ms later', async () => {
    enroll.mockResolvedValue(ok(null));
    const { user } = renderPage();
    const dialog = await openPicker(user);
    const add = await within(dialog).findByRole('button', {
      name: 'Add Lena Fischer to Business Spanish',
    });

    // From the click on, the clock is the test's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(add);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(enroll).toHaveBeenCalledWith('course-1', 'student-1');
    expect(screen.getByText('Student added successfully.')).toBeInTheDocument();
    expect(within(dialog).getByText('Added')).toBeInTheDocument();
    // Still there just before the 1000 ms …
    await act(() => vi.advanceTimersByTimeAsync(PICKER_HIDE_AFTER_ADD_MS - 20));
    expect(screen.getByRole('dialog', { name: 'Select user' })).toBeInTheDocument();
    // … and gone once they have passed.
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.queryByRole('dialog', { name: 'Select user' })).not.toBeInTheDocument();
    expect(PICKER_HIDE_AFTER_ADD_MS).toBe(1000);
    vi.useRealTimers();

    // The course's seats and the figures are read again.
    await waitFor(() => expect(listCourses).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(managementStats).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal of a full course, translated, and stays open", async () => {
    enroll.mockResolvedValue(fail('ENROLLMENT_ERROR', 'This course is full'));
    const { user } = renderPage(aCourse({ enrolledCount: 29 }));
    const dialog = await openPicker(user);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    );

    const reason = await screen.findByText('This course is full');
    expect(reason.closest('[role="alert"]')).toHaveTextContent(
      'Error adding student.This course is full',
    );
    expect(screen.getByRole('dialog', { name: 'Select user' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    ).toBeEnabled();
  });

  it("says only 'Error adding student.' when the failure has no reason to give", async () => {
    enroll.mockResolvedValue(fail('ENROLL_ERROR', 'TypeError: something odd'));
    const { user } = renderPage();
    const dialog = await openPicker(user);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    );
    expect(await screen.findByText('Error adding student.')).toBeInTheDocument();
    expect(screen.queryByText(/something odd/)).not.toBeInTheDocument();
  });

  it('offers no Add for a full course, and says why', async () => {
    const { user } = renderPage(aCourse({ enrolledCount: 30, maxStudents: 30 }));
    const dialog = await openPicker(user);
    expect(
      within(dialog).getByText(
        'This course is full: no student can be added until a seat is free.',
      ),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    ).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enroll).not.toHaveBeenCalled();
  });

  it('offers no Add for an inactive course, and says why', async () => {
    const { user } = renderPage(aCourse({ isActive: false }));
    const dialog = await openPicker(user);
    expect(
      within(dialog).getByText('This course is inactive: make it active to add students.'),
    ).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('button', { name: 'Add Lena Fischer to Business Spanish' }),
    ).toBeDisabled();
  });

  it('speaks Spanish, with the spec texts verbatim', async () => {
    enroll.mockResolvedValue(ok(null));
    const { user } = renderPage(aCourse(), 'es');
    await user.click(within(await card()).getByRole('button', { name: 'Agregar estudiante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seleccionar usuario' });
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Agregar a Lena Fischer a Business Spanish',
      }),
    );
    expect(await screen.findByText('Estudiante agregado exitosamente.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });

  it("says 'No se encontraron usuarios' in Spanish", async () => {
    listUsers.mockResolvedValue(ok(paged<AppUser>([], 0, 100)));
    const { user } = renderPage(aCourse(), 'es');
    await user.click(within(await card()).getByRole('button', { name: 'Agregar estudiante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seleccionar usuario' });
    expect(
      within(dialog).getByRole('searchbox', { name: 'Buscar estudiantes' }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('No se encontraron usuarios')).toBeInTheDocument();
  });

  it("says 'Error al agregar estudiante.' in Spanish", async () => {
    enroll.mockResolvedValue(fail('ENROLL_ERROR', 'boom'));
    const { user } = renderPage(aCourse(), 'es');
    await user.click(within(await card()).getByRole('button', { name: 'Agregar estudiante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seleccionar usuario' });
    await user.click(
      await within(dialog).findByRole('button', {
        name: 'Agregar a Lena Fischer a Business Spanish',
      }),
    );
    expect(await screen.findByText('Error al agregar estudiante.')).toBeInTheDocument();
  });

  it("says 'Error al remover estudiante.' in Spanish", async () => {
    removeStudent.mockResolvedValue(fail('UNENROLL_ERROR', 'boom'));
    const { user } = renderPage(aCourse(), 'es');
    await user.click(within(await card()).getByRole('button', { name: 'Ver estudiantes' }));
    const dialog = await removeOmar(user, 'es');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al remover estudiante.',
    );
  });
});
