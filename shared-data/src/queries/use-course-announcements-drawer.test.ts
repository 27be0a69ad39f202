import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Announcement } from '../mappers/announcement';
import { ANNOUNCEMENT_TEXT_LIMITS, validateAnnouncementForm } from '../rules/announcement-form';
import { errorMessageKey } from '../rules/error-messages';
import { fail, ok } from '../result';
import { announcementsService } from '../services/announcements';
import { createQueryClient } from './query-client';
import { useCourseAnnouncementsDrawer } from './use-course-announcements-drawer';

// The one wiring of the staff's announcements drawer (the teacher's My Courses and the
// administrator's Course Management render what it returns); the unit boundary is the service.

afterEach(() => vi.restoreAllMocks());

const news: Announcement = {
  id: 'a-1',
  courseId: 'course-2',
  courseTitle: null,
  title: 'Trip moved',
  body: 'See you **Monday**',
  pinned: false,
  emailed: true,
  createdAt: '2025-03-10T09:00:00Z',
  updatedAt: '2025-03-10T09:00:00Z',
};

/** Names the failure by its message key, as an app's `t(errorMessageKey(error), …)` would. */
const describeError = (error: unknown) => `said: ${errorMessageKey(error)}`;

function renderDrawer(courseId = 'course-2') {
  const client = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(() => useCourseAnnouncementsDrawer(courseId, describeError), { wrapper });
}

describe('useCourseAnnouncementsDrawer', () => {
  it("reads the course's list and hands the manager the shared validator, limits and words", async () => {
    const forCourse = vi.spyOn(announcementsService, 'forCourse').mockResolvedValue(ok([news]));
    const { result } = renderDrawer();

    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.items).toEqual([news]));
    expect(forCourse).toHaveBeenCalledWith('course-2');
    expect(result.current).toMatchObject({
      loading: false,
      loadError: null,
      retrying: false,
      validate: validateAnnouncementForm,
      limits: ANNOUNCEMENT_TEXT_LIMITS,
      describeError,
      withHeading: false,
    });
  });

  it('describes a failed read in words (never the raw message) and reads again on Retry', async () => {
    const forCourse = vi
      .spyOn(announcementsService, 'forCourse')
      .mockResolvedValueOnce(fail('QUERY_ERROR', 'permission denied for table announcements'))
      .mockResolvedValueOnce(ok([news]));
    const { result } = renderDrawer();

    await waitFor(() => expect(result.current.loadError).not.toBeNull());
    expect(result.current.loadError).toBe(`said: ${errorMessageKey({ code: 'QUERY_ERROR' })}`);
    expect(result.current.loadError).not.toMatch(/permission denied/);
    expect(result.current.items).toBeUndefined();

    act(() => result.current.onRetry());
    await waitFor(() => expect(result.current.items).toEqual([news]));
    expect(result.current.loadError).toBeNull();
    expect(forCourse).toHaveBeenCalledTimes(2);
  });

  it('posts to its course (with the mail choice) and reads the list again', async () => {
    const forCourse = vi.spyOn(announcementsService, 'forCourse').mockResolvedValue(ok([]));
    const create = vi.spyOn(announcementsService, 'create').mockResolvedValue(ok(news));
    const { result } = renderDrawer();
    await waitFor(() => expect(result.current.items).toEqual([]));

    forCourse.mockResolvedValue(ok([news]));
    await act(() =>
      result.current.save(
        { title: 'Trip moved', body: 'See you **Monday**', pinned: false, emailStudents: true },
        null,
      ),
    );

    expect(create).toHaveBeenCalledWith({
      courseId: 'course-2',
      title: 'Trip moved',
      body: 'See you **Monday**',
      pinned: false,
      emailStudents: true,
    });
    await waitFor(() => expect(result.current.items).toEqual([news]));
  });

  it('saves an edit as its title, body and pin only; pins, unpins and deletes by id', async () => {
    vi.spyOn(announcementsService, 'forCourse').mockResolvedValue(ok([news]));
    const create = vi.spyOn(announcementsService, 'create');
    const update = vi
      .spyOn(announcementsService, 'update')
      .mockResolvedValue(ok({ ...news, pinned: true }));
    const remove = vi.spyOn(announcementsService, 'remove').mockResolvedValue(ok(null));
    const { result } = renderDrawer();
    await waitFor(() => expect(result.current.items).toEqual([news]));

    await act(() =>
      result.current.save(
        { title: 'Trip moved again', body: 'Tuesday', pinned: true, emailStudents: true },
        news,
      ),
    );
    await act(() => result.current.setPinned(news, true));
    await act(() => result.current.setPinned(news, false));
    await act(() => result.current.remove(news));

    expect(create).not.toHaveBeenCalled();
    expect(update.mock.calls).toEqual([
      ['a-1', { title: 'Trip moved again', body: 'Tuesday', pinned: true }],
      ['a-1', { pinned: true }],
      ['a-1', { pinned: false }],
    ]);
    expect(remove).toHaveBeenCalledWith('a-1');
  });

  it("rejects a refused write with the service's failure, for the dialog to say why", async () => {
    vi.spyOn(announcementsService, 'forCourse').mockResolvedValue(ok([news]));
    vi.spyOn(announcementsService, 'remove').mockResolvedValue(
      fail('DELETE_COURSES_ERROR', 'permission denied for table announcements'),
    );
    const { result } = renderDrawer();
    await waitFor(() => expect(result.current.items).toEqual([news]));

    const refusal = await result.current.remove(news).then(
      () => null,
      (error: unknown) => error,
    );

    expect(refusal).toMatchObject({ code: 'DELETE_COURSES_ERROR' });
    expect(result.current.describeError(refusal)).toBe(
      `said: ${errorMessageKey({ code: 'DELETE_COURSES_ERROR' })}`,
    );
  });
});
