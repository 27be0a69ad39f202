// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The texts live in shared-ui (shared-data renders nothing); this test only reads its catalogue.
import * as validationTexts from '../../../shared-ui/src/i18n/namespaces/validation';
import type { CourseClass } from '../mappers/class';
import {
  CLASS_DURATION,
  CLASS_SERIES_WEEKS,
  addCalendarDays,
  toClassSeries,
  CLASS_TEXT_LIMITS,
  type ClassFormMessageKey,
  type ClassFormValues,
  classFormFromClass,
  classStartsInPast,
  classTextLength,
  emptyClassForm,
  isClassLink,
  toClassInput,
  validateClassForm,
} from './class-form';
import { combineLocalDateTime } from './schedule';
import type { ValidationErrors } from './validation';

const valid = (changes: Partial<ClassFormValues> = {}): ClassFormValues => ({
  courseId: 'course-1',
  title: 'Ordering food',
  description: 'Restaurant vocabulary and role play',
  date: '2026-05-04',
  time: '18:30',
  duration: 60,
  type: 'live',
  meetingLink: 'https://meet.example.org/food',
  repeatWeekly: false,
  weeks: 4,
  ...changes,
});

const courseClass = (changes: Partial<CourseClass> = {}): CourseClass => ({
  id: 'class-1',
  courseId: 'course-1',
  courseTitle: 'Business Spanish',
  teacherId: 'teacher-1',
  title: 'Negotiation role play',
  description: 'Bring your notes',
  scheduledDate: '2026-05-04T16:30:00+00:00',
  duration: 45,
  type: 'live',
  meetingLink: 'https://meet.example.org/abc',
  recordingUrl: null,
  createdAt: '2026-04-20T10:00:00Z',
  ...changes,
});

/** Runs the tests of a block with the process in `zone`, then puts the previous one back. */
function inTimeZone(zone: string): void {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });
}

describe('the class form defaults', () => {
  it('start a live class of 60 minutes with nothing else chosen', () => {
    expect(emptyClassForm()).toEqual({
      courseId: '',
      title: '',
      description: '',
      date: '',
      time: '',
      duration: 60,
      type: 'live',
      meetingLink: '',
      repeatWeekly: false,
      weeks: 4,
    });
    expect(emptyClassForm()).not.toBe(emptyClassForm());
  });

  it('step durations by 15 minutes from 15, the limits of public.classes', () => {
    expect(CLASS_DURATION).toEqual({ min: 15, step: 15, default: 60 });
    expect(CLASS_TEXT_LIMITS).toEqual({ title: 200, description: 5000, link: 2000 });
  });
});

