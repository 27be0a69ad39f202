import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  courseManagementReadModel,
  coursesService,
  enrollmentExportsService,
  fail,
  ok,
  paths,
  type EnrollmentExport,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { aCourse } from '../../test-support/fixtures';
import { renderScreen } from '../../test-support/render-screen';
import CourseManagementScreen from './course-management-screen';

// Course Management's CSV exports (issue 29, item 13): all enrolments from the toolbar, a course's
// roster from its card. The unit boundary is the service, replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.coursesService, { list: vi.fn(), listEnrollments: vi.fn() });
  Object.assign(actual.courseManagementReadModel, { stats: vi.fn() });
  Object.assign(actual.enrollmentExportsService, { listForExport: vi.fn() });
  return actual;
});

const listForExport = vi.mocked(enrollmentExportsService.listForExport);

function paged<T>(items: T[], limit = 12): Paged<T> {
  return { items, total: items.length, page: 1, limit, totalPages: 1 };
}

const lenaInSpanish: EnrollmentExport = {
  id: 'enrolment-1',
  courseId: 'course-1',
  userId: 'student-1',
  status: 'active',
  progress: 40,
  enrolledAt: '2026-02-01T08:00:00+00:00',
  createdAt: '2026-02-01T08:00:00+00:00',
  updatedAt: '2026-02-01T08:00:00+00:00',
  student: {
    id: 'student-1',
    firstName: 'Lena',
    lastName: 'Fischer',
    email: 'lena@school.test',
    avatar: null,
  },
  courseTitle: 'Business Spanish',
};

const TEXT = {
  en: {
    turn: 'View students',
    all: 'Export enrolments',
    roster: 'Export roster',
    header: 'Course,First name,Last name,Email,Enrolment,Progress (%),Enrolled (UTC)',
    row: 'Business Spanish,Lena,Fischer,lena@school.test,Active,40,2026-02-01T08:00:00Z',
    allFile: /^enrolments-\d{4}-\d{2}-\d{2}\.csv$/,
    rosterFile: /^roster-business-spanish-\d{4}-\d{2}-\d{2}\.csv$/,
    failed: 'The export failed:',
  },
  es: {
    turn: 'Ver estudiantes',
    all: 'Exportar inscripciones',
    roster: 'Exportar lista',
    header: 'Curso,Nombre,Apellido,Correo,Inscripción,Progreso (%),Fecha de inscripción (UTC)',
    row: 'Business Spanish,Lena,Fischer,lena@school.test,Activa,40,2026-02-01T08:00:00Z',
    allFile: /^inscripciones-\d{4}-\d{2}-\d{2}\.csv$/,
    rosterFile: /^lista-business-spanish-\d{4}-\d{2}-\d{2}\.csv$/,
    failed: 'No se pudo exportar:',
  },
};

let created: Blob[] = [];
let click: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  vi.mocked(coursesService.list).mockResolvedValue(ok(paged([aCourse()])));
  vi.mocked(coursesService.listEnrollments).mockResolvedValue(ok(paged([], 10)));
  vi.mocked(courseManagementReadModel.stats).mockResolvedValue(
    ok({
      totalCourses: 1,
      activeCourses: 1,
      totalStudents: 1,
      totalRevenue: 0,
      currency: 'EUR',
      languages: [],
    }),
  );
  created = [];
  // The test stands in for object URLs, to keep each Blob handed to the link.
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:enrolments';
    }),
    revokeObjectURL: vi.fn(),
  });
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});

afterEach(() => {
  click.mockRestore();
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

function renderPage(language: Language) {
  return renderScreen(<CourseManagementScreen />, {
    language,
    path: paths.courses,
    route: paths.courses,
  });
}

describe.each(['en', 'es'] as const)('Course Management exports (%s)', (language) => {
  const text = TEXT[language];

  it('exports every enrolment from the toolbar in one read', async () => {
    listForExport.mockResolvedValue(ok([lenaInSpanish]));
    const { user } = renderPage(language);
    await screen.findByRole('article', { name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: text.all }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(listForExport).toHaveBeenCalledTimes(1);
    expect(listForExport).toHaveBeenCalledWith({});
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(text.allFile);
    const lines = (await readBlob(created[0]!)).replace(/^\ufeff/, '').split('\r\n');
    expect(lines).toEqual([text.header, text.row]);
  });

  it('exports a course’s roster (its active enrolments) from its card', async () => {
    listForExport.mockResolvedValue(ok([lenaInSpanish]));
    const { user } = renderPage(language);
    const card = await screen.findByRole('article', { name: 'Business Spanish' });
    await user.click(within(card).getByRole('button', { name: text.turn }));

    await user.click(
      within(await screen.findByRole('article', { name: 'Business Spanish' })).getByRole('button', {
        name: text.roster,
      }),
    );

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(listForExport).toHaveBeenCalledWith({ courseId: 'course-1', status: 'active' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(text.rosterFile);
  });

  it('says why an export failed, in the user’s language, and downloads nothing', async () => {
    listForExport.mockResolvedValue(fail('QUERY_ERROR', 'permission denied for table enrollments'));
    const { user } = renderPage(language);
    await screen.findByRole('article', { name: 'Business Spanish' });

    await user.click(screen.getByRole('button', { name: text.all }));

    expect(await screen.findByText(text.failed)).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).toBeNull();
    expect(click).not.toHaveBeenCalled();
  });
});
