import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activityManagementReadModel,
  coursesService,
  fail,
  ok,
  submissionsService,
  type GradingSubmission,
  type ManagedActivity,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import ActivitiesScreen from './activities-screen';

// Spoken work in the grading panel (spoken-work.tsx), opened from an activity's card as a teacher does. The unit boundary is the
// service: the query and mutation options call these objects, replaced in place.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  Object.assign(actual.activityManagementReadModel, { get: vi.fn() });
  Object.assign(actual.coursesService, { list: vi.fn() });
  Object.assign(actual.submissionsService, {
    listForGrading: vi.fn(),
    grade: vi.fn(),
    getSignedUrl: vi.fn(),
    getFeedbackAudioUrl: vi.fn(),
    uploadFeedbackAudio: vi.fn(),
    discardFeedbackAudio: vi.fn(),
  });
  return actual;
});

const loadActivities = vi.mocked(activityManagementReadModel.get);
const listSubmissions = vi.mocked(submissionsService.listForGrading);
const gradeSubmission = vi.mocked(submissionsService.grade);
const signedUrl = vi.mocked(submissionsService.getSignedUrl);
const feedbackUrl = vi.mocked(submissionsService.getFeedbackAudioUrl);
const uploadFeedback = vi.mocked(submissionsService.uploadFeedbackAudio);
const discardFeedback = vi.mocked(submissionsService.discardFeedbackAudio);

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

const spoken = work({
  fileUrls: ['student-1/activity-1/1700000000000-k3j9x2ab.webm'],
  fileNames: ['recording-20260314-180500.webm'],
  feedbackAudio: 'activity-1/sub-1/feedback-1700000000000-abcd1234.webm',
});

function paged<T>(items: T[], total = items.length, page = 1, limit = 20): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

function renderPage(language: Language = 'en') {
  return renderScreen(<ActivitiesScreen />, { language, path: '/activities' });
}

async function openSubmissions(user: ReturnType<typeof renderPage>['user']) {
  const card = await screen.findByRole('article', { name: 'Write a formal email' });
  await user.click(within(card).getByRole('button', { name: 'View submissions' }));
  const dialog = await screen.findByRole('dialog', { name: 'Submissions: Write a formal email' });
  await within(dialog).findByRole('heading', { name: 'Ana García' });
  return dialog;
}

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
  listSubmissions.mockResolvedValue(ok(paged([spoken])));
  signedUrl.mockResolvedValue(ok('https://storage.test/answer.webm'));
  feedbackUrl.mockResolvedValue(ok('https://storage.test/feedback.webm'));
  discardFeedback.mockResolvedValue(undefined);
});