describe('validateClassForm', () => {
  it('accepts a complete live class, and a recorded one without a link', () => {
    expect(validateClassForm(valid())).toEqual({});
    expect(validateClassForm(valid({ type: 'recorded', meetingLink: '' }))).toEqual({});
    expect(
      validateClassForm(valid({ type: 'recorded', meetingLink: 'https://video.example.org/1' })),
    ).toEqual({});
  });

  it('reports every missing field at once, an empty new form included', () => {
    expect(validateClassForm(emptyClassForm())).toEqual({
      courseId: 'classCourseRequired',
      title: 'classTitleRequired',
      description: 'classDescriptionRequired',
      date: 'classDateRequired',
      time: 'classTimeRequired',
      meetingLink: 'classMeetingLinkRequired',
    });
  });

  it('reads texts made only of spaces as missing', () => {
    expect(
      validateClassForm(
        valid({
          courseId: ' ',
          title: '   ',
          description: '\n\t ',
          date: ' ',
          time: ' ',
          meetingLink: '  ',
        }),
      ),
    ).toEqual({
      courseId: 'classCourseRequired',
      title: 'classTitleRequired',
      description: 'classDescriptionRequired',
      date: 'classDateRequired',
      time: 'classTimeRequired',
      meetingLink: 'classMeetingLinkRequired',
    });
  });

  it('allows a title of 200 characters and a description of 5000, not one more', () => {
    expect(
      validateClassForm(valid({ title: 't'.repeat(200), description: 'd'.repeat(5000) })),
    ).toEqual({});
    expect(
      validateClassForm(valid({ title: 't'.repeat(201), description: 'd'.repeat(5001) })),
    ).toEqual({
      title: 'classTitleTooLong',
      description: 'classDescriptionTooLong',
    });
  });

  it('counts characters as the database does: emoji are one, surrounding spaces are dropped', () => {
    expect(classTextLength('  ¡Hola! 👋  ')).toBe(8);
    expect(validateClassForm(valid({ title: '👋'.repeat(200) }))).toEqual({});
    expect(validateClassForm(valid({ title: `  ${'t'.repeat(200)}  ` }))).toEqual({});
  });

  it.each([
    ['2026-02-30', 'classDateInvalid'],
    ['2026-13-01', 'classDateInvalid'],
    ['04/05/2026', 'classDateInvalid'],
    ['tomorrow', 'classDateInvalid'],
    ['2028-02-29', undefined],
  ])('date %j → %s', (date, key) => {
    expect(validateClassForm(valid({ date })).date).toBe(key);
  });

  it.each([
    ['24:00', 'classTimeInvalid'],
    ['18:60', 'classTimeInvalid'],
    ['6:30', 'classTimeInvalid'],
    ['6pm', 'classTimeInvalid'],
    ['00:00', undefined],
    ['23:59', undefined],
    ['18:30:00', undefined],
  ])('time %j → %s', (time, key) => {
    expect(validateClassForm(valid({ time })).time).toBe(key);
  });

  it('judges the time on its own when the date is missing or wrong', () => {
    expect(validateClassForm(valid({ date: '', time: '18:30' }))).toEqual({
      date: 'classDateRequired',
    });
    expect(validateClassForm(valid({ date: '2026-02-30', time: '99:99' }))).toEqual({
      date: 'classDateInvalid',
      time: 'classTimeInvalid',
    });
  });

  it.each<[number | string, ClassFormMessageKey | undefined]>([
    [15, undefined],
    [60, undefined],
    [90, undefined],
    [480, undefined],
    ['45', undefined],
    [' 30 ', undefined],
    ['', 'classDurationRequired'],
    ['  ', 'classDurationRequired'],
    ['an hour', 'classDurationRequired'],
    [Number.NaN, 'classDurationRequired'],
    [0, 'classDurationMin'],
    [10, 'classDurationMin'],
    [14, 'classDurationMin'],
    [-15, 'classDurationMin'],
    ['10', 'classDurationMin'],
    [20, 'classDurationStep'],
    [22.5, 'classDurationStep'],
    [15.5, 'classDurationStep'],
    ['50', 'classDurationStep'],
  ])('duration %j → %s', (duration, key) => {
    expect(validateClassForm(valid({ duration })).duration).toBe(key);
  });

  it.each<[string, ClassFormMessageKey | undefined]>([
    ['https://meet.example.org/food', undefined],
    ['http://meet.example.org/food?pwd=1#x', undefined],
    ['  https://meet.example.org/food  ', undefined],
    ['HTTPS://MEET.EXAMPLE.ORG', undefined],
    ['meet.example.org/food', 'classMeetingLinkInvalid'],
    ['www.zoom.us/j/123', 'classMeetingLinkInvalid'],
    ['ftp://meet.example.org', 'classMeetingLinkInvalid'],
    ['javascript:alert(1)', 'classMeetingLinkInvalid'],
    ['https://', 'classMeetingLinkInvalid'],
    ['https://meet example.org', 'classMeetingLinkInvalid'],
    [`https://meet.example.org/${'a'.repeat(1975)}`, undefined],
    [`https://meet.example.org/${'a'.repeat(1976)}`, 'classMeetingLinkTooLong'],
  ])('a live class with the link %j → %s', (meetingLink, key) => {
    expect(validateClassForm(valid({ meetingLink })).meetingLink).toBe(key);
  });

  it('checks a link a recorded class carries the same way, but does not ask for one', () => {
    expect(
      validateClassForm(valid({ type: 'recorded', meetingLink: 'video.example.org' })),
    ).toEqual({
      meetingLink: 'classMeetingLinkInvalid',
    });
    expect(validateClassForm(valid({ type: 'recorded', meetingLink: '   ' }))).toEqual({});
  });

  it('answers keys a form typed with ValidationMessageKey accepts', () => {
    const errors: ValidationErrors<keyof ClassFormValues> = validateClassForm(emptyClassForm());
    expect(Object.keys(errors).length).toBeGreaterThan(0);
  });

  it('tells an absolute http(s) link with a host from anything else', () => {
    expect(isClassLink('https://meet.example.org')).toBe(true);
    expect(isClassLink('https://meet.example.org/a b')).toBe(false);
    expect(isClassLink('')).toBe(false);
  });
});

