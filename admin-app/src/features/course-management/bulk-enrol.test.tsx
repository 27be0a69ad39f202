import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_MODAL_PHONE_QUERY } from '@portal/shared-ui';
import {
  courseManagementReadModel,
  coursesService,
  fail,
  ok,
  paths,
  usersService,
  type AppUser,
  type BulkEnrolment,
  type Enrollment,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse, aPerson } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import CourseManagementScreen from './course-management-screen';

// Enrolling a list of students from a course card (issue 29, item 13): the unit boundary is the
// service, whose functions are replaced in place. What the server decides is
// supabase/tests/bulk-enrolment.test.ts.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.coursesService, {
    list: vi.fn(),
    listEnrollments: vi.fn(),
    enrollMany: vi.fn(),
  });
  Object.assign(actual.courseManagementReadModel, { stats: vi.fn() });
  Object.assign(actual.usersService, { list: vi.fn() });
  return actual;
});

const listCourses = vi.mocked(coursesService.list);
const listEnrollments = vi.mocked(coursesService.listEnrollments);
const enrollMany = vi.mocked(coursesService.enrollMany);
const listUsers = vi.mocked(usersService.list);

function paged<T>(items: T[], total = items.length, limit = 12): Paged<T> {
  return { items, total, page: 1, limit, totalPages: Math.ceil(total / limit) };
}

/** An active enrolment in the course, with its student (the card's roster). */
function enrollmentOf(student: AppUser): Enrollment {
  return {
    id: `enrollment-${student.id}`,
    courseId: 'course-1',
    userId: student.id,
    status: 'active',
    progress: 0,
    enrolledAt: '2026-02-01T10:00:00Z',
    createdAt: '2026-02-01T10:00:00Z',
    updatedAt: '2026-02-01T10:00:00Z',
    student: {
      id: student.id,
      firstName: student.firstName,
      lastName: student.lastName,
      email: student.email,
      avatar: null,
    },
  };
}

const lena = aPerson();
const omar = aPerson({
  id: 'student-2',
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@school.test',
});

const TEXT = {
  en: {
    turn: 'View students',
    open: 'Enrol a list',
    title: 'Enrol a list of students',
    csv: 'CSV of emails',
  },
  es: {
    turn: 'Ver estudiantes',
    open: 'Inscribir una lista',
    title: 'Inscribir una lista de estudiantes',
    csv: 'CSV de emails',
  },
};

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listCourses.mockResolvedValue(ok(paged([aCourse({ maxStudents: 10, enrolledCount: 2 })])));
  vi.mocked(courseManagementReadModel.stats).mockResolvedValue(
    ok({
      totalCourses: 1,
      activeCourses: 1,
      totalStudents: 2,
      totalRevenue: 0,
      currency: 'EUR',
      languages: [],
    }),
  );
  listEnrollments.mockResolvedValue(ok(paged([], 0, 10)));
  listUsers.mockResolvedValue(ok(paged([lena, omar], 2, 100)));
});

