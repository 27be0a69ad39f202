import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activitiesService,
  activityManagementReadModel,
  coursesService,
  fail,
  gradingReadModel,
  ok,
  paths,
  submissionsService,
  type GradingSubmission,
  type ManagedActivity,
  type Paged,
  type WaitingSubmission,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import ActivitiesScreen from './activities-screen';

// A Grade link carries the submission (`/activities?submission=<id>`, the teacher dashboard's Recent
// submissions and the grading queue): the dialog opens on that submission, the address keeps it (a
// reload, a shared link), and one that is gone or not the teacher's says so. `?waiting=1` is the queue
// of work waiting for a grade. The unit boundary is the read model and the services.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.activityManagementReadModel, { get: vi.fn() });
  Object.assign(actual.activitiesService, { getManaged: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  Object.assign(actual.gradingReadModel, { place: vi.fn() });
  Object.assign(actual.submissionsService, { listForGrading: vi.fn(), listWaiting: vi.fn() });
  return actual;
});

const loadActivities = vi.mocked(activityManagementReadModel.get);
const getActivity = vi.mocked(activitiesService.getManaged);
const placeOf = vi.mocked(gradingReadModel.place);
const listSubmissions = vi.mocked(submissionsService.listForGrading);
const listWaiting = vi.mocked(submissionsService.listWaiting);

const TARGET = '5b7e2c1a-9d3f-4e8a-b1c2-0f6d7e8a9b10';

const essay: ManagedActivity = {
  id: 'activity-1',
  title: 'Write a formal email',
  description: 'Ask a supplier for a quote',
  type: 'assignment',
  courseId: 'course-1',
  classId: null,
  courseTitle: 'Business English',
  classTitle: null,
  dueDate: null,
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
  submissionCount: 25,
  gradedCount: 1,
};

function work(n: number, overrides: Partial<GradingSubmission> = {}): GradingSubmission {
  return {
    id: `sub-${n}`,
    activityId: 'activity-1',
    activityTitle: 'Write a formal email',
    maxPoints: 20,
    studentId: `student-${n}`,
    studentName: `Student ${String(n).padStart(2, '0')}`,
    studentEmail: null,
    submissionText: `Answer ${n}`,
    fileUrls: [],
    fileNames: [],
    submittedAt: '2026-03-14T18:05:00Z',
    status: 'submitted',
    grade: null,
    feedback: null,
    feedbackAudio: null,
    gradedBy: null,
    gradedAt: null,
    rubricScores: null,
    dueDate: null,
    isLate: false,
    ...overrides,
  };
}

function paged<T>(items: T[], total = items.length, page = 1, limit = 20): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

/** Page 2 of 25 submissions (20 a page), the linked one third on it: the 23rd in the dialog. */
const SECOND_PAGE = paged(
  [
    work(21),
    work(22),
    work(23, { id: TARGET, studentName: 'Carla Ruiz', submissionText: 'Mi carta' }),
    work(24),
    work(25),
  ],
  25,
  2,
);

