import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL, PACKAGE_ROOT, SERVICE_ROLE_KEY } from '../src/config';
import { anonClient, signUpUser } from './support';

describe('gateway', () => {
  it('reports health without an API key', async () => {
    const response = await fetch(`${API_URL}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', name: 'local-supabase' });
  });

  it('requires an API key like Kong', async () => {
    const missing = await fetch(`${API_URL}/rest/v1/users`);
    expect(missing.status).toBe(401);
    const wrong = await fetch(`${API_URL}/auth/v1/settings`, { headers: { apikey: 'not-a-key' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${API_URL}/auth/v1/settings`, { headers: { apikey: ANON_KEY } });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ mailer_autoconfirm: true, external: { email: true } });
  });

  it('proxies /rest/v1 to PostgREST with the apikey as Bearer when no Authorization is sent', async () => {
    const { session } = await signUpUser('rest-proxy');
    const response = await fetch(`${API_URL}/rest/v1/users?select=id,role&id=eq.${session.user.id}`, {
      headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: session.user.id, role: 'student' }]);

    const anonymous = await fetch(`${API_URL}/rest/v1/users?select=id`, { headers: { apikey: ANON_KEY } });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: '42501' });
  });

  it('passes PostgREST status and headers through (count, range)', async () => {
    const client = anonClient();
    await client.auth.signInWithPassword({ email: 'admin@school.test', password: 'password123' });
    const { count, error } = await client.from('users').select('id', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBeGreaterThanOrEqual(3);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });

  it('allows a preflight from an app origin', async () => {
    const response = await preflight('http://localhost:3000');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const allowed = response.headers.get('access-control-allow-headers') ?? '';
    for (const header of ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'prefer', 'range']) {
      expect(allowed).toContain(header);
    }
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('does not echo a foreign origin', async () => {
    const response = await preflight('http://evil.test');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers real requests with the calling origin, never *', async () => {
    const response = await fetch(`${API_URL}/rest/v1/users?select=id`, {
      headers: { apikey: ANON_KEY, origin: 'http://127.0.0.1:3002' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3002');
    expect(response.headers.get('access-control-expose-headers')).toContain('content-range');
    // A locked-out sign-in's page reads how long to wait.
    expect(response.headers.get('access-control-expose-headers')).toContain('retry-after');

    const foreign = await fetch(`${API_URL}/rest/v1/users?select=id`, {
      headers: { apikey: ANON_KEY, origin: 'http://evil.test' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('storage', () => {
  it('lists buckets as the caller and lets the policies refuse an anonymous upload', async () => {
    const listed = await fetch(`${API_URL}/storage/v1/bucket`, {
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    });
    expect(listed.status).toBe(200);
    expect(Array.isArray(await listed.json())).toBe(true);

    const anonymous = await fetch(`${API_URL}/storage/v1/object/materials/file.pdf`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/pdf' },
      body: '%PDF-1.4',
    });
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toEqual({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
  });
});

describe('edge functions', () => {
  it('answers 404 JSON for an unknown function', async () => {
    const { data, error } = await anonClient().functions.invoke('no-such-function', { body: {} });
    expect(data).toBeNull();
    const response = (error as { context?: Response }).context;
    expect(response?.status).toBe(404);
    expect(await response?.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  describe('runner', () => {
    let dir: string;
    let server: ChildProcess;
    let baseUrl: string;

    const writeEcho = (greeting: string) =>
      writeFile(
        path.join(dir, 'echo', 'index.ts'),
        `// The portable shape of supabase/functions: a default export, served by Deno.serve under Deno.
const handler = async (request: Request): Promise<Response> => {
  const body = await request.json();
  return new Response(JSON.stringify({
    greeting: '${greeting}',
    method: request.method,
    path: new URL(request.url).pathname,
    body,
    hasServiceKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
    authorization: request.headers.get('authorization'),
  }), { status: 201, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } });
};
export default handler;
Deno.serve(handler);
`,
      );

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-functions-'));
      await mkdir(path.join(dir, 'echo'));
      await writeEcho('hello');
      server = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/serve-functions.ts', dir], {
        cwd: PACKAGE_ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [firstLine] = (await once(server.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
      baseUrl = `http://127.0.0.1:${(JSON.parse(firstLine.toString()) as { port: number }).port}`;
    });

    afterAll(async () => {
      server.kill('SIGTERM');
      await once(server, 'exit');
      await rm(dir, { recursive: true, force: true });
    });

    it('runs the default-exported handler with the request and the Supabase env', async () => {
      const response = await fetch(`${baseUrl}/functions/v1/echo/sub`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ANON_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ hello: 'world' }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      // The gateway owns CORS; the function's own header is dropped rather than duplicated.
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({
        greeting: 'hello',
        method: 'POST',
        // Supabase's edge runtime hands a function the path from its name on.
        path: '/echo/sub',
        body: { hello: 'world' },
        hasServiceKey: true,
        authorization: `Bearer ${ANON_KEY}`,
      });
    });

    it('picks up an edited function without a restart', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writeEcho('edited');
      const response = await fetch(`${baseUrl}/functions/v1/echo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ANON_KEY}` },
        body: '{}',
      });
      expect(await response.json()).toMatchObject({ greeting: 'edited' });
    });

    it('refuses an invalid JWT before the function runs', async () => {
      const response = await fetch(`${baseUrl}/functions/v1/echo`, {
        method: 'POST',
        headers: { authorization: 'Bearer not-a-jwt' },
        body: '{}',
      });
      expect(response.status).toBe(401);
    });
  });
});
