import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { initDataClient, resetDataClientForTests } from '../client';
import type { ActivityRow, ManagedActivityRow } from '../mappers/activity';
import type { AttendanceRow } from '../mappers/attendance';
import type { ClassRow } from '../mappers/class';
import type { CourseRow } from '../mappers/course';
import type { EnrollmentRow } from '../mappers/enrollment';
import type { MaterialRow } from '../mappers/material';
import type { ReviewRow } from '../mappers/review';
import type { AppSettingsRow } from '../mappers/settings';
import type { SubmissionRow } from '../mappers/submission';
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
  /**
   * `target` is a path, optionally with query params that must match
   * (`/auth/v1/token?grant_type=password`); a path ending in `/*` matches everything below it.
   */
  on(method: string, target: string, reply: Route['reply']): void;
  /** The recorded requests to `path` (which may end in `/*`, like a route). */
  requestsTo(method: string, path: string): RecordedRequest[];
  reset(): void;
};

export const FAKE_SUPABASE_URL = 'http://fake-supabase.test';

/** A route path ending in `/*` matches every path below it (generated storage object names). */
function pathMatches(routePath: string, requestPath: string): boolean {
  return routePath.endsWith('/*')
    ? requestPath.startsWith(routePath.slice(0, -1))
    : routePath === requestPath;
}

/**
 * A browser's Response keeps its status, headers and the rest as getters on its prototype, so
 * `JSON.stringify(response)` is '{}' (auth-js reports a 5xx it cannot read with that message, which
 * the services replace by their own). happy-dom's Response keeps them as fields of the object, which
 * would turn that message into a dump of the response: hide them from enumeration as a browser does.
 */