function waiting(n: number, overrides: Partial<WaitingSubmission> = {}): WaitingSubmission {
  return {
    id: `waiting-${n}`,
    activityId: 'activity-1',
    activityTitle: 'Write a formal email',
    courseTitle: 'Business English',
    studentId: `student-${n}`,
    studentName: `Student ${n}`,
    submittedAt: new Date(2026, 2, n, 9, 0).toISOString(),
    isLate: false,
    ...overrides,
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderPage(path: string, language: Language = 'en') {
  return renderScreen(
    <>
      <ActivitiesScreen />
      <Address />
    </>,
    { language, path },
  );
}

const address = () =>
  new URL(screen.getByTestId('address').textContent ?? '', 'http://portal.test');

beforeEach(() => {
  notifications.clean();
  vi.clearAllMocks();
  loadActivities.mockResolvedValue(
    ok({
      stats: { total: 1, activeCourses: 1, scheduledClasses: 0, dueThisWeek: 0 },
      page: paged([essay], 1, 1, 12),
    }),
  );
  vi.mocked(coursesService.list).mockResolvedValue(ok(paged([], 0, 1, 100)));
  getActivity.mockResolvedValue(ok(essay));
  placeOf.mockResolvedValue(ok({ activityId: 'activity-1', position: 23 }));
  listSubmissions.mockImplementation(async ({ page }) =>
    ok(page === 2 ? SECOND_PAGE : paged([work(1), work(2)], 25, 1)),
  );
  listWaiting.mockResolvedValue(ok(paged([waiting(3), waiting(5)], 2, 1, 12)));
});

describe('Activities: a Grade link names the submission', () => {
  it('opens the grading dialog on that submission, on its page, and keeps it in the address', async () => {
    renderPage(paths.gradeSubmission(TARGET));

    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    expect(await within(dialog).findByRole('heading', { name: 'Carla Ruiz' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Mi carta');
    expect(dialog).toHaveTextContent('Submission 23 of 25');
    expect(placeOf).toHaveBeenCalledWith(TARGET);
    expect(listSubmissions).toHaveBeenCalledWith({ activityId: 'activity-1', page: 2, limit: 20 });
    expect(listSubmissions).not.toHaveBeenCalledWith(expect.objectContaining({ page: 1 }));
    // The address still names the submission: a reload or a shared link opens it again.
    expect(address().searchParams.get('submission')).toBe(TARGET);
  });

  it('opens the same submission again after a reload', async () => {
    const first = renderPage(paths.gradeSubmission(TARGET));
    await screen.findByRole('heading', { name: 'Carla Ruiz' });
    const reloaded = address().pathname + address().search;
    first.unmount();

    renderPage(reloaded);
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    expect(await within(dialog).findByRole('heading', { name: 'Carla Ruiz' })).toBeInTheDocument();
  });

  it('finds the submission on its page even when the list moved since its place was read', async () => {
    placeOf.mockResolvedValue(ok({ activityId: 'activity-1', position: 21 }));
    renderPage(paths.gradeSubmission(TARGET));
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    expect(await within(dialog).findByRole('heading', { name: 'Carla Ruiz' })).toBeInTheDocument();
  });

  it('takes the submission out of the address when the dialog closes', async () => {
    const { user } = renderPage(paths.gradeSubmission(TARGET));
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    await within(dialog).findByRole('heading', { name: 'Carla Ruiz' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address().search).toBe('');
  });

  it('says so, and opens no other submission, when the submission is gone or not the teacher’s', async () => {
    placeOf.mockResolvedValue(ok(null));
    const { user } = renderPage(paths.gradeSubmission(TARGET));

    const dialog = await screen.findByRole('dialog', { name: 'Submissions' });
    expect(
      await within(dialog).findByText(
        'This submission could not be found: it may have been deleted, or it is not in your courses.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Grade' })).not.toBeInTheDocument();
    expect(listSubmissions).not.toHaveBeenCalled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address().search).toBe('');
  });

  it('says why the submission could not be looked up, and Try again looks again', async () => {
    placeOf.mockResolvedValueOnce(
      fail('FETCH_SUBMISSIONS_ERROR', 'connection refused', { status: 503 }),
    );
    const { user } = renderPage(paths.gradeSubmission(TARGET), 'es');
    const dialog = await screen.findByRole('dialog', { name: 'Entregas' });
    expect(await within(dialog).findByText('Error al cargar las entregas:')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('connection refused');
    await user.click(within(dialog).getByRole('button', { name: 'Intentar de nuevo' }));
    const grading = await screen.findByRole('dialog', { name: 'Entregas: Write a formal email' });
    expect(await within(grading).findByRole('heading', { name: 'Carla Ruiz' })).toBeInTheDocument();
  });

  it("keeps an activity's submissions in the address when opened from its card", async () => {
    const { user } = renderPage(paths.activities);
    const card = await screen.findByRole('article', { name: 'Write a formal email' });
    await user.click(within(card).getByRole('button', { name: 'View submissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    expect(await within(dialog).findByRole('heading', { name: 'Student 01' })).toBeInTheDocument();
    expect(address().searchParams.get('activity')).toBe('activity-1');
    // The card gave the activity: it is not read again.
    expect(getActivity).not.toHaveBeenCalled();
  });
});

describe('Activities: the address follows the grader', () => {
  it('names the student on screen after Next, so a reload reopens that one, without reopening the dialog', async () => {
    const { user } = renderPage(paths.activities);
    const card = await screen.findByRole('article', { name: 'Write a formal email' });
    await user.click(within(card).getByRole('button', { name: 'View submissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    await within(dialog).findByRole('heading', { name: 'Student 01' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Feedback (optional)' }),
      'Buen trabajo',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Next student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Student 02' })).toBeInTheDocument();
    await waitFor(() => expect(address().searchParams.get('submission')).toBe('sub-2'));
    expect(address().searchParams.get('activity')).toBeNull();
    // The same dialog: nothing was read again, and the first student's draft is still there.
    expect(placeOf).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Previous student' }));
    await within(dialog).findByRole('heading', { name: 'Student 01' });
    expect(within(dialog).getByRole('textbox', { name: 'Feedback (optional)' })).toHaveValue(
      'Buen trabajo',
    );
    await waitFor(() => expect(address().searchParams.get('submission')).toBe('sub-1'));
  });

  it('follows a Grade link’s dialog to the previous student', async () => {
    const { user } = renderPage(paths.gradeSubmission(TARGET));
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    await within(dialog).findByRole('heading', { name: 'Carla Ruiz' });
    await user.click(within(dialog).getByRole('button', { name: 'Previous student' }));
    expect(await within(dialog).findByRole('heading', { name: 'Student 22' })).toBeInTheDocument();
    await waitFor(() => expect(address().searchParams.get('submission')).toBe('sub-22'));
    expect(placeOf).toHaveBeenCalledTimes(1);
  });
});

describe('Activities: the queue of work waiting for a grade', () => {
  it('lists the ungraded work of every course, oldest first, in one request, without the activity grid', async () => {
    listWaiting.mockResolvedValue(
      ok(
        paged(
          [
            waiting(3, { studentName: 'Nora Díaz', isLate: true }),
            waiting(5, {
              studentName: null,
              activityTitle: 'Greetings quiz',
              courseTitle: 'Spanish A1',
            }),
          ],
          14,
          1,
          12,
        ),
      ),
    );
    renderPage(paths.gradingQueue);

    expect(
      await screen.findByRole('heading', { name: '14 submissions waiting for a grade' }),
    ).toBeInTheDocument();
    expect(listWaiting).toHaveBeenCalledTimes(1);
    expect(listWaiting).toHaveBeenCalledWith({ page: 1, limit: 12 });
    expect(loadActivities).not.toHaveBeenCalled();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Write a formal email');
    expect(rows[0]).toHaveTextContent('Nora Díaz · Business English');
    expect(rows[0]).toHaveTextContent('Late');
    expect(rows[1]).toHaveTextContent('Unknown · Spanish A1');
    expect(screen.getByRole('radio', { name: 'Waiting for a grade' })).toBeChecked();
    expect(
      screen.getByRole('navigation', { name: 'Pages of work waiting for a grade' }),
    ).toBeInTheDocument();
  });

  it('opens the grading dialog on the submission a row names', async () => {
    const { user } = renderPage(paths.gradingQueue);
    await screen.findByRole('heading', { name: '2 submissions waiting for a grade' });
    placeOf.mockResolvedValue(ok({ activityId: 'activity-1', position: 23 }));

    await user.click(
      screen.getByRole('button', { name: 'Grade Write a formal email by Student 5' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
    expect(await within(dialog).findByRole('heading', { name: 'Carla Ruiz' })).toBeInTheDocument();
    expect(placeOf).toHaveBeenCalledWith('waiting-5');
    expect(address().searchParams.get('submission')).toBe('waiting-5');
    expect(address().searchParams.get('waiting')).toBe('1');
  });

  it('says so when nothing is waiting', async () => {
    listWaiting.mockResolvedValue(ok(paged<WaitingSubmission>([], 0, 1, 12)));
    renderPage(paths.gradingQueue);
    expect(await screen.findByText('Nothing is waiting for a grade')).toBeInTheDocument();
  });

  it("shows 'Error loading submissions:' with the reason, and Try again reads the queue again", async () => {
    listWaiting.mockResolvedValueOnce(
      fail('FETCH_SUBMISSIONS_ERROR', 'permission denied for view submission_list', {
        code: '42501',
      }),
    );
    const { user } = renderPage(paths.gradingQueue);
    expect(await screen.findByText('Error loading submissions:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: '2 submissions waiting for a grade' }),
    ).toBeInTheDocument();
  });

  it('switches between every activity and the queue, in the address', async () => {
    const { user } = renderPage(paths.activities, 'es');
    await screen.findByRole('article', { name: 'Write a formal email' });
    await user.click(screen.getByRole('radio', { name: 'Por calificar' }));
    expect(
      await screen.findByRole('heading', { name: '2 entregas por calificar' }),
    ).toBeInTheDocument();
    expect(address().searchParams.get('waiting')).toBe('1');
    await user.click(screen.getByRole('radio', { name: 'Todas las actividades' }));
    expect(
      await screen.findByRole('article', { name: 'Write a formal email' }),
    ).toBeInTheDocument();
    expect(address().search).toBe('');
  });
});
