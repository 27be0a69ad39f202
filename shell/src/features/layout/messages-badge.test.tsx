import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesService, ok } from '@portal/shared-data';
import { createQueryClient } from '@portal/shared-data/queries';
import { renderShell, student } from '../../test-support/render-shell';
import { MessagesBadge } from './messages-badge';

afterEach(() => vi.restoreAllMocks());

describe('MessagesBadge', () => {
  it('shows the unread count, named for screen readers, and nothing at zero', async () => {
    const count = vi.spyOn(messagesService, 'unreadCount').mockResolvedValue(ok(3));
    const { unmount } = renderShell(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MessagesBadge />
      </QueryClientProvider>,
      { user: student(), language: 'es' },
    );
    expect(await screen.findByTestId('messages-badge')).toHaveTextContent('3');
    expect(screen.getByText('3 sin leer')).toBeInTheDocument();
    unmount();
    count.mockResolvedValue(ok(0));
    renderShell(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <MessagesBadge />
      </QueryClientProvider>,
      { user: student() },
    );
    await waitFor(() => expect(count).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });
});