describe('the validation namespace', () => {
  // Every key validateClassForm can answer; the type makes a new key fail to compile until listed here.
  const KEYS: Record<ClassFormMessageKey, true> = {
    classCourseRequired: true,
    classTitleRequired: true,
    classTitleTooLong: true,
    classDescriptionRequired: true,
    classDescriptionTooLong: true,
    classDateRequired: true,
    classDateInvalid: true,
    classTimeRequired: true,
    classTimeInvalid: true,
    classTimeSkipped: true,
    classDurationRequired: true,
    classDurationMin: true,
    classDurationStep: true,
    classMeetingLinkRequired: true,
    classMeetingLinkInvalid: true,
    classMeetingLinkTooLong: true,
    classWeeksRange: true,
    classSeriesTimeSkipped: true,
  };

  it.each(['en', 'es'] as const)('has a %s text for every class form key', (language) => {
    const catalogue: Record<string, unknown> = validationTexts[language];
    const missing = Object.keys(KEYS).filter(
      (key) => typeof catalogue[key] !== 'string' || (catalogue[key] as string).trim() === '',
    );
    expect(missing).toEqual([]);
  });

  it('keeps the product texts word for word in English', () => {
    expect(validationTexts.en).toMatchObject({
      classCourseRequired: 'Course is required',
      classTitleRequired: 'Title is required',
      classDescriptionRequired: 'Description is required',
      classDateRequired: 'Date is required',
      classTimeRequired: 'Time is required',
      classDurationMin: 'Duration must be at least 15 minutes',
      classDurationStep: 'Duration must be a multiple of 15 minutes',
      classMeetingLinkRequired: 'Meeting link is required for live classes',
      classMeetingLinkInvalid: 'Enter a link that starts with https:// or http://',
    });
  });
});

describe('classStartsInPast', () => {
  const start = new Date(combineLocalDateTime('2026-05-04', '18:30')!);
  const before = new Date(start.getTime() - 60_000);
  const after = new Date(start.getTime() + 60_000);

  it('is true for a new class whose local date and time have passed, false until then', () => {
    expect(classStartsInPast(valid(), after)).toBe(true);
    expect(classStartsInPast(valid(), before)).toBe(false);
  });

  it('asks nothing while the date or time is incomplete (the form names those)', () => {
    expect(classStartsInPast(valid({ time: '18:' }), after)).toBe(false);
    expect(classStartsInPast(valid({ date: '' }), after)).toBe(false);
  });

  it('an edit that keeps the date and time of a past class asks nothing; moving it into the past asks', () => {
    const past = courseClass({ scheduledDate: start.toISOString() });
    const kept = classFormFromClass(past);
    expect(classStartsInPast({ ...kept, title: 'Renamed' }, after, past)).toBe(false);
    const moved = { ...kept, date: addCalendarDays(kept.date, -1) };
    expect(classStartsInPast(moved, after, past)).toBe(true);
  });
});

describe('toClassInput', () => {
  it('sends a live class with trimmed texts, its local date and time as ISO and its meeting link', () => {
    const input = toClassInput(
      valid({
        courseId: ' course-1 ',
        title: '  Ordering food ',
        description: ' Menus \n',
        duration: '90',
        meetingLink: '  https://meet.example.org/food ',
      }),
    );

    expect(input).toEqual({
      courseId: 'course-1',
      title: 'Ordering food',
      description: 'Menus',
      scheduledDate: combineLocalDateTime('2026-05-04', '18:30'),
      duration: 90,
      type: 'live',
      meetingLink: 'https://meet.example.org/food',
    });
    // A live class keeps a recording it already has: the form does not send one.
    expect(input).not.toHaveProperty('recordingUrl');
  });

  it("saves a recorded class's link as its recording and clears its meeting link", () => {
    expect(
      toClassInput(valid({ type: 'recorded', meetingLink: ' https://video.example.org/1 ' })),
    ).toMatchObject({
      type: 'recorded',
      meetingLink: null,
      recordingUrl: 'https://video.example.org/1',
    });
    expect(toClassInput(valid({ type: 'recorded', meetingLink: '  ' }))).toMatchObject({
      meetingLink: null,
      recordingUrl: null,
    });
  });

  it('drops the seconds a time picker may add', () => {
    expect(toClassInput(valid({ time: '18:30:59' })).scheduledDate).toBe(
      combineLocalDateTime('2026-05-04', '18:30'),
    );
  });

  it('refuses values the form would not have let through', () => {
    expect(() => toClassInput(valid({ date: '' }))).toThrow(RangeError);
    expect(() => toClassInput(valid({ time: '25:00' }))).toThrow(RangeError);
  });
});

