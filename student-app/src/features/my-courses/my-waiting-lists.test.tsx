import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, waitingListService, type Result, type WaitingEntry } from '@portal/shared-data';
import { renderScreen } from '../../test-support/render-screen';
import { MyWaitingLists } from './my-waiting-lists';

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

beforeEach(() => {
  mine.mockReset();
  join.mockReset();
  mine.mockResolvedValue({ success: true, data: [] });
});

describe('My Courses: my waiting lists', () => {
  it('shows a loader, then each entry with its course link, date and place in line', async () => {
    let answer: (result: Result<WaitingEntry[]>) => void = () => {};
    mine.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderScreen(<MyWaitingLists />);
    expect(await screen.findByText('Loading your place in line…')).toBeInTheDocument();
    answer({
      success: true,
      data: [
        entry(),
        entry({ id: 'entry-2', courseId: 'course-2', courseTitle: 'English B2', position: 7 }),
      ],
    });
    const section = await screen.findByRole('region', { name: 'My waiting lists' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Business Spanish' }),
    ).toHaveAttribute('href', paths.courseDetail('course-1'));
    expect(
      within(items[0] as HTMLElement).getByText('You are number 2 in line'),
    ).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByText('You are number 7 in line'),
    ).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/^Joined /)).toBeInTheDocument();
    expect(mine).toHaveBeenCalledTimes(1);
  });

  it('says when the student is on no waiting list', async () => {
    renderScreen(<MyWaitingLists />);
    expect(await screen.findByText('You are not on any waiting list.')).toBeInTheDocument();
  });

  it('shows a translated error with Try again', async () => {
    mine.mockResolvedValueOnce({
      success: false,
      error: { code: 'QUERY_ERROR', message: 'permission denied for function my_waiting_list' },
    });
    const { user } = renderScreen(<MyWaitingLists />);
    expect(await screen.findByText('Your waiting lists could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are not on any waiting list.')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderScreen(<MyWaitingLists />, { language: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Mis listas de espera' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No estás en ninguna lista de espera.')).toBeInTheDocument();
  });
});
