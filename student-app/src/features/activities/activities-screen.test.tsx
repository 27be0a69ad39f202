import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  studentActivitiesReadModel,
  submissionsService,
  type Result,
  type StudentActivitiesOverview,
  type StudentActivity,
  type Submission,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import ActivitiesScreen from './activities-screen';

// The query and mutation options call these objects from inside shared-data, so the test
// replaces their functions in place (the unit boundary is the read model and the service).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.studentActivitiesReadModel.overview = vi.fn();
  actual.submissionsService.list = vi.fn();
  actual.submissionsService.uploadFile = vi.fn();
  actual.submissionsService.submit = vi.fn();
  actual.submissionsService.getSignedUrl = vi.fn();
  actual.submissionsService.getFeedbackAudioUrl = vi.fn();
  return actual;
});

const overview = vi.mocked(studentActivitiesReadModel.overview);
const listSubmissions = vi.mocked(submissionsService.list);
const uploadFile = vi.mocked(submissionsService.uploadFile);
const submitWork = vi.mocked(submissionsService.submit);
const getSignedUrl = vi.mocked(submissionsService.getSignedUrl);
const getFeedbackAudioUrl = vi.mocked(submissionsService.getFeedbackAudioUrl);

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function activity(overrides: Partial<StudentActivity> = {}): StudentActivity {
  return {
    id: 'open',
    title: 'Write a formal email',
    description: 'Ask a supplier for a quote',
    type: 'assignment',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    classId: null,
    classTitle: null,
    classScheduledDate: null,
    dueDate: inDays(3),
    maxPoints: 100,
    instructions: 'Two paragraphs, formal register.',
    allowLateSubmission: false,
    recordingLimitSeconds: 180,
    skills: [],
    cefrLevel: null,
    rubric: null,
    mySubmission: null,
    ...overrides,
  };
}

const graded = activity({
  id: 'graded',
  title: 'Describe your daily routine',
  description: 'Reflexive verbs',
  courseId: 'course-2',
  courseTitle: 'Spanish for Beginners',
  dueDate: inDays(-5),
  mySubmission: {
    id: 'submission-graded',
    status: 'graded',
    grade: 88,
    feedback: 'Muy bien',
    feedbackAudio: null,
    submittedAt: inDays(-6),
    rubricScores: null,
  },
});
const closed = activity({
  id: 'closed',
  title: 'Quiz: ser vs estar',
  description: 'Twenty sentences',
  type: 'quiz',
  courseId: 'course-2',
  courseTitle: 'Spanish for Beginners',
  classId: 'class-1',
  classTitle: 'Lesson 12',
  dueDate: inDays(-2),
  maxPoints: 20,
});
const submitted = activity({
  id: 'submitted',
  title: 'Numbers and the alphabet',
  description: 'Spell your name',
  type: 'homework',
  dueDate: inDays(10),
  maxPoints: 30,
  mySubmission: {
    id: 'submission-1',
    status: 'submitted',
    grade: null,
    feedback: null,
    feedbackAudio: null,
    submittedAt: inDays(-1),
    rubricScores: null,
  },
});
const late = activity({
  id: 'late',
  title: 'Negotiation plan',
  description: 'Case study',
  type: 'project',
  dueDate: inDays(-1),
  allowLateSubmission: true,
});

function data(activities: StudentActivity[]): StudentActivitiesOverview {
  return {
    activities,
    courses: [
      { id: 'course-1', title: 'Business Spanish' },
      { id: 'course-2', title: 'Spanish for Beginners' },
    ],
    upcomingClassCount: 7,
  };
}

function ok<T>(value: T): Result<T> {
  return { success: true, data: value };
}

