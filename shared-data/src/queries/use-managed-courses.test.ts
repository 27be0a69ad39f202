import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Course } from '../mappers/course';
import type { AppUser } from '../mappers/user';
import { ok } from '../result';
import { coursesService } from '../services/courses';
import { createQueryClient } from './query-client';
import { useManagedCourses } from './use-managed-courses';

afterEach(() => vi.restoreAllMocks());

const teacher: AppUser = {
  id: 'teacher-1',
  email: 'marta@example.com',
  firstName: 'Marta',
  lastName: 'Ruiz',
  role: 'teacher',
  avatar: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastLogin: null,
  previousLogin: null,
  phone: null,
  location: null,
  bio: null,
  isActive: true,
};

function course(id: string, title: string): Course {
  return {
    id,
    title,
    description: '',
    language: 'English',
    category: 'general',
    level: 'beginner',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 100,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 0,
    maxStudents: 10,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

const PAGE = {
  items: [course('course-1', 'Business English'), course('course-2', 'Spanish A1')],
  total: 2,
  page: 1,
  limit: 100,
  totalPages: 1,
};

const OPTIONS = [
  { id: 'course-1', title: 'Business English', teacherId: 'teacher-1' },
  { id: 'course-2', title: 'Spanish A1', teacherId: 'teacher-1' },
];

function renderCourses(
  initial: { wanted?: boolean },
  client: QueryClient = createQueryClient({ retry: false }),
) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children);
  return renderHook(
    ({ wanted }: { wanted?: boolean }) =>
      useManagedCourses(teacher, wanted === undefined ? undefined : { wanted }),
    { wrapper, initialProps: initial },
  );
}

describe('useManagedCourses', () => {
  it("reads the teacher's own courses by title at once by default", async () => {
    const list = vi.spyOn(coursesService, 'list').mockResolvedValue(ok(PAGE));
    const { result } = renderCourses({});
    await waitFor(() => expect(result.current.data).toEqual(OPTIONS));
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ teacherId: 'teacher-1', sortBy: 'title', sortOrder: 'asc' }),
    );
  });

  it('reads nothing until wanted, then reads them once', async () => {
    const list = vi.spyOn(coursesService, 'list').mockResolvedValue(ok(PAGE));
    const { result, rerender } = renderCourses({ wanted: false });
    // Give a request time to start, had the hook made one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(list).not.toHaveBeenCalled();
    expect(result.current.data).toBeUndefined();
    expect(result.current.isFetching).toBe(false);

    rerender({ wanted: true });
    await waitFor(() => expect(result.current.data).toEqual(OPTIONS));
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('shows options already read by another screen even while not wanted', async () => {
    const list = vi.spyOn(coursesService, 'list').mockResolvedValue(ok(PAGE));
    const client = createQueryClient({ retry: false });
    const first = renderCourses({ wanted: true }, client);
    await waitFor(() => expect(first.result.current.data).toEqual(OPTIONS));
    first.unmount();

    const { result } = renderCourses({ wanted: false }, client);
    expect(result.current.data).toEqual(OPTIONS);
    expect(list).toHaveBeenCalledTimes(1);
  });
});
