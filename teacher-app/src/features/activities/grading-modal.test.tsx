import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityManagementReadModel,
  coursesService,
  fail,
  ok,
  submissionsService,
  type GradingRequest,
  type GradingSubmission,
  type ManagedActivity,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { stubPdfDocuments } from '@portal/shared-ui/test-utils';
import { renderScreen } from '../../test-support/render-screen';
import ActivitiesScreen from './activities-screen';

// The grading panel, opened from an activity's card as a teacher does. The unit boundary is the
// service: the query and mutation options call these objects, replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.activityManagementReadModel, { get: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  Object.assign(actual.submissionsService, {
    listForGrading: vi.fn(),
    grade: vi.fn(),
    getSignedUrl: vi.fn(),
  });
  return actual;
});

const loadActivities = vi.mocked(activityManagementReadModel.get);
const listSubmissions = vi.mocked(submissionsService.listForGrading);
const gradeSubmission = vi.mocked(submissionsService.grade);
const signedUrl = vi.mocked(submissionsService.getSignedUrl);

const DUE = '2026-03-15T23:59:00Z';

const essay: ManagedActivity = {
  id: 'activity-1',
  title: 'Write a formal email',
  description: 'Ask a supplier for a quote',
  type: 'assignment',
  courseId: 'course-1',
  classId: null,
  courseTitle: 'Business English',
  classTitle: null,
  dueDate: DUE,
  maxPoints: 20,
  instructions: null,
  allowLateSubmission: true,
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
  submissionCount: 3,
  gradedCount: 1,
};

function work(overrides: Partial<GradingSubmission> = {}): GradingSubmission {
  return {
    id: 'sub-1',
    activityId: 'activity-1',
    activityTitle: 'Write a formal email',
    maxPoints: 20,
    studentId: 'student-1',
    studentName: 'Ana García',
    studentEmail: 'ana@school.test',
    submissionText: 'Estimado proveedor:\nLe escribo para…',
    fileUrls: ['student-1/activity-1/1700000000000-k3j9x2ab.pdf'],
    // Handed in before original names were kept: shown by the stored name.
    fileNames: [],
    submittedAt: new Date(2026, 2, 14, 18, 5).toISOString(),
    status: 'submitted',
    grade: null,
    feedback: null,
    feedbackAudio: null,
    gradedBy: null,
    gradedAt: null,
    rubricScores: null,
    dueDate: DUE,
    isLate: false,
    ...overrides,
  };
}

const late = work({
  id: 'sub-2',
  studentId: 'student-2',
  // A student who has since dropped the course: named by the database, no email any more.
  studentName: 'Bruno Díaz',
  studentEmail: null,
  submissionText: '',
  fileUrls: [],
  isLate: true,
  status: 'graded',
  grade: 17.5,
  feedback: 'Good structure',
});

const unknown = work({ id: 'sub-3', studentId: 'gone', studentName: null, studentEmail: null });

function paged<T>(items: T[], total = items.length, page = 1, limit = 20): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

function renderPage(language: Language = 'en') {
  return renderScreen(<ActivitiesScreen />, { language, path: '/activities' });
}

type User = ReturnType<typeof renderPage>['user'];

async function openSubmissions(user: User, title = 'Write a formal email') {
  const card = await screen.findByRole('article', { name: title });
  await user.click(within(card).getByRole('button', { name: 'View submissions' }));
  return screen.findByRole('dialog', { name: `Submissions: ${title}` });
}

function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}

const gradeField = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Grade' });
const feedbackField = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: 'Feedback (optional)' });
const studentHeading = (dialog: HTMLElement) => within(dialog).getByRole('heading', { level: 3 });

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  listSubmissions.mockReset();
  loadActivities.mockResolvedValue(
    ok({
      stats: { total: 1, activeCourses: 1, scheduledClasses: 0, dueThisWeek: 0 },
      page: paged([essay], 1, 1, 12),
    }),
  );
  vi.mocked(coursesService.list).mockResolvedValue(ok(paged([], 0, 1, 100)));
  listSubmissions.mockResolvedValue(ok(paged([work(), late, unknown])));
});

