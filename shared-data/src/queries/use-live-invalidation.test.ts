import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';
import { useLiveInvalidation, type LiveInvalidation } from './use-live-invalidation';

// A stand-in for supabase-js's channel API at the hook's boundary (the client itself is tested against
// the real stack: local-supabase/tests/realtime.test.ts).
type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';
const channels: Array<{
  name: string;
  binding?: { event: string; schema: string; table: string; filter?: string };
  onChange?: () => void;
  onStatus?: (status: Status) => void;
}> = [];
const removeChannel = vi.fn(async () => 'ok');

vi.mock('@portal/shared-data/session', () => ({
  getClient: () => ({
    channel: (name: string) => {
      const entry: (typeof channels)[number] = { name };
      channels.push(entry);
      const channel = {
        on: (_type: string, binding: NonNullable<typeof entry.binding>, callback: () => void) => {
          entry.binding = binding;
          entry.onChange = callback;
          return channel;
        },
        subscribe: (callback: (status: Status) => void) => {
          entry.onStatus = callback;
          return channel;
        },
      };
      return channel;
    },
    removeChannel,
  }),
}));

// Before each test: Testing Library unmounts the previous test's hook after it (removing its channel).
beforeEach(() => {
  channels.length = 0;
  removeChannel.mockClear();
});

function renderLive(options: Partial<LiveInvalidation> = {}) {
  const queryClient = createQueryClient({ retry: false });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  const props: LiveInvalidation = {
    channel: 'notifications:user-1',
    table: 'notifications',
    filter: 'user_id=eq.user-1',
    queryKeys: [['notifications'], ['dashboard', 'student']],
    enabled: true,
    ...options,
  };
  const hook = renderHook((current: LiveInvalidation) => useLiveInvalidation(current), {
    wrapper,
    initialProps: props,
  });
  return { ...hook, invalidate, props };
}

const invalidated = (spy: ReturnType<typeof renderLive>['invalidate']) =>
  spy.mock.calls.map(([filters]) => (filters as { queryKey: unknown }).queryKey);

describe('useLiveInvalidation', () => {
  it('does not subscribe until the session is known', () => {
    const { rerender, props } = renderLive({ enabled: false });
    expect(channels).toEqual([]);
    rerender({ ...props, enabled: true });
    expect(channels.map((channel) => channel.name)).toEqual(['notifications:user-1']);
  });

  it('listens to every change of the table through the filter, in the public schema', () => {
    renderLive();
    expect(channels[0]?.binding).toEqual({
      event: '*',
      schema: 'public',
      table: 'notifications',
      filter: 'user_id=eq.user-1',
    });
  });

  it('refetches the reads on every SUBSCRIBED (the first join and each rejoin), not on errors', () => {
    const { invalidate } = renderLive();
    channels[0]?.onStatus?.('SUBSCRIBED');
    expect(invalidated(invalidate)).toEqual([['notifications'], ['dashboard', 'student']]);
    channels[0]?.onStatus?.('CHANNEL_ERROR');
    expect(invalidate).toHaveBeenCalledTimes(2);
    channels[0]?.onStatus?.('SUBSCRIBED');
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  it('refetches the reads on every change', () => {
    const { invalidate } = renderLive();
    channels[0]?.onChange?.();
    channels[0]?.onChange?.();
    expect(invalidated(invalidate)).toEqual([
      ['notifications'],
      ['dashboard', 'student'],
      ['notifications'],
      ['dashboard', 'student'],
    ]);
  });

  it('keeps one channel across renders with equal keys, and removes it on unmount', () => {
    const { rerender, unmount, props } = renderLive();
    rerender({ ...props, queryKeys: [['notifications'], ['dashboard', 'student']] });
    expect(channels).toHaveLength(1);
    expect(removeChannel).not.toHaveBeenCalled();
    unmount();
    expect(removeChannel).toHaveBeenCalledOnce();
  });

  it('moves to a new channel when the person changes', () => {
    const { rerender, props } = renderLive();
    rerender({ ...props, channel: 'notifications:user-2', filter: 'user_id=eq.user-2' });
    expect(removeChannel).toHaveBeenCalledOnce();
    expect(channels.map((channel) => channel.binding?.filter)).toEqual([
      'user_id=eq.user-1',
      'user_id=eq.user-2',
    ]);
  });
});
