import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  messagesService,
  ok,
  type Conversation,
  type Message,
  type MessagePage,
} from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import MessagesScreen from './messages-screen';

// The unit boundary is messagesService: the screen's queries and mutations call these functions.

afterEach(() => vi.restoreAllMocks());

const TEACHER = {
  id: 'teacher-1',
  firstName: 'Tomás',
  lastName: 'Ruiz',
  avatar: null,
  role: 'teacher' as const,
};

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv-1',
    other: TEACHER,
    canWrite: true,
    lastMessage: {
      body: '¿Hay clase mañana?',
      hasAttachment: false,
      mine: false,
      at: '2026-11-28T10:00:00Z',
    },
    unreadCount: 2,
    ...overrides,
  };
}

function message(id: string, senderId: string, body: string, minute: number): Message {
  return {
    id,
    conversationId: 'conv-1',
    senderId,
    body,
    attachment: null,
    createdAt: `2026-11-28T10:${String(minute).padStart(2, '0')}:00Z`,
  };
}

function renderScreen(language: 'en' | 'es' = 'en', path = '/messages') {
  return renderShell(
    <QueryClientProvider client={createQueryClient({ retry: false })}>
      <MessagesScreen />
    </QueryClientProvider>,
    { user: student(), language, path },
  );
}

describe('MessagesScreen', () => {
  it('lists the conversations with the other person, the last message and the unread count', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation()]));
    renderScreen();
    const item = await screen.findByRole('button', { name: /Tomás Ruiz/ });
    expect(within(item).getByText('2 unread')).toBeInTheDocument();
    expect(within(item).getByText('¿Hay clase mañana?')).toBeInTheDocument();
    expect(within(item).getByText(/^Teacher/)).toBeInTheDocument();
    expect(
      screen.getByText('Choose a conversation, or start one with New message.'),
    ).toBeInTheDocument();
  });

  it('says so in Spanish when there is no conversation yet', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([]));
    renderScreen('es');
    expect(
      await screen.findByText('Aún no tienes conversaciones. Empieza una con Mensaje nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mensaje nuevo' })).toBeInTheDocument();
  });

  it('shows a failed inbox with Retry', async () => {
    const inbox = vi
      .spyOn(messagesService, 'inbox')
      .mockResolvedValueOnce(fail('QUERY_ERROR', 'permission denied'))
      .mockResolvedValue(ok([conversation()]));
    const { user } = renderScreen();
    expect(await screen.findByText('Your messages could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('permission denied')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: /Tomás Ruiz/ })).toBeInTheDocument();
    expect(inbox).toHaveBeenCalledTimes(2);
  });

  it('opens a thread oldest first, marks it read, and loads older messages on request', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation()]));
    const newest: MessagePage = {
      items: [
        message('m3', 'teacher-1', 'Sí, a las diez', 3),
        message('m2', 'student-1', '¿Hay clase?', 2),
      ],
      older: { createdAt: '2026-11-28T10:02:00Z', id: 'm2' },
    };
    const older: MessagePage = {
      items: [message('m1', 'teacher-1', 'Bienvenida', 1)],
      older: null,
    };
    const thread = vi
      .spyOn(messagesService, 'thread')
      .mockImplementation(async (_id, cursor) => ok(cursor ? older : newest));
    const markRead = vi.spyOn(messagesService, 'markRead').mockResolvedValue(ok(null));
    const { user } = renderScreen('en', '/messages?conversation=conv-1');

    const list = await screen.findByTestId('thread');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('message')
          .map((node) => node.textContent),
      ).toEqual([
        expect.stringContaining('¿Hay clase?'),
        expect.stringContaining('Sí, a las diez'),
      ]),
    );
    await waitFor(() => expect(markRead).toHaveBeenCalledWith('conv-1'));

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(within(list).getAllByTestId('message')).toHaveLength(3));
    expect(within(list).getAllByTestId('message')[0]).toHaveTextContent('Bienvenida');
    expect(thread).toHaveBeenLastCalledWith('conv-1', {
      createdAt: '2026-11-28T10:02:00Z',
      id: 'm2',
    });
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  });

  it('keeps the text of a refused send and says why, in Spanish', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation({ unreadCount: 0 })]));
    vi.spyOn(messagesService, 'thread').mockResolvedValue(ok({ items: [], older: null }));
    const send = vi.spyOn(messagesService, 'send').mockResolvedValue(
      fail('RPC_ERROR', 'new row violates row-level security policy for table "messages"', {
        code: '42501',
      }),
    );
    const { user } = renderScreen('es', '/messages?conversation=conv-1');
    const box = await screen.findByRole('textbox', { name: 'Mensaje' });
    await user.type(box, 'Hola, profe');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El mensaje no se ha enviado:');
    expect(screen.queryByText(/row-level security/)).toBeNull();
    expect(box).toHaveValue('Hola, profe');
    expect(send).toHaveBeenCalledWith({
      conversationId: 'conv-1',
      senderId: 'student-1',
      body: 'Hola, profe',
      file: null,
    });
  });

  it.each([
    ['en', 'Send'],
    ['es', 'Enviar'],
  ] as const)(
    'keeps Send on the right even when it wraps below Attach (%s, issue 30)',
    async (language, sendLabel) => {
      vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation({ unreadCount: 0 })]));
      vi.spyOn(messagesService, 'thread').mockResolvedValue(ok({ items: [], older: null }));
      renderScreen(language, '/messages?conversation=conv-1');
      const send = await screen.findByRole('button', { name: sendLabel });
      // An automatic start margin pushes it to the end of its line, whichever line it is on.
      expect(send.style.marginLeft).toBe('auto');
      const row = send.parentElement!;
      expect(row.getAttribute('style') ?? '').not.toContain('nowrap');
    },
  );

  it('refuses an empty message without calling the server', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation({ unreadCount: 0 })]));
    vi.spyOn(messagesService, 'thread').mockResolvedValue(ok({ items: [], older: null }));
    const send = vi.spyOn(messagesService, 'send');
    const { user } = renderScreen('en', '/messages?conversation=conv-1');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message or attach a file.')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows a conversation one may no longer write in without a composer', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(
      ok([conversation({ canWrite: false, unreadCount: 0 })]),
    );
    vi.spyOn(messagesService, 'thread').mockResolvedValue(
      ok({ items: [message('m1', 'teacher-1', 'Hasta pronto', 1)], older: null }),
    );
    renderScreen('en', '/messages?conversation=conv-1');
    expect(
      await screen.findByText(/You can no longer write in this conversation/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it('starts a conversation with someone from New message and opens it', async () => {
    vi.spyOn(messagesService, 'inbox').mockResolvedValue(ok([conversation({ unreadCount: 0 })]));
    vi.spyOn(messagesService, 'thread').mockResolvedValue(ok({ items: [], older: null }));
    vi.spyOn(messagesService, 'contacts').mockResolvedValue(ok([TEACHER]));
    const start = vi.spyOn(messagesService, 'start').mockResolvedValue(ok('conv-1'));
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    // The search field (the options' list is labelled by it too).
    await user.click(
      within(dialog)
        .getAllByLabelText('To')
        .find((node) => node.tagName === 'INPUT')!,
    );
    await user.click(await screen.findByRole('option', { name: 'Tomás Ruiz · Teacher' }));
    await user.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('teacher-1'));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
