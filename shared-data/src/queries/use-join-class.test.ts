import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../queries/query-client';
import { fail, ok } from '../result';
import { classesService } from '../services/classes';
import { useJoinClass } from './use-join-class';

afterEach(() => vi.restoreAllMocks());

const start = new Date('2026-05-04T18:00:00Z');
const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
const liveClass = {
  id: 'class-1',
  title: 'Business emails',
  type: 'live' as const,
  meetingLink: 'https://meet.example/business-emails',
  scheduledDate: start.toISOString(),
  duration: 60,
};

function renderJoin(userId: string | null = 'student-1') {
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useJoinClass(userId), { wrapper });
}

describe('useJoinClass', () => {
  it('records attendance once when joining inside the window', async () => {
    const mark = vi.spyOn(classesService, 'markAttendance').mockResolvedValue(
      ok({
        id: 'a-1',
        classId: 'class-1',
        userId: 'student-1',
        attended: true,
        attendedAt: minutes(-5).toISOString(),
        markedBy: null,
      }),
    );
    const { result } = renderJoin();

    act(() => result.current.join(liveClass, minutes(-5)));
    await waitFor(() => expect(result.current.recorded.has('class-1')).toBe(true));
    act(() => result.current.join(liveClass, minutes(10)));

    expect(mark).toHaveBeenCalledTimes(1);
    expect(mark).toHaveBeenCalledWith({ classId: 'class-1', userId: 'student-1', attended: true });
    expect(result.current.problem).toBeNull();
  });

  it('records nothing before the window, after the end, for recorded classes or when signed out', () => {
    const mark = vi.spyOn(classesService, 'markAttendance');
    const { result } = renderJoin();

    act(() => result.current.join(liveClass, minutes(-31)));
    act(() => result.current.join(liveClass, minutes(60)));
    act(() => result.current.join({ ...liveClass, type: 'recorded' }, minutes(0)));
    const signedOut = renderJoin(null);
    act(() => signedOut.result.current.join(liveClass, minutes(0)));

    expect(mark).not.toHaveBeenCalled();
  });

  it('reports a refusal as a problem naming the class, without blocking later joins', async () => {
    vi.spyOn(classesService, 'markAttendance').mockResolvedValue(
      fail('MARK_ATTENDANCE_ERROR', 'new row violates row-level security policy', {
        code: '42501',
      }),
    );
    const { result } = renderJoin();

    act(() => result.current.join(liveClass, minutes(0)));

    await waitFor(() => expect(result.current.problem).not.toBeNull());
    expect(result.current.problem).toMatchObject({
      classId: 'class-1',
      classTitle: 'Business emails',
      error: { code: 'MARK_ATTENDANCE_ERROR', details: { code: '42501' } },
    });
    expect(result.current.recorded.has('class-1')).toBe(false);
    act(() => result.current.dismissProblem());
    expect(result.current.problem).toBeNull();
  });
});
