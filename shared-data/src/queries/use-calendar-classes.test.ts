import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarReadModel, type CalendarClass, type CalendarMonth } from '../read-models/calendar';
import { fail, ok } from '../result';
import { exportWindow } from '../rules/class-export';
import { createQueryClient } from './query-client';
import { useCalendarClasses } from './use-calendar-classes';

afterEach(() => vi.restoreAllMocks());

/** Wednesday 12 March 2025, 09:00 local time. */
const NOW = new Date(2025, 2, 12, 9, 0);

function lesson(id: string, day: number, hours: number): CalendarClass {
  return {
    id,
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    title: `Lesson ${id}`,
    description: '',
    scheduledDate: new Date(2025, 2, day, hours).toISOString(),
    endsAt: new Date(2025, 2, day, hours + 1).toISOString(),
    duration: 60,
    type: 'live',
    meetingLink: null,
    recordingUrl: null,
    teacherName: null,
    myAttendance: null,
  };
}

const today = lesson('today', 12, 15);
const busyFirst = [lesson('busy-1', 14, 9), lesson('busy-2', 14, 11)];
const busyAll = [...busyFirst, lesson('busy-3', 14, 17)];
const later = lesson('later', 20, 10);

/** March: the 12th with its one class, the 14th with 3 classes of which the answer holds 2. */
const march: CalendarMonth = {
  classCount: 5,
  days: [
    { date: '2025-03-12', classCount: 1, classes: [today] },
    { date: '2025-03-14', classCount: 3, classes: busyFirst },
    { date: '2025-03-20', classCount: 1, classes: [later] },
  ],
  upcoming: [today, ...busyFirst],
};

const NO_FILTERS = { courseId: undefined, teacherId: undefined };

function renderCalendar(filters?: { courseId?: string; teacherId?: string }) {
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useCalendarClasses(NOW, filters), { wrapper });
}

describe('useCalendarClasses', () => {
  it('shows the selected day from the month answer, in one request', async () => {
    const month = vi.spyOn(calendarReadModel, 'month').mockResolvedValue(ok(march));
    const between = vi.spyOn(calendarReadModel, 'classesBetween');
    const { result } = renderCalendar();

    expect(result.current.dayClasses).toEqual({ status: 'loading' });
    expect(result.current.upcoming).toEqual({ status: 'loading' });
    expect(result.current.monthLoading).toBe(true);
    await waitFor(() => expect(result.current.dayClasses.status).toBe('ready'));

    expect(result.current.dayClasses).toEqual({ status: 'ready', classes: [today] });
    expect(result.current.upcoming).toEqual({ status: 'ready', classes: [today, ...busyFirst] });
    expect(result.current.monthData).toEqual(march);
    expect(result.current.monthLoading).toBe(false);
    expect(result.current.month).toEqual(new Date(2025, 2, 12));
    expect(result.current.selected).toEqual(new Date(2025, 2, 12));
    expect(result.current.loadError).toBeNull();
    // The shown month and the selected day's month are one query while they are the same month.
    expect(month).toHaveBeenCalledTimes(1);
    expect(month).toHaveBeenCalledWith({
      from: new Date(2025, 2, 1).toISOString(),
      to: new Date(2025, 3, 1).toISOString(),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(between).not.toHaveBeenCalled();

    // A day without classes is an empty list, still without another request.
    act(() => result.current.setSelected(new Date(2025, 2, 13)));
    expect(result.current.dayClasses).toEqual({ status: 'ready', classes: [] });
    expect(between).not.toHaveBeenCalled();
  });

  it('asks for the full day list only for a busy day', async () => {
    vi.spyOn(calendarReadModel, 'month').mockResolvedValue(ok(march));
    const between = vi.spyOn(calendarReadModel, 'classesBetween').mockResolvedValue(ok(busyAll));
    const { result } = renderCalendar();
    await waitFor(() => expect(result.current.dayClasses.status).toBe('ready'));

    act(() => result.current.setSelected(new Date(2025, 2, 14)));
    expect(result.current.dayClasses).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.dayClasses.status).toBe('ready'));

    expect(result.current.dayClasses).toEqual({ status: 'ready', classes: busyAll });
    expect(between).toHaveBeenCalledTimes(1);
    expect(between).toHaveBeenCalledWith(
      new Date(2025, 2, 14).toISOString(),
      new Date(2025, 2, 15).toISOString(),
      NO_FILTERS,
    );

    act(() => result.current.setSelected(new Date(2025, 2, 20)));
    expect(result.current.dayClasses).toEqual({ status: 'ready', classes: [later] });
    expect(between).toHaveBeenCalledTimes(1);
  });

  it('reports a failed month with its error, and one retry reads it again', async () => {
    const month = vi
      .spyOn(calendarReadModel, 'month')
      .mockResolvedValue(fail('FETCH_CLASSES_ERROR', 'permission denied', { code: '42501' }));
    const { result } = renderCalendar();
    await waitFor(() => expect(result.current.loadError).not.toBeNull());

    expect(result.current.dayClasses).toEqual({ status: 'error' });
    expect(result.current.upcoming).toEqual({ status: 'error' });
    expect(result.current.loadError?.error).toMatchObject({
      code: 'FETCH_CLASSES_ERROR',
      details: { code: '42501' },
    });
    expect(result.current.loadError?.retrying).toBe(false);

    month.mockResolvedValue(ok(march));
    act(() => result.current.loadError?.onRetry());
    await waitFor(() => expect(result.current.loadError).toBeNull());

    expect(result.current.dayClasses).toEqual({ status: 'ready', classes: [today] });
    expect(result.current.upcoming).toEqual({ status: 'ready', classes: [today, ...busyFirst] });
    expect(month).toHaveBeenCalledTimes(2);
  });

  it("reads the export window's classes afresh each time", async () => {
    vi.spyOn(calendarReadModel, 'month').mockResolvedValue(ok(march));
    const between = vi.spyOn(calendarReadModel, 'classesBetween').mockResolvedValue(ok(busyAll));
    const { result } = renderCalendar();

    await expect(result.current.fetchExportClasses()).resolves.toEqual(busyAll);
    await expect(result.current.fetchExportClasses()).resolves.toEqual(busyAll);

    const { from, to } = exportWindow(NOW);
    expect(between).toHaveBeenCalledTimes(2);
    expect(between).toHaveBeenNthCalledWith(2, from, to, NO_FILTERS);
  });

  it('narrows the month, the day list and the export to the chosen course and teacher', async () => {
    const month = vi.spyOn(calendarReadModel, 'month').mockResolvedValue(ok(march));
    const between = vi.spyOn(calendarReadModel, 'classesBetween').mockResolvedValue(ok(busyAll));
    const filters = { courseId: 'course-9', teacherId: 'teacher-4' };
    const { result } = renderCalendar(filters);
    await waitFor(() => expect(result.current.upcoming.status).toBe('ready'));

    expect(month).toHaveBeenCalledWith(expect.objectContaining(filters));
    act(() => result.current.setSelected(new Date(2025, 2, 14)));
    await waitFor(() => expect(result.current.dayClasses.status).toBe('ready'));
    expect(between).toHaveBeenLastCalledWith(
      new Date(2025, 2, 14).toISOString(),
      new Date(2025, 2, 15).toISOString(),
      filters,
    );
    await result.current.fetchExportClasses();
    const { from, to } = exportWindow(NOW);
    expect(between).toHaveBeenLastCalledWith(from, to, filters);
  });
});
