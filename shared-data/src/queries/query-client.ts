import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** What a mutation changes: the lists it invalidates once it has run, refused or not. */
    mutationMeta: { invalidates?: readonly QueryKey[] };
  }
}

/** How long a read stays fresh before a new screen refetches it in the background. */
export const STALE_TIME_MS = 30_000;

export type QueryClientOptions = {
  /** Retry a failed read once before showing the error (off in tests, which check the error). */
  retry?: boolean;
};

/**
 * The page's one QueryClient: the shell creates it (and a remote's standalone harness, when it runs
 * alone). A mutation names the lists it changes in `meta.invalidates`; they are refetched here once
 * it has run, so no screen has to remember which lists to reload. A refusal refetches them too: the
 * server refused because the data changed meanwhile (the course filled), and the screen must show the
 * data as it now is, not offer the refused action again.
 */
export function createQueryClient({ retry = true }: QueryClientOptions = {}): QueryClient {
  const mutationCache = new MutationCache({
    onSettled: async (_data, _error, _variables, _context, mutation) => {
      const keys = mutation.meta?.invalidates ?? [];
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const client: QueryClient = new QueryClient({
    mutationCache,
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: retry ? 1 : false,
        // A school portal is read in one tab for a while; refetching on every focus is noise.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