describe('Grading: reading the work', () => {
  it("shows each student's text, files, submitted time and late flag, one student at a time", async () => {
    const { user } = renderPage();
    const dialog = await openSubmissions(user);

    expect(await within(dialog).findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    expect(listSubmissions).toHaveBeenCalledWith({ activityId: 'activity-1', page: 1, limit: 20 });
    expect(dialog).toHaveTextContent('Course: Business English');
    expect(dialog).toHaveTextContent('20 points');
    expect(dialog).toHaveTextContent('ana@school.test');
    expect(dialog).toHaveTextContent('Submission 1 of 3');
    expect(dialog).toHaveTextContent('Submitted on Mar 14, 2026 at 18:05');
    expect(dialog).toHaveTextContent('Waiting for a grade');
    expect(within(dialog).queryByText('Late')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Estimado proveedor:');
    expect(
      within(dialog).getByRole('button', { name: '1700000000000-k3j9x2ab.pdf' }),
    ).toHaveAccessibleDescription('Opens the file in the viewer.');
    // Nothing is signed until a file is opened.
    expect(signedUrl).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Next student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Bruno Díaz' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Submission 2 of 3');
    expect(within(dialog).getByText('Late')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Graded');
    expect(dialog).toHaveTextContent('Current grade: 17.5 / 20');
    expect(dialog).toHaveTextContent('No text was written.');
    expect(dialog).toHaveTextContent('No files attached.');
    expect(gradeField(dialog)).toHaveValue('17.5');
    expect(feedbackField(dialog)).toHaveValue('Good structure');

    await user.click(within(dialog).getByRole('button', { name: 'Next student' }));
    // A student whose profile is gone is named in the UI language.
    expect(await within(dialog).findByRole('heading', { name: 'Unknown' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next student' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous student' }));
    expect(studentHeading(dialog)).toHaveTextContent('Bruno Díaz');
    // Moving never closes the panel or reads the page again.
    expect(listSubmissions).toHaveBeenCalledTimes(1);
  });

  it('jumps to a student chosen from the list', async () => {
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Student' }));
    await user.click(
      await within(dialog).findByRole('option', { name: 'Unknown · Waiting for a grade' }),
    );
    expect(studentHeading(dialog)).toHaveTextContent('Unknown');
    expect(dialog).toHaveTextContent('Submission 3 of 3');
  });

  it('goes on to the next page of submissions, and back to the last one of the previous page', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) =>
      work({ id: `p1-${i}`, studentName: `Student ${String(i + 1).padStart(2, '0')}` }),
    );
    listSubmissions.mockImplementation(async (request: GradingRequest) =>
      ok(
        request.page === 2
          ? paged([work({ id: 'p2-0', studentName: 'Zoe Last' })], 21, 2)
          : paged(firstPage, 21, 1),
      ),
    );
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Student 01' });

    await user.click(within(dialog).getByRole('combobox', { name: 'Student' }));
    await user.click(await within(dialog).findByRole('option', { name: /^Student 20/ }));
    expect(dialog).toHaveTextContent('Submission 20 of 21');

    await user.click(within(dialog).getByRole('button', { name: 'Next student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Zoe Last' })).toBeInTheDocument();
    expect(listSubmissions).toHaveBeenLastCalledWith({
      activityId: 'activity-1',
      page: 2,
      limit: 20,
    });
    expect(dialog).toHaveTextContent('Submission 21 of 21');
    expect(within(dialog).getByRole('button', { name: 'Next student' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Student 20' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Submission 20 of 21');
  });

  it('opens a submitted PDF in the viewer through a signed link, over the panel, drawn by pdf.js and never framed', async () => {
    signedUrl.mockResolvedValue(ok('https://files.example/signed/essay.pdf?token=abc'));
    const pdfs = stubPdfDocuments({ pages: 2 });
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    await user.click(within(dialog).getByRole('button', { name: '1700000000000-k3j9x2ab.pdf' }));
    const viewer = await screen.findByRole('dialog', { name: '1700000000000-k3j9x2ab.pdf' });
    expect(signedUrl).toHaveBeenCalledWith('student-1/activity-1/1700000000000-k3j9x2ab.pdf');
    // A student's file could be HTML named .pdf: it is parsed as a PDF, never run in a frame.
    const preview = await within(viewer).findByRole('region', {
      name: 'Preview of 1700000000000-k3j9x2ab.pdf',
    });
    expect(await within(preview).findAllByRole('img', { name: /^Page \d of 2$/ })).toHaveLength(2);
    expect(within(viewer).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(pdfs.opened).toEqual(['https://files.example/signed/essay.pdf?token=abc']);
    expect(viewer.querySelector('iframe')).toBeNull();
    expect(viewer).toHaveTextContent('Ana García');
    expect(viewer).toHaveTextContent('PDF');

    await user.click(within(viewer).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '1700000000000-k3j9x2ab.pdf' })).toBeNull(),
    );
    // The panel stays open on the same student.
    expect(studentHeading(dialog)).toHaveTextContent('Ana García');
  });

  it('names a file by the name it had when the student handed it in, in the list, the viewer and the download', async () => {
    listSubmissions.mockResolvedValue(
      ok(paged([work({ fileNames: ['Carta formal (final).pdf'] }), late, unknown])),
    );
    signedUrl.mockResolvedValue(ok('https://files.example/signed/essay.pdf?token=abc'));
    const pdfs = stubPdfDocuments({ pages: 1 });
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });
    expect(within(dialog).queryByRole('button', { name: '1700000000000-k3j9x2ab.pdf' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Carta formal (final).pdf' }));
    const viewer = await screen.findByRole('dialog', { name: 'Carta formal (final).pdf' });
    // Still the stored object that is signed and shown.
    expect(signedUrl).toHaveBeenCalledWith('student-1/activity-1/1700000000000-k3j9x2ab.pdf');
    expect(
      await within(viewer).findByRole('region', { name: 'Preview of Carta formal (final).pdf' }),
    ).toBeInTheDocument();
    expect(pdfs.opened).toEqual(['https://files.example/signed/essay.pdf?token=abc']);
  });

  it('says why a file cannot be opened', async () => {
    signedUrl.mockResolvedValue(
      fail('SIGNED_URL_ERROR', 'Object not found', { status: 404, code: 'PGRST116' }),
    );
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });
    await user.click(within(dialog).getByRole('button', { name: '1700000000000-k3j9x2ab.pdf' }));

    const viewer = await screen.findByRole('dialog', { name: '1700000000000-k3j9x2ab.pdf' });
    expect(await within(viewer).findByRole('alert')).toHaveTextContent(
      'The file could not be opened: It no longer exists, or you cannot see it.',
    );
  });

  it('says so when nobody has handed in work yet', async () => {
    listSubmissions.mockResolvedValue(ok(paged<GradingSubmission>([])));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    expect(await within(dialog).findByText('No submissions yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next student' })).toBeDisabled();
  });

  it("shows 'Error loading submissions:' with the reason, and Try again reads them", async () => {
    listSubmissions
      .mockResolvedValueOnce(
        fail('FETCH_SUBMISSIONS_ERROR', 'permission denied for view submission_list', {
          code: '42501',
        }),
      )
      .mockResolvedValueOnce(ok(paged([work()])));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);

    expect(await within(dialog).findByText('Error loading submissions:')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You are not allowed to do this.');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
  });
});