function submission(overrides: Partial<Submission> = {}): Submission {
  return {
    id: 'submission-new',
    activityId: 'open',
    activityTitle: 'Write a formal email',
    maxPoints: 100,
    studentId: 'student-1',
    studentName: 'Emma Collins',
    submissionText: 'Dear supplier',
    fileUrls: [],
    fileNames: [],
    submittedAt: new Date().toISOString(),
    status: 'submitted',
    grade: null,
    feedback: null,
    feedbackAudio: null,
    gradedBy: null,
    gradedAt: null,
    rubricScores: null,
    ...overrides,
  };
}

function paged(items: Submission[]) {
  return ok({ items, total: items.length, page: 1, limit: 1, totalPages: items.length });
}

function renderPage(language: Language = 'en') {
  return renderScreen(<ActivitiesScreen />, { language });
}

function statValue(name: string): string {
  const card = screen.getByRole('group', { name });
  const id = card.getAttribute('aria-describedby');
  return (id && document.getElementById(id)?.textContent) || '';
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

function fileInput(): HTMLInputElement {
  const input = screen.getByRole('dialog').querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

beforeEach(() => {
  vi.clearAllMocks();
  overview.mockReset();
});

describe('Activities (student)', () => {
  it('shows a loader while the activities load', async () => {
    overview.mockReturnValue(new Promise(() => {}));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading activities…' })).toBeInTheDocument();
  });

  it("shows 'Error loading activities:' with Try again, which loads again", async () => {
    overview.mockResolvedValueOnce({
      success: false,
      error: { code: 'FETCH_ACTIVITIES_ERROR', message: 'relation "activities" is locked' },
    });
    overview.mockResolvedValueOnce(ok(data([activity()])));

    const { user } = renderPage();

    expect(await screen.findByText('Error loading activities:')).toBeInTheDocument();
    expect(
      screen.getByText(/The data could not be loaded\. Please try again\./),
    ).toBeInTheDocument();
    expect(screen.queryByText(/is locked/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('article', { name: 'Write a formal email' }),
    ).toBeInTheDocument();
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it('says so when there are no activities', async () => {
    overview.mockResolvedValue(ok({ activities: [], courses: [], upcomingClassCount: 0 }));
    renderPage();
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
    expect(statValue('Total Activities')).toBe('0');
  });

  it('shows the stats and a card per activity, loaded in one call of the read model', async () => {
    overview.mockResolvedValue(ok(data([activity(), graded, closed, submitted, late])));

    renderPage();

    expect(
      await screen.findByRole('article', { name: 'Write a formal email' }),
    ).toBeInTheDocument();
    expect(overview).toHaveBeenCalledTimes(1);
    expect(statValue('Total Activities')).toBe('5');
    expect(statValue('Enrolled Courses')).toBe('2');
    expect(statValue('Scheduled Classes')).toBe('7');
    expect(statValue('Due This Week')).toBe('1');
    expect(screen.getByText('5 activities')).toBeInTheDocument();

    const open = card('Write a formal email');
    expect(open).toHaveTextContent('Assignment');
    expect(open).toHaveTextContent('Course: Business Spanish');
    expect(open).toHaveTextContent('100 points');
    expect(open).toHaveTextContent('Not submitted');
    expect(within(open).getByRole('button', { name: 'Submit' })).toBeEnabled();

    const gradedCard = card('Describe your daily routine');
    expect(gradedCard).toHaveTextContent('Graded 88/100');
    expect(within(gradedCard).queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();

    const closedCard = card('Quiz: ser vs estar');
    expect(closedCard).toHaveTextContent('Quiz');
    expect(closedCard).toHaveTextContent('Class: Lesson 12 (Spanish for Beginners)');
    expect(closedCard).toHaveTextContent('20 points');
    const due = within(closedCard).getByText(/^Due /);
    expect(due.getAttribute('style') ?? '').toContain('red');
    const blocked = within(closedCard).getByRole('button', { name: 'Submit' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('The due date for this activity has passed');

    expect(card('Numbers and the alphabet')).toHaveTextContent('Submitted');
    expect(
      within(card('Numbers and the alphabet')).getByRole('button', { name: 'Resubmit' }),
    ).toBeEnabled();
    const lateCard = card('Negotiation plan');
    expect(lateCard).toHaveTextContent('Late submissions are accepted');
    expect(within(lateCard).getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(within(open).getByText(/^Due /).getAttribute('style') ?? '').not.toContain('red');
  });

  it('searches title and description', async () => {
    overview.mockResolvedValue(ok(data([activity(), graded, closed])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });

    // Pasted in one event: typing letter by letter only makes the test slower.
    await user.click(screen.getByRole('searchbox', { name: 'Search activities' }));
    await user.paste('REFLEXIVE');
    expect(
      screen.getAllByRole('article').map((element) => element.getAttribute('aria-labelledby')),
    ).toHaveLength(1);
    expect(card('Describe your daily routine')).toBeInTheDocument();
    expect(screen.getByText('1 activity')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('filters by course, and says so when nothing matches', async () => {
    overview.mockResolvedValue(ok(data([activity(), graded, closed])));
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Write a formal email' });

    await user.click(screen.getByRole('combobox', { name: 'Course' }));
    await user.click(await screen.findByRole('option', { name: 'Business Spanish' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(card('Write a formal email')).toBeInTheDocument();

    await user.click(screen.getByRole('searchbox', { name: 'Search activities' }));
    await user.paste('zzz');
    expect(screen.getByText('No activities match your filters.')).toBeInTheDocument();
  });

  it('View shows the details, the own submission with its files by their own names, the grade and the feedback', async () => {
    overview.mockResolvedValue(ok(data([graded])));
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-graded',
          activityId: 'graded',
          submissionText: 'Me levanto a las siete.',
          fileUrls: ['student-1/graded/1700-routine.txt'],
          fileNames: ['Mi rutina.txt'],
          status: 'graded',
          grade: 88,
          feedback: 'Muy bien, Emma.',
        }),
      ]),
    );
    getSignedUrl.mockResolvedValue(ok('https://files.test/signed/routine.txt'));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Describe your daily routine' })).getByRole(
        'button',
        { name: 'View' },
      ),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Describe your daily routine' });
    expect(dialog).toHaveTextContent('Reflexive verbs');
    expect(dialog).toHaveTextContent('Two paragraphs, formal register.');
    expect(within(dialog).getByText('Points')).toBeInTheDocument();
    expect(await within(dialog).findByText('Me levanto a las siete.')).toBeInTheDocument();
    expect(listSubmissions).toHaveBeenCalledWith({
      activityId: 'graded',
      studentId: 'student-1',
      limit: 1,
    });
    expect(within(dialog).queryByText('1700-routine.txt')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('88 / 100');
    expect(dialog).toHaveTextContent('Muy bien, Emma.');
    expect(within(dialog).queryByRole('button', { name: /submit/i })).not.toBeInTheDocument();

    // The × in the header and the Close button below both carry the name.
    const closers = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closers).toHaveLength(2);
    await user.click(closers[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('View plays the recorded feedback and shows the filled rubric beside the grade', async () => {
    const rubric = {
      title: 'Routine',
      criteria: [
        {
          id: 'verbs',
          title: 'Reflexive verbs',
          levels: [
            { id: 'verbs-1', title: 'Some', points: 40 },
            { id: 'verbs-2', title: 'All', points: 88 },
          ],
        },
      ],
    };
    const audio = 'graded/submission-graded/feedback-1700000000000-abcd1234.webm';
    overview.mockResolvedValue(
      ok(
        data([
          {
            ...graded,
            rubric,
            mySubmission: {
              ...graded.mySubmission!,
              feedbackAudio: audio,
              rubricScores: { verbs: 'verbs-2' },
            },
          },
        ]),
      ),
    );
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-graded',
          activityId: 'graded',
          status: 'graded',
          grade: 88,
          feedback: 'Muy bien, Emma.',
          feedbackAudio: audio,
          rubricScores: { verbs: 'verbs-2' },
        }),
      ]),
    );
    getFeedbackAudioUrl.mockResolvedValue(ok('https://files.test/signed/feedback.webm'));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Describe your daily routine' })).getByRole(
        'button',
        { name: 'View' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Describe your daily routine' });
    const player = await within(dialog).findByLabelText('Recorded feedback');
    await waitFor(() =>
      expect(player).toHaveAttribute('src', 'https://files.test/signed/feedback.webm'),
    );
    expect(getFeedbackAudioUrl).toHaveBeenCalledWith(audio);
    const table = within(dialog).getByRole('table', { name: 'Rubric: Routine' });
    expect(within(table).getByRole('row', { name: /Reflexive verbs/ })).toHaveTextContent('All');
    expect(dialog).toHaveTextContent('Muy bien, Emma.');
  });

  it('does not say "No feedback yet" above feedback that was recorded, not written', async () => {
    const audio = 'graded/submission-graded/feedback-1700000000000-abcd1234.webm';
    overview.mockResolvedValue(
      ok(data([{ ...graded, mySubmission: { ...graded.mySubmission!, feedbackAudio: audio } }])),
    );
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-graded',
          activityId: 'graded',
          status: 'graded',
          grade: 88,
          feedback: null,
          feedbackAudio: audio,
        }),
      ]),
    );
    getFeedbackAudioUrl.mockResolvedValue(ok('https://files.test/signed/feedback.webm'));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Describe your daily routine' })).getByRole(
        'button',
        { name: 'View' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Describe your daily routine' });
    expect(await within(dialog).findByLabelText('Recorded feedback')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('No feedback yet.');
  });

  it('opens a handed-in file in the viewer under the name it had, and downloads it under that name', async () => {
    overview.mockResolvedValue(ok(data([graded])));
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-graded',
          activityId: 'graded',
          fileUrls: ['student-1/graded/1700-routine.txt'],
          fileNames: ['Mi rutina.txt'],
          status: 'graded',
        }),
      ]),
    );
    getSignedUrl.mockResolvedValue(ok('https://files.test/signed/1700-routine.txt?token=t'));
    const fetchText = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('Me levanto a las siete.'));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Describe your daily routine' })).getByRole(
        'button',
        { name: 'View' },
      ),
    );
    const details = await screen.findByRole('dialog', { name: 'Describe your daily routine' });
    await user.click(await within(details).findByRole('button', { name: 'Mi rutina.txt' }));

    const viewer = await screen.findByRole('dialog', { name: 'Mi rutina.txt' });
    expect(getSignedUrl).toHaveBeenCalledWith('student-1/graded/1700-routine.txt');
    expect(
      await within(viewer).findByRole('region', { name: 'Preview of Mi rutina.txt' }),
    ).toHaveTextContent('Me levanto a las siete.');
    expect(viewer).not.toHaveTextContent('1700-routine');

    await user.click(within(viewer).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0]!).searchParams.get('download')).toBe('Mi rutina.txt');

    // Closing the viewer goes back to the details.
    await user.click(within(viewer).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mi rutina.txt' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Describe your daily routine' })).toBeInTheDocument();
    fetchText.mockRestore();
    click.mockRestore();
  });

  it('names a file handed in before names were kept by its stored name', async () => {
    overview.mockResolvedValue(ok(data([graded])));
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-graded',
          activityId: 'graded',
          fileUrls: ['student-1/graded/1700-routine.txt'],
          fileNames: [],
          status: 'graded',
        }),
      ]),
    );
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Describe your daily routine' })).getByRole(
        'button',
        { name: 'View' },
      ),
    );
    const details = await screen.findByRole('dialog', { name: 'Describe your daily routine' });
    expect(
      await within(details).findByRole('button', { name: '1700-routine.txt' }),
    ).toBeInTheDocument();
  });

  it('View of an activity not yet submitted says so without asking the server, and offers Submit', async () => {
    overview.mockResolvedValue(ok(data([late])));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Negotiation plan' })).getByRole('button', {
        name: 'View',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Negotiation plan' });
    expect(dialog).toHaveTextContent('You have not submitted this activity yet.');
    expect(dialog).toHaveTextContent('Late submissions are accepted for this activity.');
    expect(listSubmissions).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('dialog', { name: 'Submit: Negotiation plan' }),
    ).toBeInTheDocument();
  });

  it('Submit uploads the files first, then sends text and file names; the list shows the new status', async () => {
    overview.mockResolvedValueOnce(ok(data([activity()])));
    // What the server answers once the submission is saved.
    overview.mockResolvedValue(
      ok(
        data([
          activity({
            mySubmission: {
              id: 'submission-new',
              status: 'submitted',
              grade: null,
              feedback: null,
              feedbackAudio: null,
              submittedAt: new Date().toISOString(),
              rubricScores: null,
            },
          }),
        ]),
      ),
    );
    uploadFile.mockResolvedValue(ok('student-1/open/1700-abc.pdf'));
    submitWork.mockResolvedValue(ok(submission({ fileUrls: ['student-1/open/1700-abc.pdf'] })));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit: Write a formal email' });

    const answer = within(dialog).getByLabelText('Your answer');
    await user.type(answer, 'Dear supplier');
    // The database allows 20,000 characters: the field counts them.
    expect(answer).toHaveAccessibleDescription('13/20000');
    const pdf = new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Submission sent')).toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledWith(pdf, 'open', 'student-1', expect.any(Function));
    expect(submitWork).toHaveBeenCalledWith({
      activityId: 'open',
      studentId: 'student-1',
      submissionText: 'Dear supplier',
      fileUrls: ['student-1/open/1700-abc.pdf'],
      fileNames: ['quote.pdf'],
    });
    expect(uploadFile.mock.invocationCallOrder[0]).toBeLessThan(
      submitWork.mock.invocationCallOrder[0] ?? 0,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const updated = card('Write a formal email');
    expect(await within(updated).findByRole('button', { name: 'Resubmit' })).toBeInTheDocument();
    expect(updated).toHaveTextContent('Submitted');
    expect(overview).toHaveBeenCalledTimes(2);
  });

  it('records an answer: the recording is attached as a WebM file and uploads with progress', async () => {
    // The browser's recorder and microphone at the unit boundary (Chromium's real ones: the e2e).
    class FakeRecorder {
      static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
      state = 'inactive';
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['opus'], { type: 'audio/webm' }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [] }) },
    });
    URL.createObjectURL = vi.fn(() => 'blob:answer');
    URL.revokeObjectURL = vi.fn();
    overview.mockResolvedValue(ok(data([activity({ recordingLimitSeconds: 120 })])));
    let finishUpload: () => void = () => undefined;
    uploadFile.mockImplementation((_file, _activity, _student, onProgress) => {
      onProgress?.(0.4);
      return new Promise((resolve) => {
        finishUpload = () => resolve(ok('student-1/open/1700-rec.webm'));
      });
    });
    submitWork.mockResolvedValue(ok(submission()));
    try {
      const { user } = renderPage();
      await user.click(
        within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
          'button',
          { name: 'Submit' },
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Submit: Write a formal email' });
      await user.click(within(dialog).getByRole('button', { name: 'Record an answer' }));
      expect(await within(dialog).findByText(/Up to 2:00/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Start recording' }));
      await user.click(await within(dialog).findByRole('button', { name: 'Stop recording' }));
      await user.click(
        await within(dialog).findByRole('button', { name: 'Attach this recording' }),
      );
      await waitFor(() =>
        expect(within(dialog).getByRole('button', { name: 'Record an answer' })).toHaveFocus(),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

      expect(await within(dialog).findByRole('progressbar')).toHaveAccessibleName(
        /^Uploading recording-\d{8}-\d{6}\.webm: 40%$/,
      );
      finishUpload();
      expect(await screen.findByText('Submission sent')).toBeInTheDocument();
      const [file] = uploadFile.mock.calls[0] ?? [];
      expect(file?.type).toBe('audio/webm');
      expect(submitWork).toHaveBeenCalledWith(
        expect.objectContaining({
          fileUrls: ['student-1/open/1700-rec.webm'],
          fileNames: [file?.name],
        }),
      );
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('says when the browser cannot record, and keeps the file upload', async () => {
    overview.mockResolvedValue(ok(data([activity()])));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit: Write a formal email' });
    await user.click(within(dialog).getByRole('button', { name: 'Record an answer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/cannot record audio here/);
    expect(fileInput()).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the text and files; a retry does not upload again", async () => {
    overview.mockResolvedValue(ok(data([activity()])));
    uploadFile.mockResolvedValue(ok('student-1/open/1700-abc.pdf'));
    submitWork.mockResolvedValueOnce({
      success: false,
      error: {
        code: 'CREATE_SUBMISSIONS_ERROR',
        message: 'The due date for this activity has passed',
      },
    });
    submitWork.mockResolvedValueOnce(ok(submission()));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit: Write a formal email' });
    await user.type(within(dialog).getByLabelText('Your answer'), 'Dear supplier');
    await user.upload(fileInput(), new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your work was not submitted: The due date for this activity has passed',
    );
    expect(within(dialog).getByLabelText('Your answer')).toHaveValue('Dear supplier');
    expect(dialog).toHaveTextContent('quote.pdf');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Submission sent')).toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(submitWork).toHaveBeenCalledTimes(2);
  });

  it('a failed upload is shown with the file name and nothing is submitted', async () => {
    overview.mockResolvedValue(ok(data([activity()])));
    uploadFile.mockResolvedValue({
      success: false,
      error: { code: 'UPLOAD_SUBMISSION_FILE_ERROR', message: 'Storage is full' },
    });
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'notes.txt could not be uploaded: The file could not be uploaded. Please try again.',
    );
    expect(alert).not.toHaveTextContent('Storage is full');
    expect(submitWork).not.toHaveBeenCalled();
  });

  it("words the service's size refusal in the user's language", async () => {
    overview.mockResolvedValue(ok(data([activity()])));
    uploadFile.mockResolvedValue({
      success: false,
      error: {
        code: 'UPLOAD_SUBMISSION_FILE_ERROR',
        message: 'File too large',
        details: { code: 'too_large', limitBytes: 1536, size: 2000 },
      },
    });
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    await user.upload(fileInput(), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('notes.txt is larger than 1.5 KB.');
    expect(alert).not.toHaveTextContent('File too large');
    expect(submitWork).not.toHaveBeenCalled();
  });

  it('checks type, size and length before uploading, and asks for text or a file', async () => {
    overview.mockResolvedValue(ok(data([activity()])));
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Write a formal email' })).getByRole(
        'button',
        { name: 'Submit' },
      ),
    );
    const dialog = await screen.findByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('Write your answer or attach at least one file.'),
    ).toBeInTheDocument();

    const huge = new File(['x'], 'lecture.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 21 * 1024 * 1024 });
    const program = new File(['x'], 'tool.exe', { type: 'application/x-msdownload' });
    fireEvent.change(fileInput(), { target: { files: [huge, program] } });

    expect(
      await within(dialog).findByText(/lecture\.mp4: each file can be at most 20 MB\./),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/tool\.exe: this type of file cannot be submitted\./),
    ).toBeInTheDocument();
    // Choosing files answered "nothing to send"; editing the text clears its error.
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(uploadFile).not.toHaveBeenCalled();

    const answer = within(dialog).getByLabelText('Your answer');
    fireEvent.change(answer, { target: { value: 'a'.repeat(20_001) } });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText('The answer can have at most 20000 characters.'),
    ).toBeInTheDocument();
    expect(answer).toHaveValue('a'.repeat(20_001));
    expect(uploadFile).not.toHaveBeenCalled();
    expect(submitWork).not.toHaveBeenCalled();
  });

  it('Resubmit starts from the previous submission, and a closed form keeps its draft', async () => {
    overview.mockResolvedValue(ok(data([submitted])));
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-1',
          activityId: 'submitted',
          submissionText: 'Me llamo Emma',
          fileUrls: ['student-1/submitted/1700-old.pdf'],
        }),
      ]),
    );
    submitWork.mockResolvedValue(ok(submission({ activityId: 'submitted' })));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Numbers and the alphabet' })).getByRole(
        'button',
        { name: 'Resubmit' },
      ),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Submit: Numbers and the alphabet' });
    const text = await within(dialog).findByLabelText('Your answer');
    expect(text).toHaveValue('Me llamo Emma');
    expect(dialog).toHaveTextContent('Sending again replaces your previous submission.');
    expect(within(dialog).getByText('1700-old.pdf')).toBeInTheDocument();

    await user.type(text, ', E-M-M-A');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      within(card('Numbers and the alphabet')).getByRole('button', { name: 'Resubmit' }),
    );
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Your answer')).toHaveValue('Me llamo Emma, E-M-M-A');
    expect(listSubmissions).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Remove 1700-old.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Submission sent');
    expect(submitWork).toHaveBeenCalledWith({
      activityId: 'submitted',
      studentId: 'student-1',
      submissionText: 'Me llamo Emma, E-M-M-A',
      fileUrls: [],
      fileNames: [],
    });
  });

  it('Resubmit shows the kept files by their original names and sends those names again with the new files', async () => {
    overview.mockResolvedValue(ok(data([submitted])));
    listSubmissions.mockResolvedValue(
      paged([
        submission({
          id: 'submission-1',
          activityId: 'submitted',
          submissionText: 'Me llamo Emma',
          fileUrls: ['student-1/submitted/1700-aa.pdf', 'student-1/submitted/1701-bb.pdf'],
          fileNames: ['Mi carta.pdf', 'Notas de clase.pdf'],
        }),
      ]),
    );
    uploadFile.mockResolvedValue(ok('student-1/submitted/1702-cc.pdf'));
    submitWork.mockResolvedValue(ok(submission({ activityId: 'submitted' })));

    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('article', { name: 'Numbers and the alphabet' })).getByRole(
        'button',
        { name: 'Resubmit' },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit: Numbers and the alphabet' });
    expect(await within(dialog).findByText('Mi carta.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('Notas de clase.pdf')).toBeInTheDocument();
    expect(within(dialog).queryByText('1700-aa.pdf')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove Notas de clase.pdf' }));
    const extra = new File(['%PDF'], 'Anexo final.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), extra);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Submission sent');
    expect(submitWork).toHaveBeenCalledWith({
      activityId: 'submitted',
      studentId: 'student-1',
      submissionText: 'Me llamo Emma',
      fileUrls: ['student-1/submitted/1700-aa.pdf', 'student-1/submitted/1702-cc.pdf'],
      fileNames: ['Mi carta.pdf', 'Anexo final.pdf'],
    });
  });

  it('speaks Spanish in the Spanish UI', async () => {
    overview.mockResolvedValue(ok(data([activity(), closed])));
    renderPage('es');
    expect(await screen.findByRole('group', { name: 'Total de actividades' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Vencen esta semana' })).toBeInTheDocument();
    const closedCard = card('Quiz: ser vs estar');
    expect(closedCard).toHaveTextContent('La fecha de entrega de esta actividad ya pasó');
    expect(closedCard).toHaveTextContent('Cuestionario');
    expect(
      within(card('Write a formal email')).getByRole('button', { name: 'Entregar' }),
    ).toBeEnabled();
    expect(screen.getByText('2 actividades')).toBeInTheDocument();
  });
});
