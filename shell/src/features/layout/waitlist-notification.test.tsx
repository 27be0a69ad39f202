import { QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationsService, ok, paths } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import { NotificationBell } from './notification-bell';

// The waiting list's kind (docs/waiting-list.md): the seat is given, so the bell says so and leads to
// the course.

afterEach(() => vi.restoreAllMocks());

function renderBell(
  language: 'en' | 'es',
  data: Record<string, string> = { courseTitle: 'Spanish A1' },
) {
  vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(1));
  vi.spyOn(notificationsService, 'page').mockResolvedValue(
    ok({
      items: [
        {
          id: 'n-1',
          kind: 'waitlist_seat_offered',
          courseId: 'course-1',
          subjectId: 'enrolment-1',
          data,
          readAt: null,
          createdAt: '2026-11-28T10:00:00Z',
        },
      ],
      next: null,
    }),
  );
  const queryClient = createQueryClient({ retry: false });
  return renderShell(
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="/" element={<NotificationBell />} />
      </Routes>
    </QueryClientProvider>,
    { user: student(), language },
  );
}

describe('a seat from the waiting list in the bell', () => {
  it.each([
    ['en', 'Notifications, 1 unread', 'A seat freed up: you have a place in Spanish A1'],
    ['es', 'Notificaciones, 1 sin leer', 'Se ha liberado una plaza: ya tienes sitio en Spanish A1'],
  ] as const)(
    'says in %s that the seat is theirs and links to the course',
    async (language, bell, sentence) => {
      const { user } = renderBell(language);
      await user.click(await screen.findByRole('button', { name: bell }));
      const dialog = await screen.findByRole('dialog');
      const link = await within(dialog).findByRole('link', { name: new RegExp(sentence) });
      expect(link).toHaveAttribute('href', paths.courseDetail('course-1'));
    },
  );
});

describe('a seat from the waiting list held for its payment', () => {
  it.each([
    [
      'en',
      'Notifications, 1 unread',
      /A seat freed up in Spanish A1: it is held for you until .+Pay its invoice/,
    ],
    [
      'es',
      'Notificaciones, 1 sin leer',
      /Se ha liberado una plaza en Spanish A1: está reservada para ti hasta el .+Paga su factura/,
    ],
  ] as const)('says in %s until when the seat is held', async (language, bell, sentence) => {
    const { user } = renderBell(language, {
      courseTitle: 'Spanish A1',
      heldUntil: '2026-12-03T18:00:00Z',
    });
    await user.click(await screen.findByRole('button', { name: bell }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('link', { name: sentence })).toBeInTheDocument();
  });
});
