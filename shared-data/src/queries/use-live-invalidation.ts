import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getClient } from '@portal/shared-data/session';

// Live changes (docs/realtime.md): a screen names a table, a filter and the reads a change makes stale;
// every change refetches those reads (TanStack Query invalidation), and so does every SUBSCRIBED (the
// first join, and each rejoin after a lost connection, when changes may have been missed).

export interface LiveInvalidation {
  /** Unique per screen and person, e.g. `notifications:<uid>`. */
  channel: string;
  table: string;
  /** A Realtime filter, e.g. `user_id=eq.<uid>`; row security decides what reaches the subscriber anyway. */
  filter?: string;
  /** The reads to refetch on every change and every (re)join. */
  queryKeys: readonly QueryKey[];
  /**
   * Subscribe only once the session is known: a channel joined before the client has the user's token
   * joins as anon and hears nothing.
   */
  enabled: boolean;
}

/** Keeps `queryKeys` fresh while the component is mounted; the channel goes with it. */
export function useLiveInvalidation({
  channel,
  table,
  filter,
  queryKeys,
  enabled,
}: LiveInvalidation): void {
  const queryClient = useQueryClient();
  // By value: a caller passing a new array each render does not resubscribe.
  const keysText = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!enabled) return undefined;
    const client = getClient();
    const keys = JSON.parse(keysText) as QueryKey[];
    const refetch = () => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const subscription = client
      .channel(channel)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table, ...(filter ? { filter } : {}) },
        refetch,
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refetch();
      });
    return () => {
      void client.removeChannel(subscription);
    };
  }, [channel, table, filter, enabled, keysText, queryClient]);
}
