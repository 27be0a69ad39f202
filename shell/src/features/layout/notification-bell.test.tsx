import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, notificationsService, ok, type Notification } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.restoreAllMocks());

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    kind: 'class_moved',
    courseId: 'course-1',
    subjectId: 'class-1',
    data: { title: 'Past tense', courseTitle: 'Spanish A1', scheduledDate: '2026-12-01T18:00:00Z' },
    readAt: null,
    createdAt: '2026-11-28T10:00:00Z',
    ...overrides,
  };
}

function renderBell(
  language: 'en' | 'es' = 'en',
  role: 'student' | 'teacher' | 'admin' = 'student',
) {
  const queryClient = createQueryClient({ retry: false });
  return renderShell(
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path="/" element={<NotificationBell />} />
        <Route path="/calendar" element={<p>Calendar page</p>} />
        <Route path="/activities" element={<p>Activities page</p>} />
      </Routes>
    </QueryClientProvider>,
    { user: student({ role }), language },
  );
}

describe('NotificationBell', () => {
  it('names the unread count for screen readers and shows it on the badge', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(3));
    renderBell();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 3 unread' }),
    ).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('says just "Notifications" with nothing unread', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(0));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('names the count in Spanish', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(1));
    renderBell('es');
    expect(
      await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' }),
    ).toBeInTheDocument();
  });

  it('reads the list only when opened, one request per page, and writes each in the reader’s words', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(1));
    const page = vi
      .spyOn(notificationsService, 'page')
      .mockResolvedValueOnce(
        ok({ items: [notification()], next: { createdAt: '2026-11-28T10:00:00Z', id: 'n-1' } }),
      )
      .mockResolvedValueOnce(
        ok({
          items: [
            notification({
              id: 'n-2',
              kind: 'submission_graded',
              readAt: '2026-11-28T11:00:00Z',
              data: { title: 'Postcard', courseTitle: 'Spanish A1', grade: 8.5, maxPoints: 10 },
            }),
          ],
          next: null,
        }),
      );
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(page).not.toHaveBeenCalled();

    await user.click(bell);
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(/Class moved: “Past tense” \(Spanish A1\) is now/),
    ).toBeInTheDocument();
    expect(page).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(
      await within(dialog).findByText('Your work on “Postcard” has a grade: 8.5 / 10'),
    ).toBeInTheDocument();
    expect(page).toHaveBeenCalledTimes(2);
    expect(page).toHaveBeenLastCalledWith({ createdAt: '2026-11-28T10:00:00Z', id: 'n-1' });
    expect(within(dialog).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('marks one read when opened and goes where the thing is', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(1));
    vi.spyOn(notificationsService, 'page').mockResolvedValue(
      ok({ items: [notification()], next: null }),
    );
    const markRead = vi.spyOn(notificationsService, 'markRead').mockResolvedValue(ok(1));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', { name: /Class moved/ });
    expect(link).toHaveAttribute('href', '/calendar');

    await user.click(link);
    expect(markRead).toHaveBeenCalledWith(['n-1']);
    expect(await screen.findByText('Calendar page')).toBeInTheDocument();
  });

  it('says who wrote a new message, in Spanish, and links to the conversation', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(1));
    vi.spyOn(notificationsService, 'page').mockResolvedValue(
      ok({
        items: [
          notification({
            kind: 'message_received',
            courseId: null,
            subjectId: 'conv-1',
            data: { senderName: 'Tomás Ruiz' },
          }),
        ],
        next: null,
      }),
    );
    const { user } = renderBell('es');
    await user.click(await screen.findByRole('button', { name: /^Notificaciones/ }));
    const link = await screen.findByRole('link', { name: /Mensaje nuevo de Tomás Ruiz/ });
    expect(link).toHaveAttribute('href', '/messages?conversation=conv-1');
  });

  it('marks all read, and refetches the count after', async () => {
    const count = vi
      .spyOn(notificationsService, 'unreadCount')
      .mockResolvedValueOnce(ok(2))
      .mockResolvedValue(ok(0));
    vi.spyOn(notificationsService, 'page').mockResolvedValue(
      ok({ items: [notification()], next: null }),
    );
    const markRead = vi.spyOn(notificationsService, 'markRead').mockResolvedValue(ok(2));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(markRead).toHaveBeenCalledWith(null);
    await waitFor(() => expect(count).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(0));
    vi.spyOn(notificationsService, 'page').mockResolvedValue(ok({ items: [], next: null }));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it.each([
    [
      'en',
      'student',
      'No notifications yet. Grades, new materials and class changes will appear here.',
    ],
    [
      'es',
      'student',
      'Aún no tienes notificaciones. Aquí aparecerán las notas, los materiales nuevos y los cambios de clase.',
    ],
    ['en', 'teacher', 'No notifications yet. New messages will appear here.'],
    ['es', 'teacher', 'Aún no tienes notificaciones. Aquí aparecerán los mensajes nuevos.'],
    ['en', 'admin', 'No notifications yet. New messages will appear here.'],
    ['es', 'admin', 'Aún no tienes notificaciones. Aquí aparecerán los mensajes nuevos.'],
  ] as const)('says what will appear, in %s, for a %s (issue 30)', async (language, role, text) => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(0));
    vi.spyOn(notificationsService, 'page').mockResolvedValue(ok({ items: [], next: null }));
    const { user } = renderBell(language, role);
    await user.click(
      await screen.findByRole('button', {
        name: language === 'en' ? 'Notifications' : 'Notificaciones',
      }),
    );
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Notifications', 'Mark all as read'],
    ['es', 'Notificaciones', 'Marcar todas como leídas'],
  ] as const)(
    'lets the header wrap so "Mark all as read" is never cut, in %s (issue 30)',
    async (language, bell, markAll) => {
      vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(0));
      vi.spyOn(notificationsService, 'page').mockResolvedValue(ok({ items: [], next: null }));
      const { user } = renderBell(language);
      await user.click(await screen.findByRole('button', { name: bell }));
      const button = await screen.findByRole('button', { name: markAll });
      // The row wraps (the button takes its own line when the title and it do not fit) and the
      // button keeps its whole width.
      const row = button.parentElement!;
      expect(row.getAttribute('style') ?? '').not.toContain('nowrap');
      expect(button.style.flexShrink).toBe('0');
    },
  );

  it('says when the list could not be loaded, in its own words, and tries again', async () => {
    vi.spyOn(notificationsService, 'unreadCount').mockResolvedValue(ok(0));
    const page = vi
      .spyOn(notificationsService, 'page')
      .mockResolvedValueOnce(fail('QUERY_ERROR', 'relation "notifications" does not exist'))
      .mockResolvedValue(ok({ items: [notification()], next: null }));
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('The notifications could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText(/relation/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Class moved/ })).toBeInTheDocument();
    expect(page).toHaveBeenCalledTimes(2);
  });
});