async function openBulk(language: Language = 'en') {
  const text = TEXT[language];
  const rendered = renderScreen(<CourseManagementScreen />, {
    language,
    path: paths.courses,
    route: paths.courses,
  });
  const { user } = rendered;
  await user.click(
    within(await screen.findByRole('article', { name: 'Business Spanish' })).getByRole('button', {
      name: text.turn,
    }),
  );
  await user.click(
    within(await screen.findByRole('article', { name: 'Business Spanish' })).getByRole('button', {
      name: text.open,
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: text.title });
  return { ...rendered, dialog };
}

async function uploadCsv(
  user: Awaited<ReturnType<typeof openBulk>>['user'],
  dialog: HTMLElement,
  csv: string,
  language: Language = 'en',
) {
  await user.click(within(dialog).getByText(TEXT[language].csv));
  const input = await waitFor(() => {
    const found = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input');
    return found;
  });
  await user.upload(input, new File([csv], 'students.csv', { type: 'text/csv' }));
}

const enrolledAll = (emails: string[]): BulkEnrolment => ({
  success: true,
  refusal: null,
  enrolled: emails.length,
  seatsLeft: 8 - emails.length,
  rows: emails.map((email, index) => ({ email, userId: `user-${index}`, status: 'enrolled' })),
});

describe('enrolling a list of students', () => {
  it('sends the emails of a CSV file in one call, then says how many were enrolled and closes', async () => {
    enrollMany.mockResolvedValue(ok(enrolledAll(['ana@school.test', 'ben@school.test'])));
    const { user, dialog } = await openBulk();
    await uploadCsv(user, dialog, 'name,email\r\nAna,ana@school.test\r\nBen, ben@school.test \r\n');
    expect(await within(dialog).findByText('2 emails read from the file.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enrol 2 students' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(enrollMany).toHaveBeenCalledTimes(1);
    expect(enrollMany).toHaveBeenCalledWith('course-1', ['ana@school.test', 'ben@school.test']);
    expect(await screen.findByText('2 students enrolled in Business Spanish.')).toBeInTheDocument();
  });

  it('enrols the students chosen in the multi-select', async () => {
    enrollMany.mockResolvedValue(ok(enrolledAll([omar.email, lena.email])));
    const { user, dialog } = await openBulk();
    // The search field (the options' list is labelled by it too).
    const field = within(dialog)
      .getAllByLabelText('Students')
      .find((element) => element.tagName === 'INPUT')!;
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Omar Haddad/ }));
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Lena Fischer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enrol 2 students' }));
    await waitFor(() =>
      expect(enrollMany).toHaveBeenCalledWith('course-1', [omar.email, lena.email]),
    );
  });

  it('when the server refuses rows, keeps the dialog and the list, and says why for each row', async () => {
    enrollMany.mockResolvedValue(
      ok({
        success: false,
        refusal: null,
        enrolled: 0,
        seatsLeft: 1,
        rows: [
          { email: 'ana@school.test', userId: 'user-1', status: 'ready' },
          { email: 'ghost@school.test', userId: null, status: 'unknown_email' },
          { email: 'teacher@school.test', userId: 'user-3', status: 'not_student' },
          { email: 'ben@school.test', userId: 'user-4', status: 'course_full' },
        ],
      }),
    );
    const { user, dialog } = await openBulk();
    await uploadCsv(
      user,
      dialog,
      'ana@school.test\nghost@school.test\nteacher@school.test\nben@school.test\n',
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Enrol 4 students' }));

    const report = await within(dialog).findByRole('table', { name: 'Result of each row' });
    const rows = within(report).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '1ana@school.testCan be enrolled',
      '2ghost@school.testNo account has this email',
      '3teacher@school.testNot a student',
      '4ben@school.testNo place left in the course',
    ]);
    expect(within(dialog).getByText('Nobody was enrolled')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '3 rows cannot be enrolled (1 places free). Correct the list and send it again. The button now sends only the row that can be enrolled.',
      ),
    ).toBeInTheDocument();
    // The list is still there; the button now counts only the row that can be enrolled, and
    // sends only it (issue 29).
    enrollMany.mockResolvedValue(ok(enrolledAll(['ana@school.test'])));
    await user.click(within(dialog).getByRole('button', { name: 'Enrol 1 student' }));
    await waitFor(() =>
      expect(enrollMany).toHaveBeenLastCalledWith('course-1', ['ana@school.test']),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('when the server finds no row that can be enrolled, turns the button off and says why (issue 29)', async () => {
    enrollMany.mockResolvedValue(
      ok({
        success: false,
        refusal: null,
        enrolled: 0,
        seatsLeft: 17,
        rows: [
          { email: 'ghost@school.test', userId: null, status: 'unknown_email' },
          { email: 'teacher@school.test', userId: 'user-3', status: 'not_student' },
        ],
      }),
    );
    const { user, dialog } = await openBulk();
    await uploadCsv(user, dialog, 'ghost@school.test\nteacher@school.test\n');
    await user.click(await within(dialog).findByRole('button', { name: 'Enrol 2 students' }));
    await within(dialog).findByRole('table', { name: 'Result of each row' });
    expect(within(dialog).getByRole('button', { name: 'Enrol 0 students' })).toBeDisabled();
    expect(dialog).toHaveTextContent(
      'None of these students can be enrolled. Correct the list or choose other students.',
    );
  });

  it('counts only the students who can be enrolled: leaves out bad addresses, repeats and those already in the course (issue 29)', async () => {
    listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(lena)], 1, 10)));
    enrollMany.mockResolvedValue(ok(enrolledAll([omar.email])));
    const { user, dialog } = await openBulk();
    await uploadCsv(
      user,
      dialog,
      `${lena.email}\nnot-an-email\n${omar.email}\n${omar.email.toUpperCase()}\n`,
    );
    expect(await within(dialog).findByText('4 emails read from the file.')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Not sent: Already enrolled (1), Not an email address (1), Listed twice (1).',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enrol 1 student' }));
    await waitFor(() => expect(enrollMany).toHaveBeenCalledWith('course-1', [omar.email]));
  });

  it('numbers the report by the rows of the file, and still names the rows not sent (issue 29)', async () => {
    listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(lena)], 1, 10)));
    enrollMany.mockResolvedValue(
      ok({
        success: false,
        refusal: null,
        enrolled: 0,
        seatsLeft: 8,
        rows: [{ email: 'ghost@school.test', userId: null, status: 'unknown_email' }],
      }),
    );
    const { user, dialog } = await openBulk();
    await uploadCsv(user, dialog, `${lena.email}\nnot-an-email\nghost@school.test\n`);
    await user.click(await within(dialog).findByRole('button', { name: 'Enrol 1 student' }));
    const report = await within(dialog).findByRole('table', { name: 'Result of each row' });
    expect(
      within(report)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['3ghost@school.testNo account has this email']);
    expect(
      within(dialog).getByText('Not sent: Already enrolled (1), Not an email address (1).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enrol 0 students' })).toBeDisabled();
  });

  it('turns the button off at 0 and says why, before sending anything (issue 29)', async () => {
    listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(lena)], 1, 10)));
    const { user, dialog } = await openBulk('es');
    await uploadCsv(user, dialog, `${lena.email}\nnot-an-email\n`, 'es');
    expect(
      await within(dialog).findByText(
        'No se puede inscribir a ninguno de estos estudiantes. Corrige la lista o elige a otros estudiantes.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Inscribir a 0 estudiantes' }),
    ).toBeDisabled();
    expect(enrollMany).not.toHaveBeenCalled();
  });

  it('turns the button off when the course has fewer places than students chosen (issue 29)', async () => {
    listCourses.mockResolvedValue(ok(paged([aCourse({ maxStudents: 3, enrolledCount: 2 })])));
    const { user, dialog } = await openBulk();
    const field = within(dialog)
      .getAllByLabelText('Students')
      .find((element) => element.tagName === 'INPUT')!;
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Omar Haddad/ }));
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Lena Fischer/ }));
    expect(
      await within(dialog).findByText('The course has 1 place left: choose at most 1 student.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enrol 2 students' })).toBeDisabled();
  });

  it('does not open the student list as the dialog opens, nor offer students already in the course (issue 29)', async () => {
    listEnrollments.mockResolvedValue(ok(paged([enrollmentOf(lena)], 1, 10)));
    const { user, dialog } = await openBulk();
    const field = within(dialog)
      .getAllByLabelText('Students')
      .find((element) => element.tagName === 'INPUT')!;
    await waitFor(() => expect(field).toHaveFocus());
    await waitFor(() => expect(listUsers).toHaveBeenCalled());
    // The list would cover the dialog's buttons: it opens when asked, not on focus.
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Enrol 0 students' })).toBeVisible();

    await user.click(field);
    expect(await screen.findByRole('option', { name: /Omar Haddad/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Lena Fischer/ })).toBeNull();
  });

  it('on a phone shows the report as a stacked list, with no table scrolling of its own (issue 29)', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === FORM_MODAL_PHONE_QUERY,
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
      enrollMany.mockResolvedValue(
        ok({
          success: false,
          refusal: null,
          enrolled: 0,
          seatsLeft: 5,
          rows: [{ email: 'olivia.smith@mail.test', userId: null, status: 'unknown_email' }],
        }),
      );
      const { user, dialog } = await openBulk();
      await uploadCsv(user, dialog, 'olivia.smith@mail.test\n');
      await user.click(await within(dialog).findByRole('button', { name: 'Enrol 1 student' }));
      const report = await within(dialog).findByRole('list', { name: 'Result of each row' });
      expect(
        within(report)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Row 1: olivia.smith@mail.testNo account has this email']);
      expect(within(dialog).queryByRole('table')).toBeNull();
      // The address may break after its '@' and dots, never inside a word.
      expect(report.querySelectorAll('wbr')).toHaveLength(3);
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('shows a refused call (not an administrator) in the user’s language, never the raw text', async () => {
    enrollMany.mockResolvedValue(
      fail('ENROLL_ERROR', 'Only administrators can enrol students in bulk', { code: '42501' }),
    );
    const { user, dialog } = await openBulk('es');
    await uploadCsv(user, dialog, 'email\nana@school.test\n', 'es');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Inscribir a 1 estudiante' }),
    );
    expect(await within(dialog).findByText('No se inscribió a nadie:')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Only administrators/)).not.toBeInTheDocument();
  });

  it('refuses a file that lists no emails before sending anything', async () => {
    const { user, dialog } = await openBulk();
    await uploadCsv(user, dialog, 'email\n\n');
    expect(await within(dialog).findByText('This file lists no emails.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enrol 0 students' })).toBeDisabled();
    expect(enrollMany).not.toHaveBeenCalled();
  });
});
