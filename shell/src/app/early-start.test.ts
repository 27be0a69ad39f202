import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from '@portal/shared-data';
import { dashboardKeys } from '@portal/shared-data/queries';
import type { QueryClient } from '@tanstack/react-query';
import {
  forgetRole,
  rememberRole,
  startRememberedPage,
  earlyQueryClientFor,
  endEarlyStart,
  type EarlyStartDeps,
} from './early-start';

function storeSession(userId: string) {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ access_token: 'token', refresh_token: 'refresh', user: { id: userId } }),
  );
}

/** Records what the early start asks for; the first read runs against the client it is given. */
function recordingDeps() {
  const reads: Array<{ client: QueryClient; read: (client: QueryClient) => Promise<void> }> = [];
  const deps: EarlyStartDeps = {
    loadPage: vi.fn(() => Promise.resolve()),
    prefetch: (client, read) => reads.push({ client, read }),
  };
  return { deps, reads };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  // Whatever a test left behind is not another test's early client.
  endEarlyStart();
});

describe('early start of a returning user’s page', () => {
  it('loads the remembered role’s page and starts its first read beside the session check', () => {
    storeSession('teacher-1');
    rememberRole('teacher-1', 'teacher');
    const { deps, reads } = recordingDeps();

    expect(startRememberedPage('/', deps)).toEqual({
      remote: 'teacher',
      module: './Dashboard',
      firstRead: true,
    });
    expect(deps.loadPage).toHaveBeenCalledWith('teacher', './Dashboard');
    expect(reads).toHaveLength(1);

    // The signed-in layout gets the very client the read went into, on each render it repeats,
    // until the session ends.
    const client = earlyQueryClientFor('teacher-1');
    expect(client).toBe(reads[0]!.client);
    expect(earlyQueryClientFor('teacher-1')).toBe(client);
    endEarlyStart();
    expect(earlyQueryClientFor('teacher-1')).toBeNull();
  });

  it('reads what the page reads first: the dashboard query of the role', async () => {
    storeSession('student-1');
    rememberRole('student-1', 'student');
    const { deps, reads } = recordingDeps();
    startRememberedPage('/', deps);
    const client = earlyQueryClientFor('student-1')!;
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    await reads[0]!.read(client);
    expect(prefetch).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: dashboardKeys.student() }),
    );
  });

  it('starts nothing when the stored session is someone else’s', () => {
    storeSession('student-2');
    rememberRole('teacher-1', 'teacher');
    const { deps, reads } = recordingDeps();
    expect(startRememberedPage('/', deps)).toBeNull();
    expect(deps.loadPage).not.toHaveBeenCalled();
    expect(reads).toHaveLength(0);
  });

  it('starts nothing without a stored session, or after signing out', () => {
    rememberRole('teacher-1', 'teacher');
    const { deps } = recordingDeps();
    expect(startRememberedPage('/', deps)).toBeNull();

    storeSession('teacher-1');
    forgetRole();
    expect(startRememberedPage('/', deps)).toBeNull();
    expect(deps.loadPage).not.toHaveBeenCalled();
  });

  it('starts nothing for a page the role may not open or a path that is no page', () => {
    storeSession('student-1');
    rememberRole('student-1', 'student');
    const { deps } = recordingDeps();
    expect(startRememberedPage('/users', deps)).toBeNull();
    expect(startRememberedPage('/no-such-page', deps)).toBeNull();
    expect(deps.loadPage).not.toHaveBeenCalled();
  });

  it('loads the code alone for a page without a first read the shell knows', () => {
    storeSession('teacher-1');
    rememberRole('teacher-1', 'teacher');
    const { deps, reads } = recordingDeps();
    expect(startRememberedPage('/classes', deps)).toEqual({
      remote: 'teacher',
      module: './ClassManagement',
      firstRead: false,
    });
    expect(reads).toHaveLength(0);
    expect(earlyQueryClientFor('teacher-1')).toBeNull();
  });

  it('drops the early reads when the session check names another user', () => {
    storeSession('teacher-1');
    rememberRole('teacher-1', 'teacher');
    const { deps, reads } = recordingDeps();
    startRememberedPage('/', deps);
    const client = reads[0]!.client;
    client.setQueryData(dashboardKeys.teacher(), { stale: true });
    expect(earlyQueryClientFor('someone-else')).toBeNull();
    expect(client.getQueryData(dashboardKeys.teacher())).toBeUndefined();
    expect(earlyQueryClientFor('teacher-1')).toBeNull();
  });

  it('ignores a hint that is not one it wrote', () => {
    storeSession('teacher-1');
    localStorage.setItem('portal.role-hint', JSON.stringify({ userId: 'teacher-1', role: 'root' }));
    const { deps } = recordingDeps();
    expect(startRememberedPage('/', deps)).toBeNull();
    localStorage.setItem('portal.role-hint', '{not json');
    expect(startRememberedPage('/', deps)).toBeNull();
  });
});