describe('classFormFromClass', () => {
  it('fills the form with the class, its start in the local time zone', () => {
    const c = courseClass();
    const start = new Date(c.scheduledDate);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(classFormFromClass(c)).toEqual({
      courseId: 'course-1',
      title: 'Negotiation role play',
      description: 'Bring your notes',
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      time: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
      duration: 45,
      type: 'live',
      meetingLink: 'https://meet.example.org/abc',
      repeatWeekly: false,
      weeks: 4,
    });
    expect(validateClassForm(classFormFromClass(c))).toEqual({});
  });

  it("shows a recorded class's recording link (or an old meeting link) in the link field", () => {
    expect(
      classFormFromClass(
        courseClass({
          type: 'recorded',
          meetingLink: 'https://meet.example.org/old',
          recordingUrl: 'https://video.example.org/1',
        }),
      ).meetingLink,
    ).toBe('https://video.example.org/1');
    expect(
      classFormFromClass(
        courseClass({
          type: 'recorded',
          meetingLink: 'https://meet.example.org/old',
          recordingUrl: null,
        }),
      ).meetingLink,
    ).toBe('https://meet.example.org/old');
    expect(
      classFormFromClass(courseClass({ type: 'recorded', meetingLink: null })).meetingLink,
    ).toBe('');
    expect(classFormFromClass(courseClass({ meetingLink: null })).meetingLink).toBe('');
  });

  it('saves an untouched class as it was, to the second', () => {
    const c = courseClass({ scheduledDate: '2026-05-04T16:30:45.123Z' });
    expect(toClassInput(classFormFromClass(c), c).scheduledDate).toBe(c.scheduledDate);
    // Without the original, the form's minute is what it has.
    expect(new Date(toClassInput(classFormFromClass(c)).scheduledDate).toISOString()).toBe(
      '2026-05-04T16:30:00.000Z',
    );
  });

  it('moves the class when the date or the time changed', () => {
    const c = courseClass();
    const values = { ...classFormFromClass(c), time: '07:15' };
    expect(toClassInput(values, c).scheduledDate).toBe(combineLocalDateTime(values.date, '07:15'));
  });
});