describe('Grading: spoken work', () => {
  it("plays the student's recording and the saved recorded feedback in the dialog", async () => {
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const answer = await within(dialog).findByLabelText('Listen to recording-20260314-180500.webm');
    expect(answer.tagName).toBe('AUDIO');
    await waitFor(() => expect(answer).toHaveAttribute('src', 'https://storage.test/answer.webm'));
    expect(signedUrl).toHaveBeenCalledWith('student-1/activity-1/1700000000000-k3j9x2ab.webm');
    const feedback = await within(dialog).findByLabelText('Recorded feedback');
    await waitFor(() =>
      expect(feedback).toHaveAttribute('src', 'https://storage.test/feedback.webm'),
    );
    expect(feedbackUrl).toHaveBeenCalledWith(spoken.feedbackAudio);
    expect(within(dialog).getByRole('button', { name: 'Record new feedback' })).toBeEnabled();
  });

  it('removes the recorded feedback with the grade, and can keep it after all', async () => {
    gradeSubmission.mockResolvedValue(ok(work({ grade: 15, status: 'graded' })));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove recorded feedback' }));
    expect(dialog).toHaveTextContent('The recorded feedback is removed when you save the grade.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep recorded feedback' }));
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove recorded feedback' }));

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Grade' }), {
      target: { value: '15' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    expect(gradeSubmission).toHaveBeenCalledWith({
      id: 'sub-1',
      grade: 15,
      feedback: null,
      feedbackAudio: null,
    });
    // A saved recording is the database's to clean up once replaced; nothing is deleted here.
    expect(discardFeedback).not.toHaveBeenCalled();
  });

  it('uploads an audio file as feedback with progress, saves it with the grade, and drops one replaced before saving', async () => {
    listSubmissions.mockResolvedValue(ok(paged([work()])));
    uploadFeedback
      .mockImplementationOnce(async (_file, _activity, _submission, onProgress) => {
        onProgress?.(0.5);
        return ok('activity-1/sub-1/feedback-1-first.webm');
      })
      .mockResolvedValueOnce(ok('activity-1/sub-1/feedback-2-second.ogg'));
    gradeSubmission.mockResolvedValue(ok(work({ grade: 12, status: 'graded' })));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no audio file input');
    const first = new File(['opus'], 'comments.webm', { type: 'audio/webm' });
    await user.upload(input, first);
    expect(uploadFeedback).toHaveBeenCalledWith(first, 'activity-1', 'sub-1', expect.any(Function));
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Not saved yet: Save grade keeps it.');

    const second = new File(['opus'], 'better.ogg', { type: 'audio/ogg' });
    await user.upload(input, second);
    await waitFor(() =>
      expect(discardFeedback).toHaveBeenCalledWith('activity-1/sub-1/feedback-1-first.webm'),
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Grade' }), {
      target: { value: '12' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    expect(gradeSubmission).toHaveBeenCalledWith(
      expect.objectContaining({ feedbackAudio: 'activity-1/sub-1/feedback-2-second.ogg' }),
    );
  });

  it('drops recorded feedback uploaded but never saved when the dialog is closed without saving', async () => {
    listSubmissions.mockResolvedValue(ok(paged([work()])));
    uploadFeedback.mockResolvedValue(ok('activity-1/sub-1/feedback-3-unsaved.webm'));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no audio file input');
    await user.upload(input, new File(['opus'], 'comments.webm', { type: 'audio/webm' }));
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();

    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
    // Keep editing loses nothing: the recording stays.
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(discardFeedback).not.toHaveBeenCalled();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() =>
      expect(discardFeedback).toHaveBeenCalledWith('activity-1/sub-1/feedback-3-unsaved.webm'),
    );
  });

  it('keeps recorded feedback saved with the grade when the dialog closes afterwards', async () => {
    listSubmissions.mockResolvedValue(ok(paged([work()])));
    uploadFeedback.mockResolvedValue(ok('activity-1/sub-1/feedback-4-saved.webm'));
    gradeSubmission.mockResolvedValue(ok(work({ grade: 12, status: 'graded' })));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no audio file input');
    await user.upload(input, new File(['opus'], 'comments.webm', { type: 'audio/webm' }));
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Grade' }), {
      target: { value: '12' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    // Typing again before the list has re-read the submission (here it never shows the recording):
    // the recording saved a moment ago is still kept when the changes are discarded.
    await user.type(within(dialog).getByRole('textbox', { name: 'Feedback (optional)' }), 'More');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(discardFeedback).not.toHaveBeenCalled();
  });

  it('saves recorded feedback beside the levels of a rubric, in one grade', async () => {
    const rubric = {
      title: 'Speaking',
      criteria: [
        {
          id: 'flu',
          title: 'Fluency',
          levels: [
            { id: 'flu-1', title: 'Hesitant', points: 4 },
            { id: 'flu-2', title: 'Fluent', points: 20 },
          ],
        },
      ],
    };
    loadActivities.mockResolvedValue(
      ok({
        stats: { total: 1, activeCourses: 1, scheduledClasses: 0, dueThisWeek: 0 },
        page: paged([{ ...essay, rubric, rubricId: null }], 1, 1, 12),
      }),
    );
    listSubmissions.mockResolvedValue(ok(paged([work()])));
    uploadFeedback.mockResolvedValue(ok('activity-1/sub-1/feedback-1-spoken.webm'));
    gradeSubmission.mockResolvedValue(ok(work({ grade: 20, status: 'graded' })));
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no audio file input');
    await user.upload(input, new File(['opus'], 'comments.webm', { type: 'audio/webm' }));
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Fluent (20 pts)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await screen.findByText('Grade saved')).toBeInTheDocument();
    expect(gradeSubmission).toHaveBeenCalledWith({
      id: 'sub-1',
      grade: expect.any(Number),
      feedback: null,
      feedbackAudio: 'activity-1/sub-1/feedback-1-spoken.webm',
      rubricScores: { flu: 'flu-2' },
    });
  });

  it("says why a recorded feedback was not uploaded, in the user's language", async () => {
    listSubmissions.mockResolvedValue(ok(paged([work()])));
    uploadFeedback.mockResolvedValue(
      fail('UPLOAD_SUBMISSION_FILE_ERROR', 'new row violates row-level security policy', {
        status: 403,
      }),
    );
    const { user } = renderPage();
    const dialog = await openSubmissions(user);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no audio file input');
    await user.upload(input, new File(['opus'], 'comments.webm', { type: 'audio/webm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The recorded feedback was not uploaded:');
    expect(alert).not.toHaveTextContent('row-level security');
  });
});
