import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** The route's parameters, as React Router gives them (`/course-detail/:courseId` → courseId). */
export type PageParams = Readonly<Record<string, string | undefined>>;

/**
 * A page's first reads, started before the page renders: the shell's route loader calls it with the
 * session's QueryClient and the route's parameters once the page's module has loaded, and renders
 * the page when it settles. It calls `queryClient.ensureQueryData(...)` with the same query options
 * (from this entry) the screen's `useQuery` uses, so the screen finds its data in the cache. A
 * rejection does not stop the page: the screen shows its own error state. Optional: a page without
 * one reads on mount, and a shell that ignores loaders still renders the page.
 */
export type PageLoader = (queryClient: QueryClient, params: PageParams) => Promise<unknown>;

/** What a remote's exposed page module provides: the screen, and optionally its loader. */
export type PageModule = { default: ComponentType; loader?: PageLoader };