describe('local date and time across daylight saving changes (Europe/Madrid)', () => {
  inTimeZone('Europe/Madrid');

  it('reads the day in the local zone, not in UTC', () => {
    expect(
      classFormFromClass(courseClass({ scheduledDate: '2026-03-10T23:30:00Z' })),
    ).toMatchObject({
      date: '2026-03-11',
      time: '00:30',
    });
  });

  it.each([
    // Winter (UTC+1), summer (UTC+2), and both sides of each change.
    ['2026-01-15T17:00:00.000Z', '2026-01-15', '18:00'],
    ['2026-07-15T16:00:00.000Z', '2026-07-15', '18:00'],
    ['2026-03-29T00:30:00.000Z', '2026-03-29', '01:30'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29', '03:00'],
    ['2026-03-29T16:30:00.000Z', '2026-03-29', '18:30'],
    ['2026-10-24T16:30:00.000Z', '2026-10-24', '18:30'],
    ['2026-10-25T17:30:00.000Z', '2026-10-25', '18:30'],
  ])('%s is %s %s and saves back unchanged', (iso, date, time) => {
    const c = courseClass({ scheduledDate: iso });
    const values = classFormFromClass(c);
    expect(values).toMatchObject({ date, time });
    expect(toClassInput(values).scheduledDate).toBe(iso);
    expect(toClassInput(values, c).scheduledDate).toBe(iso);
  });

  it('refuses the hour the clocks skip in spring', () => {
    expect(validateClassForm(valid({ date: '2026-03-29', time: '02:30' }))).toEqual({
      time: 'classTimeSkipped',
    });
    expect(validateClassForm(valid({ date: '2026-03-29', time: '03:00' }))).toEqual({});
  });

  it('keeps each of the two 02:30 of the autumn change when the time is left alone', () => {
    const first = courseClass({ scheduledDate: '2026-10-25T00:30:00.000Z' });
    const second = courseClass({ scheduledDate: '2026-10-25T01:30:00.000Z' });
    expect(classFormFromClass(first)).toMatchObject({ date: '2026-10-25', time: '02:30' });
    expect(classFormFromClass(second)).toMatchObject({ date: '2026-10-25', time: '02:30' });

    expect(toClassInput(classFormFromClass(first), first).scheduledDate).toBe(first.scheduledDate);
    expect(toClassInput(classFormFromClass(second), second).scheduledDate).toBe(
      second.scheduledDate,
    );
    // Typed in anew, the repeated local time is its first occurrence.
    expect(toClassInput(valid({ date: '2026-10-25', time: '02:30' })).scheduledDate).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('local date and time across daylight saving changes (America/New_York)', () => {
  inTimeZone('America/New_York');

  it('saves the local time of the form on either side of the spring change', () => {
    expect(toClassInput(valid({ date: '2026-03-07', time: '18:30' })).scheduledDate).toBe(
      '2026-03-07T23:30:00.000Z',
    );
    expect(toClassInput(valid({ date: '2026-03-09', time: '18:30' })).scheduledDate).toBe(
      '2026-03-09T22:30:00.000Z',
    );
    expect(validateClassForm(valid({ date: '2026-03-08', time: '02:15' })).time).toBe(
      'classTimeSkipped',
    );
  });

  it('round-trips every quarter hour of the day the clocks go back', () => {
    const start = Date.parse('2026-11-01T04:00:00.000Z'); // 00:00 EDT
    for (let minutes = 0; minutes < 25 * 60; minutes += 15) {
      const iso = new Date(start + minutes * 60_000).toISOString();
      const c = courseClass({ scheduledDate: iso });
      expect(toClassInput(classFormFromClass(c), c).scheduledDate, iso).toBe(iso);
    }
  });
});

describe('repeat weekly', () => {
  it('offers 2 to 26 weeks, 4 suggested', () => {
    expect(CLASS_SERIES_WEEKS).toEqual({ min: 2, max: 26, default: 4 });
  });

  it.each([
    [1, 'classWeeksRange'],
    [2, undefined],
    [26, undefined],
    [27, 'classWeeksRange'],
    [3.5, 'classWeeksRange'],
    ['', 'classWeeksRange'],
    ['8', undefined],
  ])('%j weeks → %s', (weeks, key) => {
    expect(validateClassForm(valid({ repeatWeekly: true, weeks })).weeks).toBe(key);
  });

  it('ignores the number of weeks when the class is not repeated', () => {
    expect(validateClassForm(valid({ repeatWeekly: false, weeks: 0 }))).toEqual({});
  });

  it('counts days on the calendar, across month and year ends', () => {
    expect(addCalendarDays('2026-01-28', 7)).toBe('2026-02-04');
    expect(addCalendarDays('2026-12-29', 14)).toBe('2027-01-12');
    expect(addCalendarDays('2028-02-26', 7)).toBe('2028-03-04');
  });

  it('one class when not repeated, the same as toClassInput', () => {
    expect(toClassSeries(valid())).toEqual([toClassInput(valid())]);
  });

  describe('in Madrid, across the spring clock change', () => {
    inTimeZone('Europe/Madrid');

    it('keeps the local time every week, so the UTC time moves by an hour', () => {
      // 2026-03-29 is the last Sunday of March: Madrid goes from UTC+1 to UTC+2.
      const series = toClassSeries(
        valid({ date: '2026-03-16', time: '18:30', repeatWeekly: true, weeks: 3 }),
      );
      expect(series.map((input) => input.scheduledDate)).toEqual([
        '2026-03-16T17:30:00.000Z',
        '2026-03-23T17:30:00.000Z',
        '2026-03-30T16:30:00.000Z',
      ]);
      expect(new Set(series.map((input) => input.title))).toEqual(new Set(['Ordering food']));
    });

    it('refuses a series whose time does not exist in one of its weeks', () => {
      // 02:30 does not exist on 2026-03-29 in Madrid.
      expect(
        validateClassForm(
          valid({ date: '2026-03-15', time: '02:30', repeatWeekly: true, weeks: 3 }),
        ).weeks,
      ).toBe('classSeriesTimeSkipped');
      expect(
        validateClassForm(
          valid({ date: '2026-03-15', time: '02:30', repeatWeekly: true, weeks: 2 }),
        ).weeks,
      ).toBeUndefined();
    });
  });
});
