import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  courseManagementReadModel,
  coursesService,
  fail,
  ok,
  paths,
  usersService,
  type BulkEnrolment,
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

const lena = aPerson();
const omar = aPerson({ id: 'student-2', firstName: 'Omar', lastName: 'Haddad', email: 'omar@school.test' });

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
    ok({ totalCourses: 1, activeCourses: 1, totalStudents: 2, totalRevenue: 0, languages: [] }),
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
        '3 rows cannot be enrolled (1 places free). Correct the list and send it again.',
      ),
    ).toBeInTheDocument();
    // The list is still there, to be sent again once corrected.
    expect(within(dialog).getByRole('button', { name: 'Enrol 4 students' })).toBeEnabled();
  });

  it('shows a refused call (not an administrator) in the user’s language, never the raw text', async () => {
    enrollMany.mockResolvedValue(
      fail('ENROLL_ERROR', 'Only administrators can enrol students in bulk', { code: '42501' }),
    );
    const { user, dialog } = await openBulk('es');
    await uploadCsv(user, dialog, 'email\nana@school.test\n', 'es');
    await user.click(await within(dialog).findByRole('button', { name: 'Inscribir a 1 estudiante' }));
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
