import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/config';
import { EdgeRuntime } from '../src/edge-runtime';

// The local stack runs supabase/functions under Deno (the `deno` npm package), one process per function,
// with only the variables Supabase gives a function. These functions are written for the test.

const PROBE = `
Deno.serve(async (request) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/exit')) Deno.exit(3);
  return Response.json({
    deno: typeof Deno.version?.deno === 'string',
    version: 'one',
    path: url.pathname,
    body: request.method === 'POST' ? await request.text() : null,
    env: Object.keys(Deno.env.toObject()).filter((name) => !['PATH', 'HOME', 'NO_COLOR', 'DENO_DIR', 'DENO_SERVE_ADDRESS'].includes(name)),
    secret: Deno.env.get('LOCAL_SUPABASE_TEST_SECRET') ?? null,
  });
});
`;

let dir: string;
let runtime: EdgeRuntime;

async function call(name: string, suffix = '', init: RequestInit = {}): Promise<Response> {
  const port = await runtime.portOf(name);
  return fetch(`http://127.0.0.1:${port}/${name}${suffix}`, init);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'edge-runtime-'));
  await mkdir(path.join(dir, 'probe'));
  await writeFile(path.join(dir, 'probe', 'index.ts'), PROBE);
  process.env.LOCAL_SUPABASE_TEST_SECRET = 'the stack keeps this';
  runtime = new EdgeRuntime({
    functionsDir: dir,
    env: { SUPABASE_URL: 'http://127.0.0.1:1', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' },
    log: () => undefined,
  });
});

afterAll(async () => {
  await runtime.stop();
  delete process.env.LOCAL_SUPABASE_TEST_SECRET;
  await rm(dir, { recursive: true, force: true });
});

describe('the edge runtime', () => {
  it('serves a function from Deno with the variables Supabase provides and nothing of the stack', async () => {
    const response = await call('probe', '/sub?x=1', { method: 'POST', body: 'hello' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.deno).toBe(true);
    expect(body.path).toBe('/probe/sub');
    expect(body.body).toBe('hello');
    expect(body.env).toEqual(expect.arrayContaining(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY']));
    expect(body.secret).toBeNull();
    expect(runtime.running()).toEqual(['probe']);
  });

  it('starts the function again after it dies', async () => {
    await call('probe', '/exit').catch(() => undefined);
    await expect.poll(() => runtime.running(), { timeout: 5_000 }).toEqual([]);
    const again = await call('probe');
    expect(again.status).toBe(200);
  });

  it('serves the new code once the file changes', async () => {
    const file = path.join(dir, 'probe', 'index.ts');
    await writeFile(file, PROBE.replace("version: 'one'", "version: 'two'"));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    const body = (await (await call('probe')).json()) as { version: string };
    expect(body.version).toBe('two');
  });

  it('leaves no function process behind when the stack is killed', async () => {
    const stack = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/start-function.ts', dir, 'probe'], {
      cwd: PACKAGE_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(stack.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const { port } = JSON.parse(line.toString()) as { port: number };
    expect((await fetch(`http://127.0.0.1:${port}/probe`)).status).toBe(200);

    stack.kill('SIGKILL');
    await once(stack, 'exit');
    await expect
      .poll(() => fetch(`http://127.0.0.1:${port}/probe`).then(() => 'serving', () => 'gone'), { timeout: 5_000 })
      .toBe('gone');
  });

  it('refuses a function that does not exist, and serves no `_` folder (shared code)', async () => {
    await expect(runtime.portOf('nothing-here')).rejects.toThrow(/no function/);
    await mkdir(path.join(dir, '_shared'));
    await writeFile(path.join(dir, '_shared', 'index.ts'), PROBE);
    await expect(runtime.portOf('_shared')).rejects.toThrow(/no function/);
  });

  it('restarts a function when the shared code it imports changes', async () => {
    const shared = path.join(dir, '_shared', 'greeting.ts');
    const probe = path.join(dir, 'probe', 'index.ts');
    await writeFile(shared, "export const greeting = 'hello';\n");
    await writeFile(probe, "import { greeting } from '../_shared/greeting.ts';\nDeno.serve(() => Response.json({ greeting }));\n");
    expect(await (await call('probe')).json()).toEqual({ greeting: 'hello' });

    await writeFile(shared, "export const greeting = 'hola';\n");
    const later = new Date(Date.now() + 10_000);
    await utimes(shared, later, later);
    expect(await (await call('probe')).json()).toEqual({ greeting: 'hola' });
  });
});

describe("the stack's secrets file (the local `supabase secrets set`)", () => {
  const SECRETS_PROBE = `Deno.serve(() => Response.json({
  key: Deno.env.get('STRIPE_SECRET_KEY') ?? null,
  other: Deno.env.get('NOT_A_SECRET_NAME') ?? null,
}));
`;
  let secretsDir: string;
  let secretsFile: string;
  let withSecrets: EdgeRuntime;

  beforeAll(async () => {
    secretsDir = await mkdtemp(path.join(tmpdir(), 'edge-secrets-'));
    await mkdir(path.join(secretsDir, 'probe'));
    await writeFile(path.join(secretsDir, 'probe', 'index.ts'), SECRETS_PROBE);
    secretsFile = path.join(secretsDir, 'secrets.json');
    withSecrets = new EdgeRuntime({
      functionsDir: secretsDir,
      env: { STRIPE_SECRET_KEY: 'from the environment' },
      secretsFile,
      secretNames: ['STRIPE_SECRET_KEY'],
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await withSecrets.stop();
    await rm(secretsDir, { recursive: true, force: true });
  });

  const read = async () => {
    const port = await withSecrets.portOf('probe');
    return (await fetch(`http://127.0.0.1:${port}/probe`)).json();
  };

  it('gives a function the allowed names of the file over the environment, and restarts it when the file changes', async () => {
    expect(await read()).toEqual({ key: 'from the environment', other: null });

    await writeFile(secretsFile, JSON.stringify({ STRIPE_SECRET_KEY: 'sk_test_one', NOT_A_SECRET_NAME: 'x' }));
    expect(await read()).toEqual({ key: 'sk_test_one', other: null });

    await writeFile(secretsFile, JSON.stringify({ STRIPE_SECRET_KEY: '' }));
    const later = new Date(Date.now() + 10_000);
    await utimes(secretsFile, later, later);
    expect(await read()).toEqual({ key: '', other: null });

    await rm(secretsFile);
    expect(await read()).toEqual({ key: 'from the environment', other: null });
  });
});
