import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitingListService, type WaitingEntry } from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { CourseWaitingPanel } from './course-waiting-panel';

// The student's side of the waiting list (docs/waiting-list.md). The unit boundary is the service; the
// database's rules have their own tests (supabase/tests/waiting-list.test.ts).
vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  actual.waitingListService.mine = vi.fn();
  actual.waitingListService.join = vi.fn();
  actual.waitingListService.leave = vi.fn();
  return actual;
});
// The live subscription needs the data client's socket; its own test is shared-data's.
vi.mock('@portal/shared-data/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@portal/shared-data/queries')>()),
  useWaitingListLive: vi.fn(),
}));

const mine = vi.mocked(waitingListService.mine);
const join = vi.mocked(waitingListService.join);

function entry(overrides: Partial<WaitingEntry> = {}): WaitingEntry {
  return {
    id: 'entry-1',
    courseId: 'course-1',
    courseTitle: 'Business Spanish',
    joinedAt: '2026-11-20T09:00:00Z',
    position: 2,
    ...overrides,
  };
}

const fullCourse = {
  id: 'course-1',
  title: 'Business Spanish',
  isActive: true,
  enrolledCount: 10,
  maxStudents: 10,
};

beforeEach(() => {
  mine.mockReset();
  join.mockReset();
  mine.mockResolvedValue({ success: true, data: [] });
});

describe('course detail: the waiting list panel', () => {
  it('offers a full active course’s waiting list, and joins it', async () => {
    join.mockResolvedValue({ success: true, data: { position: 1 } });
    const { user } = renderScreen(<CourseWaitingPanel course={fullCourse} />);
    const panel = await screen.findByRole('region', { name: 'Waiting list' });
    expect(within(panel).getByText(/This course is full/)).toBeInTheDocument();
    mine.mockResolvedValue({ success: true, data: [entry({ position: 1 })] });
    await user.click(within(panel).getByRole('button', { name: 'Join the waiting list' }));
    expect(join).toHaveBeenCalledWith('course-1');
    expect(await within(panel).findByText('You are number 1 in line')).toBeInTheDocument();
  });

  it('shows nothing for a course with free places or a closed course the student is not waiting for', async () => {
    const { unmount } = renderScreen(
      <CourseWaitingPanel course={{ ...fullCourse, enrolledCount: 9 }} />,
    );
    await vi.waitFor(() => expect(mine).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Waiting list' })).toBeNull();
    unmount();
    renderScreen(<CourseWaitingPanel course={{ ...fullCourse, isActive: false }} />);
    await vi.waitFor(() => expect(mine).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
  });

  it('speaks Spanish', async () => {
    mine.mockResolvedValue({ success: true, data: [entry({ position: 5 })] });
    renderScreen(<CourseWaitingPanel course={fullCourse} />, { language: 'es' });
    const panel = await screen.findByRole('region', { name: 'Lista de espera' });
    expect(await within(panel).findByText('Eres el número 5 de la lista')).toBeInTheDocument();
  });
});