function browserLike(response: Response): Response {
  for (const key of Object.keys(response)) {
    Object.defineProperty(response, key, { enumerable: false });
  }
  return response;
}

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
          pathMatches(candidate.path, recorded.path) &&
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
    return browserLike(
      new Response(hasBody ? JSON.stringify(reply.body) : null, {
        status,
        headers: { 'content-type': 'application/json', ...reply.headers },
      }),
    );
  };

  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    on(method, target, reply) {
      const url = new URL(target, FAKE_SUPABASE_URL);
      routes.push({ method, path: url.pathname, query: url.searchParams, reply });
    },
    requestsTo(method, path) {
      return requests.filter(
        (request) => request.method === method && pathMatches(path, request.path),
      );
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
export function fakeJwt(sub: string, label: string, claims: Record<string, unknown> = {}): string {
  // A fixed expiry far ahead: two tokens built for the same user and label are equal even when a
  // second passes between them (a loaded machine), so tests can compare them.
  const exp = 4_102_444_800; // 2100-01-01
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, exp, role: 'authenticated', label, ...claims })}.${base64Url({ signature: false })}`;
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
/** `claims` adds to the access token's (amr, aal …). */
export function sessionBody(
  account: FakeAccount,
  label = 'first',
  claims: Record<string, unknown> = {},
) {
  return {
    access_token: fakeJwt(account.id, label, claims),
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
    previous_sign_in_at: null,
    ...overrides,
  };
}

/**
 * A PostgREST list reply for a counted, ranged request: the rows plus the `content-range` header
 * (`from-to/total`) that supabase-js reads the exact count from.
 */
export function pagedReply(rows: unknown[], total = rows.length) {
  return (request: RecordedRequest): Reply => {
    const from = Number(request.query.get('offset') ?? 0);
    const range = rows.length > 0 ? `${from}-${from + rows.length - 1}` : '*';
    return { body: rows, headers: { 'content-range': `${range}/${total}` } };
  };
}

export function courseRow(overrides: Partial<CourseRow> = {}): CourseRow {
  return {
    id: 'course-1',
    title: 'Business Spanish',
    description: 'Meetings, email and negotiation',
    language: 'Spanish',
    category: 'business',
    level: 'intermediate',
    duration: 8,
    teacher_id: 'teacher-1',
    price: 299,
    thumbnail_url: null,
    is_active: true,
    enrolled_count: 12,
    max_students: 30,
    created_at: '2025-01-05T10:00:00Z',
    updated_at: '2025-01-06T10:00:00Z',
    teacher: { first_name: 'Marta', last_name: 'López' },
    cefr_level: null,
    grade_weights: {},
    ...overrides,
  };
}

export function enrollmentRow(overrides: Partial<EnrollmentRow> = {}): EnrollmentRow {
  return {
    id: 'enrollment-1',
    course_id: 'course-1',
    user_id: 'user-1',
    status: 'active',
    progress: 42.5,
    enrolled_at: '2025-02-01T09:00:00Z',
    created_at: '2025-02-01T09:00:00Z',
    updated_at: '2025-02-01T09:00:00Z',
    ...overrides,
  };
}

export function classRow(overrides: Partial<ClassRow> = {}): ClassRow {
  return {
    id: 'class-1',
    course_id: 'course-1',
    title: 'Negotiation role play',
    description: 'Bring your notes',
    scheduled_date: '2025-03-12T15:00:00+00:00',
    duration: 60,
    type: 'live',
    meeting_link: 'https://meet.school.test/abc',
    recording_url: null,
    created_at: '2025-02-20T10:00:00Z',
    course: { title: 'Business Spanish', teacher_id: 'teacher-1' },
    ...overrides,
  };
}

export function attendanceRow(overrides: Partial<AttendanceRow> = {}): AttendanceRow {
  return {
    id: 'attendance-1',
    class_id: 'class-1',
    user_id: 'user-1',
    attended: true,
    attended_at: '2025-03-12T15:02:00Z',
    marked_by: 'teacher-1',
    ...overrides,
  };
}

export function materialRow(overrides: Partial<MaterialRow> = {}): MaterialRow {
  return {
    id: 'material-1',
    title: 'Irregular verbs',
    type: 'pdf',
    url: '1700000000000-k3j9x2ab.pdf',
    storage_path: '1700000000000-k3j9x2ab.pdf',
    mime_type: 'application/pdf',
    file_size: 20480,
    course_id: 'course-1',
    language: 'ES',
    skill: 'grammar',
    uploaded_by: 'teacher-1',
    uploaded_at: '2025-02-10T08:00:00Z',
    uploader: { first_name: 'Marta', last_name: 'López' },
    course: { title: 'Business Spanish' },
    cefr_level: null,
    ...overrides,
  };
}

export function activityRow(overrides: Partial<ActivityRow> = {}): ActivityRow {
  return {
    id: 'activity-1',
    title: 'Write a formal email',
    description: 'Ask a supplier for a quote',
    type: 'assignment',
    course_id: 'course-1',
    class_id: null,
    due_date: '2025-03-15T23:59:00Z',
    max_points: 100,
    instructions: null,
    allow_late_submission: false,
    is_active: true,
    recording_limit_seconds: 180,
    created_by: 'teacher-1',
    created_at: '2025-03-01T10:00:00Z',
    course: { title: 'Business Spanish' },
    class: null,
    skills: [],
    cefr_level: null,
    rubric: null,
    rubric_id: null,
    ...overrides,
  };
}

/** A row of the `activity_list` view with the management screen's columns. */
export function managedActivityRow(
  overrides: Partial<ManagedActivityRow> = {},
): ManagedActivityRow {
  return {
    id: 'activity-1',
    title: 'Greetings quiz',
    description: 'Ten questions',
    type: 'quiz',
    course_id: null,
    class_id: 'class-1',
    effective_course_id: 'course-1',
    course_title: 'Business Spanish',
    class_title: 'Greetings',
    class_scheduled_date: '2025-03-10T15:00:00Z',
    due_date: '2025-03-15T23:59:00Z',
    max_points: 20,
    instructions: null,
    allow_late_submission: true,
    is_active: false,
    created_by: 'teacher-1',
    created_at: '2025-03-01T10:00:00Z',
    submission_count: 12,
    graded_count: 5,
    recording_limit_seconds: 180,
    skills: [],
    cefr_level: null,
    rubric: null,
    rubric_id: null,
    ...overrides,
  };
}

export function submissionRow(overrides: Partial<SubmissionRow> = {}): SubmissionRow {
  return {
    id: 'submission-1',
    activity_id: 'activity-1',
    student_id: 'user-1',
    submission_text: 'Estimado proveedor…',
    file_urls: ['user-1/activity-1/1700000000000-k3j9x2ab.pdf'],
    file_names: [],
    submitted_at: '2025-03-14T18:00:00Z',
    status: 'submitted',
    grade: null,
    feedback: null,
    feedback_audio: null,
    graded_by: null,
    graded_at: null,
    student: { first_name: 'Ana', last_name: 'García' },
    activity: { title: 'Write a formal email', max_points: 100 },
    rubric_scores: null,
    ...overrides,
  };
}

export function reviewRow(overrides: Partial<ReviewRow> = {}): ReviewRow {
  return {
    id: 'review-1',
    course_id: 'course-1',
    student_id: 'user-1',
    rating: 5,
    comment: 'Muy útil',
    created_at: '2025-03-20T10:00:00Z',
    updated_at: '2025-03-20T10:00:00Z',
    student: { first_name: 'Ana', last_name: 'García' },
    ...overrides,
  };
}

export function settingsRow(overrides: Partial<AppSettingsRow> = {}): AppSettingsRow {
  return {
    id: 1,
    general: {},
    notifications: {},
    security: {},
    appearance: {},
    email: {},
    smtp_password_set: false,
    ...overrides,
  };
}

/**
 * Registers hooks that point the page's data client at a fresh fake for this test file and
 * start every test with empty routes and empty browser storage.
 */
export function installFakeSupabase(): FakeSupabase {
  const fake = createFakeSupabase();
  beforeAll(async () => {
    vi.stubGlobal('fetch', fake.fetch);
    await initDataClient({
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
