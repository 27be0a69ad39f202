// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Activity } from '../mappers/activity';
import {
  ACTIVITY_DEFAULTS,
  activityFormFromActivity,
  emptyActivityForm,
  hasDueDate,
  toActivityInput,
  validateActivityForm,
  type ActivityFormValues,
} from './activity-form';

function form(overrides: Partial<ActivityFormValues> = {}): ActivityFormValues {
  return {
    ...emptyActivityForm(),
    title: 'Write a postcard',
    description: 'From your last holiday',
    courseId: 'course-1',
    ...overrides,
  };
}

function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 'activity-1',
    title: 'Write a postcard',
    description: 'From your last holiday',
    type: 'homework',
    courseId: 'course-1',
    classId: null,
    courseTitle: 'Spanish A1',
    classTitle: null,
    dueDate: new Date(2026, 5, 1, 23, 59).toISOString(),
    maxPoints: 20,
    instructions: 'One page',
    allowLateSubmission: true,
    isActive: false,
    recordingLimitSeconds: 240,
    createdBy: 'teacher-1',
    createdAt: '2026-01-01T00:00:00Z',
    skills: [],
    cefrLevel: null,
    rubric: null,
    rubricId: null,
    ...overrides,
  };
}

describe('emptyActivityForm', () => {
  it('starts as an assignment worth 100 points, late work off, for a course', () => {
    expect(emptyActivityForm()).toEqual({
      title: '',
      description: '',
      type: 'assignment',
      association: 'course',
      courseId: '',
      classId: '',
      dueDate: '',
      dueTime: '',
      maxPoints: 100,
      instructions: '',
      allowLateSubmission: false,
      isActive: true,
      recordingLimitSeconds: 180,
      skills: [],
      cefrLevel: '',
      rubric: null,
      rubricId: null,
    });
    expect(ACTIVITY_DEFAULTS).toEqual({
      type: 'assignment',
      maxPoints: 100,
      allowLateSubmission: false,
      isActive: true,
      recordingLimitSeconds: 180,
    });
  });
});

describe('validateActivityForm', () => {
  it.each([
    [30, undefined],
    [900, undefined],
    [29, 'activityRecordingLimitRange'],
    [901, 'activityRecordingLimitRange'],
    [90.5, 'activityRecordingLimitWhole'],
    ['', 'activityRecordingLimitRequired'],
  ])('checks the recording limit as the database does (%s s)', (seconds, error) => {
    expect(
      validateActivityForm(form({ recordingLimitSeconds: seconds })).recordingLimitSeconds,
    ).toBe(error);
  });

  it('accepts a complete form', () => {
    expect(validateActivityForm(form())).toEqual({});
    expect(
      validateActivityForm(form({ dueDate: '2026-06-01', dueTime: '23:59', instructions: 'x' })),
    ).toEqual({});
  });

  it('names every missing field of an empty form', () => {
    expect(validateActivityForm(emptyActivityForm())).toEqual({
      title: 'activityTitleRequired',
      description: 'activityDescriptionRequired',
      courseId: 'activityCourseRequired',
    });
  });

  it('needs the class, not the course, when the activity is for a class', () => {
    expect(validateActivityForm(form({ association: 'class', courseId: '' }))).toEqual({
      classId: 'activityClassRequired',
    });
    expect(validateActivityForm(form({ association: 'class', classId: 'class-1' }))).toEqual({});
  });

  it('treats blank texts as missing and counts characters after trimming', () => {
    expect(validateActivityForm(form({ title: '   ', description: '\n ' }))).toEqual({
      title: 'activityTitleRequired',
      description: 'activityDescriptionRequired',
    });
    expect(validateActivityForm(form({ title: ` ${'a'.repeat(200)} ` }))).toEqual({});
    expect(validateActivityForm(form({ title: 'a'.repeat(201) }))).toEqual({
      title: 'activityTitleTooLong',
    });
    expect(validateActivityForm(form({ title: '😀'.repeat(200) }))).toEqual({});
    expect(validateActivityForm(form({ description: 'a'.repeat(5001) }))).toEqual({
      description: 'activityDescriptionTooLong',
    });
    expect(validateActivityForm(form({ instructions: 'a'.repeat(10_001) }))).toEqual({
      instructions: 'activityInstructionsTooLong',
    });
    expect(validateActivityForm(form({ instructions: 'a'.repeat(10_000) }))).toEqual({});
  });

  it.each<[number | string, string | undefined]>([
    ['', 'activityMaxPointsRequired'],
    ['  ', 'activityMaxPointsRequired'],
    ['abc', 'activityMaxPointsRequired'],
    [0, 'activityMaxPointsMin'],
    [-5, 'activityMaxPointsMin'],
    [1, undefined],
    ['12', undefined],
    [12.5, 'activityMaxPointsWhole'],
    [9999, undefined],
    [10_000, 'activityMaxPointsMax'],
  ])('max points %j → %s', (maxPoints, key) => {
    expect(validateActivityForm(form({ maxPoints })).maxPoints).toBe(key);
  });

  it('checks the due time only once a due date is set', () => {
    expect(validateActivityForm(form({ dueDate: '', dueTime: '99:99' }))).toEqual({});
    // A date with no time (cleared, or a time field left half typed) is an error, never a silent drop.
    expect(validateActivityForm(form({ dueDate: '2026-06-01', dueTime: '' }))).toEqual({
      dueTime: 'activityDueTimeRequired',
    });
    expect(validateActivityForm(form({ dueDate: '2026-06-01', dueTime: '24:00' }))).toEqual({
      dueTime: 'activityDueTimeInvalid',
    });
    expect(validateActivityForm(form({ dueDate: '2026-02-30', dueTime: '10:00' }))).toEqual({
      dueDate: 'activityDueDateInvalid',
    });
    expect(validateActivityForm(form({ dueDate: '2026-06-01', dueTime: '08:15:00' }))).toEqual({});
  });
});

