// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { StudentActivity } from '@portal/shared-data';
import { countDueThisWeek, filterActivities, formatPoints, submitState } from './activity-rules';

function activity(overrides: Partial<StudentActivity> = {}): StudentActivity {
  return {
    id: 'a1',
    title: 'Write a formal email',
    description: 'Ask a supplier for a quote',
    type: 'assignment',
    courseId: 'c1',
    courseTitle: 'Business Spanish',
    classId: null,
    classTitle: null,
    classScheduledDate: null,
    dueDate: '2025-03-15T21:00:00Z',
    maxPoints: 100,
    instructions: null,
    allowLateSubmission: false,
    recordingLimitSeconds: 180,
    skills: [],
    cefrLevel: null,
    rubric: null,
    mySubmission: null,
    ...overrides,
  };
}

const now = new Date('2025-03-10T12:00:00Z');

describe('filterActivities', () => {
  const list = [
    activity(),
    activity({ id: 'a2', title: 'Quiz', description: 'SER or ESTAR', courseId: 'c2' }),
    activity({ id: 'a3', title: 'Pitch', description: '', classId: 'k1', courseId: 'c2' }),
  ];

  it('matches title or description without regard to case', () => {
    expect(filterActivities(list, { search: 'estar', courseId: null }).map((a) => a.id)).toEqual([
      'a2',
    ]);
    expect(
      filterActivities(list, { search: '  FORMAL ', courseId: null }).map((a) => a.id),
    ).toEqual(['a1']);
  });

  it('filters by course, class activities included through their course', () => {
    expect(filterActivities(list, { search: '', courseId: 'c2' }).map((a) => a.id)).toEqual([
      'a2',
      'a3',
    ]);
    expect(filterActivities(list, { search: 'pitch', courseId: 'c1' })).toEqual([]);
  });
});

describe('countDueThisWeek', () => {
  it('counts due dates from now to 7 days ahead', () => {
    expect(
      countDueThisWeek(
        [
          activity(),
          activity({ dueDate: '2025-03-09T12:00:00Z' }),
          activity({ dueDate: '2025-03-18T12:00:00Z' }),
          activity({ dueDate: null }),
        ],
        now,
      ),
    ).toBe(1);
  });
});

describe('submitState', () => {
  it('is open before the due date, and for late-friendly activities after it', () => {
    expect(submitState(activity(), now)).toBe('open');
    expect(submitState(activity({ dueDate: null }), now)).toBe('open');
    expect(
      submitState(activity({ dueDate: '2025-03-01T00:00:00Z', allowLateSubmission: true }), now),
    ).toBe('open');
  });

  it('is closed after the due date otherwise, and graded work cannot be sent again', () => {
    expect(submitState(activity({ dueDate: '2025-03-01T00:00:00Z' }), now)).toBe('closed');
    const graded = {
      id: 's',
      status: 'graded' as const,
      grade: 80,
      feedback: null,
      feedbackAudio: null,
      submittedAt: null,
      rubricScores: null,
    };
    expect(submitState(activity({ mySubmission: graded }), now)).toBe('graded');
  });
});

describe('formatPoints', () => {
  it('writes up to two decimals in the UI locale', () => {
    expect(formatPoints(88, 'en-US')).toBe('88');
    expect(formatPoints(17.5, 'en-US')).toBe('17.5');
    expect(formatPoints(17.5, 'es')).toBe('17,5');
  });
});
