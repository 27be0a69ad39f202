import { afterAll, beforeAll } from 'vitest';
import { ANON_KEY, API_URL } from '../../../local-supabase/src/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../local-supabase/tests/support';
import { initDataClient, resetDataClientForTests } from '../../../shared-data/src/client';
import type { AppUser } from '../../../shared-data/src/mappers/user';
import type { Result } from '../../../shared-data/src/result';
import { authService } from '../../../shared-data/src/services/auth';

// The shared-data services talk to the page's one data client (shared-data/src/client.ts). These tests
// point it at the local stack and sign in as a demo account, so each service call goes through
// supabase-js, PostgREST, RLS, triggers, storage and the edge function exactly as in the apps.

export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/**
 * Node 20 has no WebSocket and supabase-js will not build a client without one; the local stack has
 * no Realtime, and nothing here subscribes, so this transport only says so if anything ever connects.
 */
class RealtimeUnavailable {
  constructor() {
    throw new Error('Realtime is not part of the local Supabase stack');
  }
}

/** Call once at the top of a test file: initialises the data client for the file, and releases it. */
export function installLocalDataClient(): void {
  beforeAll(async () => {
    globalThis.WebSocket ??= RealtimeUnavailable as unknown as typeof WebSocket;
    await initDataClient({
      supabaseUrl: API_URL,
      supabaseAnonKey: ANON_KEY,
      apiProvider: 'supabase',
      remotes: { student: '/student.json', teacher: '/teacher.json', admin: '/admin.json' },
    });
  });
  afterAll(async () => {
    await authService.signOut();
    resetDataClientForTests();
  });
}

/** Signs the data client in as the demo account of `role` (the session the services then use). */
export async function signInAs(role: DemoRole): Promise<AppUser> {
  const result = await authService.signIn({
    email: DEMO_ACCOUNTS[role].email,
    password: DEMO_PASSWORD,
    remember: false,
  });
  if (!result.success) throw new Error(`sign in as ${role}: ${result.error.message}`);
  return result.data.user;
}

/** The data of a successful result; fails the test with the service's error otherwise. */
export function dataOf<T>(result: Result<T>): T {
  if (!result.success) {
    throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  }
  return result.data;
}

export { DEMO_ACCOUNTS };