describe('Grading: giving a grade', () => {
  it('checks the grade (0 to the maximum) before sending anything', async () => {
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await within(dialog).findByText('Enter a grade.')).toBeInTheDocument();
    fill(gradeField(dialog), '21');
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(
      await within(dialog).findByText('The grade can be at most 20 points.'),
    ).toBeInTheDocument();
    expect(gradeSubmission).not.toHaveBeenCalled();
    expect(gradeField(dialog)).toHaveAccessibleDescription(/From 0 to 20 points/);
  });

  it('saves the grade and feedback, says so, and stays on the student', async () => {
    gradeSubmission.mockResolvedValue(ok(work({ grade: 18.5, status: 'graded' })));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    fill(gradeField(dialog), '18.5');
    fill(feedbackField(dialog), '  Clear and polite. ');
    expect(feedbackField(dialog)).toHaveAccessibleDescription('17/5000');
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));

    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    expect(gradeSubmission).toHaveBeenCalledWith({
      id: 'sub-1',
      grade: 18.5,
      feedback: 'Clear and polite.',
      feedbackAudio: null,
    });
    // The page is read again (the card counts and the status follow), and the panel stays open.
    await waitFor(() => expect(listSubmissions).toHaveBeenCalledTimes(2));
    expect(studentHeading(dialog)).toHaveTextContent('Ana García');
  });

  it("shows the database's refusal in the form and keeps what was typed", async () => {
    gradeSubmission.mockResolvedValue(
      fail(
        'UPDATE_SUBMISSIONS_ERROR',
        "The grade cannot be higher than the activity's maximum of 20 points",
        {
          code: '23514',
        },
      ),
    );
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    fill(gradeField(dialog), '20');
    fill(feedbackField(dialog), 'Perfect');
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'The grade was not saved: The grade cannot be higher than the activity’s maximum points.',
    );
    expect(gradeField(dialog)).toHaveValue('20');
    expect(feedbackField(dialog)).toHaveValue('Perfect');
  });

  it('keeps what was typed for a student while moving to another and back', async () => {
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    fill(gradeField(dialog), '12');
    fill(feedbackField(dialog), 'Half done');
    await user.click(within(dialog).getByRole('button', { name: 'Next student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Bruno Díaz' })).toBeInTheDocument();
    expect(gradeField(dialog)).toHaveValue('17.5');

    await user.click(within(dialog).getByRole('button', { name: 'Previous student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    expect(gradeField(dialog)).toHaveValue('12');
    expect(feedbackField(dialog)).toHaveValue('Half done');
    expect(gradeSubmission).not.toHaveBeenCalled();
  });
});

describe('Grading in Spanish', () => {
  it('speaks Spanish', async () => {
    const { user } = renderPage('es');
    const card = await screen.findByRole('article', { name: 'Write a formal email' });
    await user.click(within(card).getByRole('button', { name: 'Ver entregas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregas: Write a formal email' });

    expect(await within(dialog).findByRole('heading', { name: 'Ana García' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Entrega 1 de 3');
    expect(dialog).toHaveTextContent('Pendiente de calificar');
    await user.click(within(dialog).getByRole('button', { name: 'Estudiante siguiente' }));
    expect(within(dialog).getByText('Tardía')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Estudiante siguiente' }));
    expect(await within(dialog).findByRole('heading', { name: 'Desconocido' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar calificación' }));
    expect(await within(dialog).findByText('Ingresa una calificación.')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('textbox', { name: 'Calificación' }),
    ).toHaveAccessibleDescription(/De 0 a 20 puntos/);
  });
});

describe('Grading with a rubric (issue 32)', () => {
  const rubric = {
    title: 'Letters',
    criteria: [
      {
        id: 'tone',
        title: 'Tone',
        levels: [
          { id: 'tone-1', title: 'Informal', points: 2 },
          { id: 'tone-2', title: 'Formal', points: 9 },
        ],
      },
      {
        id: 'form',
        title: 'Form',
        levels: [
          { id: 'form-1', title: 'Loose', points: 1 },
          { id: 'form-2', title: 'Complete', points: 8.5 },
        ],
      },
    ],
  };

  beforeEach(() => {
    loadActivities.mockResolvedValue(
      ok({
        stats: { total: 1, activeCourses: 1, scheduledClasses: 0, dueThisWeek: 0 },
        page: paged([{ ...essay, rubric, rubricId: 'rubric-1' }], 1, 1, 12),
      }),
    );
    listSubmissions.mockResolvedValue(ok(paged([work()])));
  });

  it('grades by levels: the grade is read-only, the total live, and the levels are what is sent', async () => {
    gradeSubmission.mockResolvedValue(ok({ ...work(), grade: 17.5, status: 'graded' }));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await within(dialog).findByRole('heading', { name: 'Ana García' });

    const grade = within(dialog).getByRole('textbox', { name: 'Grade' });
    expect(grade).toHaveAttribute('readonly');
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(
      await within(dialog).findByText('Choose a level of every criterion.'),
    ).toBeInTheDocument();
    expect(gradeSubmission).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('radio', { name: 'Formal (9 pts)' }));
    expect(within(dialog).getByText('1 of 2 criteria chosen')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Complete (8.5 pts)' }));
    expect(within(dialog).getByText('Total: 17.5 of 20 points')).toBeInTheDocument();
    expect(grade).toHaveValue('17.5');

    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    await waitFor(() =>
      expect(gradeSubmission).toHaveBeenCalledWith({
        id: 'sub-1',
        grade: expect.any(Number),
        feedback: null,
        feedbackAudio: null,
        rubricScores: { tone: 'tone-2', form: 'form-2' },
      }),
    );
  });
});
