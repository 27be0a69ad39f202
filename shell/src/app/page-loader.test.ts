import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AppUser } from '@portal/shared-data';
import { student } from '../test-support/render-shell';
import type { RemoteLoad } from '../features/remotes/remote-registry';
import { pageLoader, type PageLoaderDeps } from './page-loader';

const Page = () => null;

function deps(user: AppUser | null, load: RemoteLoad, client = new QueryClient()) {
  return {
    client,
    deps: {
      user: vi.fn(async () => user),
      queryClient: vi.fn(async () => client),
      loadPage: vi.fn(async () => load),
    } satisfies PageLoaderDeps,
  };
}

describe('a signed-in page’s route loader', () => {
  it("loads the role's page and runs its loader with the session's client and the route's params", async () => {
    const loader = vi.fn(
      async (client: QueryClient, params: Record<string, string | undefined>) => {
        await client.ensureQueryData({
          queryKey: ['courses', 'detail', params.courseId],
          queryFn: async () => ({ title: 'Spanish A1' }),
        });
      },
    );
    const { client, deps: d } = deps(student(), { status: 'loaded', Page, loader });
    const page = await pageLoader('/course-detail/:courseId', d)({ params: { courseId: 'c1' } });

    expect(d.loadPage).toHaveBeenCalledWith('student', './CourseDetail');
    expect(d.queryClient).toHaveBeenCalledWith('student-1');
    expect(loader).toHaveBeenCalledWith(client, { courseId: 'c1' });
    // The page renders with its first read in the cache.
    expect(client.getQueryData(['courses', 'detail', 'c1'])).toEqual({ title: 'Spanish A1' });
    expect(page).toEqual({
      remote: 'student',
      module: './CourseDetail',
      load: { status: 'loaded', Page, loader },
    });
  });

  it('resolves the same path to each role’s own page', async () => {
    const { deps: d } = deps(student({ role: 'admin' }), { status: 'loaded', Page });
    const page = await pageLoader('/', d)({ params: {} });
    expect(d.loadPage).toHaveBeenCalledWith('admin', './Dashboard');
    expect(page?.load.status).toBe('loaded');
  });

  it('renders a page whose module exports no loader', async () => {
    const { deps: d } = deps(student(), { status: 'loaded', Page });
    const page = await pageLoader('/', d)({ params: {} });
    expect(page).toEqual({
      remote: 'student',
      module: './Dashboard',
      load: { status: 'loaded', Page },
    });
  });

  it('still renders the page when its loader fails: the screen shows its own error state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loader = vi.fn(async () => {
      throw new Error('Failed to fetch');
    });
    const { deps: d } = deps(student(), { status: 'loaded', Page, loader });
    const page = await pageLoader('/', d)({ params: {} });
    expect(loader).toHaveBeenCalled();
    expect(page?.load).toEqual({ status: 'loaded', Page, loader });
  });

  it('hands an unavailable remote to the page (its panel with Retry), without a first read', async () => {
    const { deps: d } = deps(student(), { status: 'unavailable', reason: 'manifest 404' });
    const page = await pageLoader('/', d)({ params: {} });
    expect(page?.load).toEqual({ status: 'unavailable', reason: 'manifest 404' });
  });

  it('loads nothing for a visitor, another role’s page or a page of the shell', async () => {
    const visitor = deps(null, { status: 'loaded', Page });
    expect(await pageLoader('/', visitor.deps)({ params: {} })).toBeNull();
    expect(visitor.deps.loadPage).not.toHaveBeenCalled();

    const forbidden = deps(student(), { status: 'loaded', Page });
    expect(await pageLoader('/users', forbidden.deps)({ params: {} })).toBeNull();
    expect(forbidden.deps.loadPage).not.toHaveBeenCalled();

    const profile = deps(student(), { status: 'loaded', Page });
    expect(await pageLoader('/profile', profile.deps)({ params: {} })).toBeNull();
    expect(profile.deps.loadPage).not.toHaveBeenCalled();
    // The user's kept cache is restored for every page, the shell's too.
    expect(profile.deps.queryClient).toHaveBeenCalledWith('student-1');
  });
});