describe('hasDueDate', () => {
  it('is true only with both a date and a time', () => {
    expect(hasDueDate({ dueDate: '2026-06-01', dueTime: '10:00' })).toBe(true);
    expect(hasDueDate({ dueDate: '2026-06-01', dueTime: '' })).toBe(false);
    expect(hasDueDate({ dueDate: '', dueTime: '10:00' })).toBe(false);
  });
});

describe('toActivityInput', () => {
  it('sends the due date as the UTC instant of the local date and time', () => {
    const input = toActivityInput(
      form({ dueDate: '2026-06-01', dueTime: '18:30', maxPoints: '20', type: 'quiz' }),
    );
    expect(input).toEqual({
      title: 'Write a postcard',
      description: 'From your last holiday',
      type: 'quiz',
      courseId: 'course-1',
      classId: null,
      dueDate: new Date(2026, 5, 1, 18, 30).toISOString(),
      maxPoints: 20,
      instructions: null,
      allowLateSubmission: false,
      isActive: true,
      recordingLimitSeconds: 180,
      skills: [],
      cefrLevel: null,
      rubric: null,
      rubricId: null,
    });
    expect(input.dueDate).toMatch(/Z$/);
  });

  it('sends no due date unless both the date and the time are set', () => {
    expect(toActivityInput(form({ dueDate: '2026-06-01', dueTime: '' })).dueDate).toBeNull();
    expect(toActivityInput(form({ dueDate: '', dueTime: '10:00' })).dueDate).toBeNull();
    expect(toActivityInput(form()).dueDate).toBeNull();
  });

  it('sends only the class for a class activity, and trims every text', () => {
    expect(
      toActivityInput(
        form({
          title: '  Quiz  ',
          description: ' Ten questions ',
          instructions: '  Use a pen ',
          association: 'class',
          courseId: 'course-1',
          classId: 'class-7',
        }),
      ),
    ).toMatchObject({
      title: 'Quiz',
      description: 'Ten questions',
      instructions: 'Use a pen',
      courseId: null,
      classId: 'class-7',
    });
  });

  it('keeps the exact due instant of an edited activity when its date and time are unchanged', () => {
    const original = activity({ dueDate: '2026-06-01T21:59:42.123Z' });
    const values = activityFormFromActivity(original);
    expect(toActivityInput(values, original).dueDate).toBe('2026-06-01T21:59:42.123Z');
    const moved = toActivityInput({ ...values, dueTime: '08:00' }, original).dueDate;
    expect(moved).not.toBe('2026-06-01T21:59:42.123Z');
    expect(new Date(moved ?? '').getHours()).toBe(8);
    expect(toActivityInput({ ...values, dueTime: '' }, original).dueDate).toBeNull();
  });
});

describe('activityFormFromActivity', () => {
  it('fills the form with a course activity, its due date in local time', () => {
    expect(activityFormFromActivity(activity())).toEqual({
      title: 'Write a postcard',
      description: 'From your last holiday',
      type: 'homework',
      association: 'course',
      courseId: 'course-1',
      classId: '',
      dueDate: '2026-06-01',
      dueTime: '23:59',
      maxPoints: 20,
      instructions: 'One page',
      allowLateSubmission: true,
      isActive: false,
      recordingLimitSeconds: 240,
      skills: [],
      cefrLevel: '',
      rubric: null,
      rubricId: null,
    });
  });

  it("fills a class activity with its class and the class's course, and no due date as empty", () => {
    expect(
      activityFormFromActivity({
        ...activity({ courseId: null, classId: 'class-3', dueDate: null, instructions: null }),
        effectiveCourseId: 'course-9',
      }),
    ).toMatchObject({
      association: 'class',
      courseId: 'course-9',
      classId: 'class-3',
      dueDate: '',
      dueTime: '',
      instructions: '',
    });
  });
});

describe('the activity form with a rubric, skills and a level (issue 32)', () => {
  const rubric = {
    title: 'Speaking',
    criteria: [
      {
        id: 'c1',
        title: 'Fluency',
        levels: [
          { id: 'l1', title: 'Hesitant', points: 0 },
          { id: 'l2', title: 'Fluent', points: 12.5 },
        ],
      },
    ],
  };

  it('refuses a rubric whose best total is more than the points', () => {
    expect(validateActivityForm(form({ rubric, rubricId: 'r1', maxPoints: 12 }))).toEqual({
      rubric: 'activityRubricTooLarge',
    });
    expect(validateActivityForm(form({ rubric, rubricId: 'r1', maxPoints: 13 }))).toEqual({});
  });

  it('sends skills, level and the rubric copy with where it came from', () => {
    const input = toActivityInput(
      form({ rubric, rubricId: 'r1', maxPoints: 13, skills: ['speaking'], cefrLevel: 'B1' }),
    );
    expect(input).toMatchObject({
      skills: ['speaking'],
      cefrLevel: 'B1',
      rubric,
      rubricId: 'r1',
    });
    expect(toActivityInput(form({ rubric: null, rubricId: 'r1' }))).toMatchObject({
      rubric: null,
      rubricId: null,
      cefrLevel: null,
    });
  });
});
