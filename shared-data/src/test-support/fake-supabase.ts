import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { initDataClient, resetDataClientForTests } from '../client';
import type { UserRow } from '../mappers/user';

/**
 * A stand-in for the Supabase HTTP API at the `fetch` boundary, so unit tests run the real
 * supabase-js (request building, session storage, error parsing) without a server.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

export type Reply = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Simulates an unreachable server: fetch rejects like a browser does. */
  networkError?: boolean;
};

type Route = {
  method: string;
  path: string;
  query: URLSearchParams;
  reply: Reply | ((request: RecordedRequest) => Reply);
};

export type FakeSupabase = {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** `target` is a path, optionally with query params that must match (`/auth/v1/token?grant_type=password`). */
  on(method: string, target: string, reply: Route['reply']): void;
  requestsTo(method: string, path: string): RecordedRequest[];
  reset(): void;
};

export const FAKE_SUPABASE_URL = 'http://fake-supabase.test';

export function createFakeSupabase(): FakeSupabase {
  const requests: RecordedRequest[] = [];
  let routes: Route[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the raw text
    }
    const recorded: RecordedRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
    };
    requests.push(recorded);

    // Later routes win, so a test can override a default.
    const route = [...routes]
      .reverse()
      .find(
        (candidate) =>
          candidate.method === recorded.method &&
          candidate.path === recorded.path &&
          [...candidate.query].every(([key, value]) => recorded.query.get(key) === value),
      );
    const reply: Reply = route
      ? typeof route.reply === 'function'
        ? route.reply(recorded)
        : route.reply
      : { status: 404, body: { message: `No fake route for ${recorded.method} ${recorded.path}` } };
    if (reply.networkError) throw new TypeError('Failed to fetch');

    const status = reply.status ?? 200;
    const hasBody = reply.body !== undefined && status !== 204 && recorded.method !== 'HEAD';
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };

  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    on(method, target, reply) {
      const url = new URL(target, FAKE_SUPABASE_URL);
      routes.push({ method, path: url.pathname, query: url.searchParams, reply });
    },
    requestsTo(method, path) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
    reset() {
      requests.length = 0;
      routes = [];
    },
  };
}

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT: supabase-js decodes tokens but only the server verifies them. */
export function fakeJwt(sub: string, label: string): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, exp, role: 'authenticated', label })}.signature`;
}

export type FakeAccount = { id: string; email: string; metadata?: Record<string, unknown> };

export function authUserBody({ id, email, metadata = {} }: FakeAccount) {
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    app_metadata: { provider: 'email' },
    user_metadata: metadata,
    created_at: '2025-01-01T00:00:00Z',
  };
}

/** A GoTrue token response; `label` makes each issued token pair distinguishable. */
export function sessionBody(account: FakeAccount, label = 'first') {
  return {
    access_token: fakeJwt(account.id, label),
    refresh_token: `refresh-${label}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: authUserBody(account),
  };
}

export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 'user-1',
    email: 'ana@school.test',
    first_name: 'Ana',
    last_name: 'García',
    role: 'student',
    avatar_url: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-02T00:00:00Z',
    phone: null,
    location: null,
    bio: null,
    is_active: true,
    last_sign_in_at: null,
    ...overrides,
  };
}

/**
 * Registers hooks that point the page's data client at a fresh fake for this test file and
 * start every test with empty routes and empty browser storage.
 */
export function installFakeSupabase(): FakeSupabase {
  const fake = createFakeSupabase();
  beforeAll(() => {
    vi.stubGlobal('fetch', fake.fetch);
    initDataClient({
      supabaseUrl: FAKE_SUPABASE_URL,
      supabaseAnonKey: 'anon-key',
      apiProvider: 'supabase',
      remotes: { student: '/student.json', teacher: '/teacher.json', admin: '/admin.json' },
    });
  });
  afterAll(() => {
    resetDataClientForTests();
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    fake.reset();
    localStorage.clear();
    sessionStorage.clear();
  });
  return fake;
}
