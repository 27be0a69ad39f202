import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  calendarReadModel,
  classesService,
  type CalendarClass,
  type CourseClass,
  type Result,
} from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { fillTime, timeShown } from '../../test-support/time-field';
import CalendarScreen from './calendar-screen';

// The planner view of the teacher calendar (?view=planner): one request per shown window, the
// keyboard's way to move a class (open it, pick a date and time), and what a refusal says. Dragging
// itself is the schedule component's (HTML drag and drop, which needs a layout the unit tests' DOM
// does not make): the e2e journey drags.
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.calendarReadModel.month = vi.fn();
  actual.calendarReadModel.classesBetween = vi.fn();
  actual.classesService.update = vi.fn();
  return actual;
});

const classesBetween = vi.mocked(calendarReadModel.classesBetween);
const update = vi.mocked(classesService.update);

const MINUTE = 60_000;
/** Wednesday 12 March 2025, 09:00 local time. */
const NOW = new Date(2025, 2, 12, 9, 0);
const at = (day: number, hours: number, minutes = 0) =>
  new Date(2025, 2, day, hours, minutes).toISOString();

function calendarClass(overrides: Partial<CalendarClass> = {}): CalendarClass {
  const scheduledDate = overrides.scheduledDate ?? at(13, 15);
  const duration = overrides.duration ?? 60;
  return {
    id: 'class-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    title: 'Negotiation role play',
    description: '',
    scheduledDate,
    endsAt: new Date(Date.parse(scheduledDate) + duration * MINUTE).toISOString(),
    duration,
    type: 'live',
    meetingLink: 'https://meet.school.test/abc',
    recordingUrl: null,
    teacherName: 'Marta Ruiz',
    myAttendance: null,
    ...overrides,
  };
}

const ok = <T,>(data: T): Result<T> => ({ success: true, data });

const upcoming = calendarClass();
const started = calendarClass({ id: 'class-2', title: 'Opening', scheduledDate: at(12, 8, 30) });

function showPlanner(language: 'en' | 'es' = 'en') {
  return renderScreen(<CalendarScreen now={NOW} />, { path: '/calendar?view=planner', language });
}

async function openClass(name: RegExp) {
  showPlanner();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  return { user, dialog: await screen.findByRole('dialog') };
}

/**
 * The pairs of classes (or "+N more" controls) drawn over each other: the schedule places each one
 * in its day's column by percentages in its inline style (top and bottom or height, left or inline
 * start, width), which is what the browser draws.
 */
function overlappingBoxes() {
  const percent = (value: string) => Number.parseFloat(value) || 0;
  const boxes = [...document.querySelectorAll<HTMLElement>('.class-planner [style*="width"]')]
    .filter((element) => element.style.position === 'absolute' && element.style.top)
    .map((element) => {
      const { style } = element;
      const top = percent(style.top);
      const left = percent(style.left || style.getPropertyValue('inset-inline-start'));
      return {
        name: element.getAttribute('title') ?? element.textContent ?? '',
        column: element.parentElement,
        top,
        bottom: style.height ? top + percent(style.height) : 100 - percent(style.bottom),
        left,
        right: left + percent(style.width),
      };
    });
  const EPSILON = 0.01;
  return boxes.flatMap((one, i) =>
    boxes
      .slice(i + 1)
      .filter(
        (other) =>
          other.column === one.column &&
          one.top < other.bottom - EPSILON &&
          other.top < one.bottom - EPSILON &&
          one.left < other.right - EPSILON &&
          other.left < one.right - EPSILON,
      )
      .map((other) => `${one.name} / ${other.name}`),
  );
}

beforeEach(() => {
  classesBetween.mockReset();
  update.mockReset();
  classesBetween.mockResolvedValue(ok([upcoming, started]));
});

describe('the calendar planner', { timeout: 30_000 }, () => {
  it('reads the shown week (Sunday to Saturday) in one request and shows its classes', async () => {
    showPlanner();

    // The planner is loaded lazily (the schedule package is large): the first render takes a moment.
    expect(
      await screen.findByRole('button', { name: /Negotiation role play/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Planner' })).toBeChecked();
    // Intl's thin spaces around the dash read as spaces once Testing Library normalises the text.
    expect(screen.getByText('Mar 9 – 15, 2025')).toBeInTheDocument();
    expect(classesBetween).toHaveBeenCalledTimes(1);
    expect(classesBetween).toHaveBeenCalledWith(
      new Date(2025, 2, 9).toISOString(),
      new Date(2025, 2, 16).toISOString(),
      { courseId: null, teacherId: null },
    );
  });

  it('moves an upcoming class to the date and time chosen in its dialog', async () => {
    update.mockResolvedValue(ok({ id: 'class-1' } as CourseClass));
    const { user, dialog } = await openClass(/Negotiation role play/);

    fillTime(dialog, 'New time', '17:45');
    await user.click(within(dialog).getByRole('button', { name: 'Move class' }));

    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('class-1', { scheduledDate: at(13, 17, 45) });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('status')).toHaveTextContent(
      /"Negotiation role play" now starts Thursday, March 13/,
    );
  });

  it('keeps the dialog and says why when the database refuses the move', async () => {
    update.mockResolvedValue({
      success: false,
      error: {
        code: 'UPDATE_CLASSES_ERROR',
        message: 'A class with attendance cannot be moved',
        details: { code: '23514' },
      },
    });
    const { user, dialog } = await openClass(/Negotiation role play/);

    fillTime(dialog, 'New time', '18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move class' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The class was not moved: This class already has attendance, so it stays where it was held.',
    );
    expect(timeShown(dialog, 'New time')).toBe('18:00');
  });

  it('draws one of five classes at one hour beside "+4 more", which lists the rest', async () => {
    const crowd = Array.from({ length: 5 }, (_, i) =>
      calendarClass({ id: `crowd-${i}`, courseId: `course-${i}`, title: `Crowded ${i + 1}` }),
    );
    classesBetween.mockResolvedValue(ok(crowd));
    showPlanner();
    const user = userEvent.setup();

    const more = await screen.findByRole('button', { name: '+4 more' }, { timeout: 10_000 });
    expect(screen.getAllByRole('button', { name: /Crowded \d/ })).toHaveLength(1);
    await user.click(more);
    const list = await screen.findByRole('dialog');
    const listed = within(list).getAllByRole('button', { name: /Crowded \d/ });
    expect(listed).toHaveLength(4);
    await user.click(listed[3]!);

    const dialog = await screen.findByRole('dialog', { name: 'Move class' });
    expect(dialog).toHaveTextContent('Crowded 5');
  });

  it('never draws one class over another, in the week or the day view', async () => {
    // Two chains of classes that follow each other, the second shorter than the first: the
    // schedule sizes each class by the classes it touches, and when three lanes are in play a class
    // can get a wider lane than its neighbour's, over it (WCAG 2.5.8, a crowded full run's admin
    // planner). Today (Wednesday 12th), after now.
    const chain = (prefix: string, starts: [number, number, number][]) =>
      starts.map(([hours, minutes, duration], i) =>
        calendarClass({
          id: `${prefix}-${i}`,
          courseId: `${prefix}-course-${i}`,
          title: `${prefix} ${i + 1}`,
          scheduledDate: at(12, hours, minutes),
          duration,
        }),
      );
    classesBetween.mockResolvedValue(
      ok([
        ...chain('Morning', [
          [10, 0, 60],
          [10, 30, 90],
          [11, 0, 60],
          [11, 30, 60],
        ]),
        ...chain('Afternoon', [
          [14, 0, 60],
          [14, 30, 90],
          [15, 0, 90],
          [16, 0, 60],
          [16, 15, 60],
        ]),
      ]),
    );
    showPlanner();
    const user = userEvent.setup();
    await screen.findAllByRole('button', { name: /Morning 1/ }, { timeout: 10_000 });
    expect(overlappingBoxes()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Switch to day view' }));
    await screen.findAllByRole('button', { name: /Afternoon 1/ }, { timeout: 10_000 });
    expect(overlappingBoxes()).toEqual([]);
  });

  it('refuses a time that has passed without asking the database', async () => {
    const { user, dialog } = await openClass(/Negotiation role play/);

    // The class is on Thursday 13th; pick Wednesday 12th at 08:00, an hour before now.
    await user.click(within(dialog).getByRole('button', { name: /New date/ }));
    await user.click(await screen.findByRole('button', { name: '12 March 2025' }));
    fillTime(dialog, 'New time', '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move class' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'choose a time that has not passed yet',
    );
    expect(update).not.toHaveBeenCalled();
  });

  it('shows a class that has started without offering to move it', async () => {
    const { dialog } = await openClass(/Opening/);

    expect(within(dialog).getByText(/already started/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move class' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    showPlanner('es');

    expect(await screen.findByRole('radio', { name: 'Planificador' })).toBeChecked();
    expect(
      await screen.findByText(/Arrastra una próxima clase/, undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The week's label is written the Spanish way, by the portal's date formatter ("Nov 22 – Nov
    // 28, 2026" was an English label in the Spanish planner).
    expect(screen.getByText('9–15 mar 2025')).toBeInTheDocument();
  });
});
