import { afterEach, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../src/config';
import { COMPONENTS } from '../../src/health';
import { isProcessAlive } from '../../src/process-utils';
import {
  health,
  postgrestPid,
  resilienceRun,
  restStatus,
  stackLogLength,
  stackLogSince,
  waitForHealthy,
  within,
} from './support';

describe.skipIf(!resilienceRun)('supervision', () => {
  afterEach(async () => {
    // Whatever a test froze runs again, and the next test starts from a healthy stack.
    const pid = await postgrestPid();
    if (pid !== undefined && isProcessAlive(pid)) process.kill(pid, 'SIGCONT');
    await waitForHealthy(30_000);
  });

  it('/health reports each component', async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body?.status).toBe('ok');
    expect(Object.keys(body?.components ?? {}).sort()).toEqual([...COMPONENTS].sort());
    for (const name of COMPONENTS) expect(body?.components[name].status, name).toBe('ok');
  });

  it('restarts PostgREST when it dies: REST answers again within 5 s', async () => {
    expect(await restStatus('courses?select=id&limit=1')).toBe(200);
    const pid = await postgrestPid();
    expect(pid).toBeDefined();
    const logOffset = await stackLogLength();
    process.kill(pid as number, 'SIGKILL');
    const ms = await within(5_000, async () => (await restStatus('courses?select=id&limit=1', 1_000)) === 200, 'REST answering');
    console.log(`[resilience] REST answered again ${Math.round(ms)} ms after PostgREST was killed`);
    const replacement = await postgrestPid();
    expect(replacement).not.toBe(pid);
    // The supervisor watches the new process once its start-up check has seen it serve. Until then it
    // is still starting it, so the next test's freeze would go unnoticed by its probe: wait for that.
    await within(5_000, async () => (await stackLogSince(logOffset)).includes(`PostgREST is back (pid ${replacement})`), 'the supervisor taking the new PostgREST over');
  });

  it('a frozen PostgREST makes /health answer 503 naming it, and is replaced', async () => {
    const pid = (await postgrestPid()) as number;
    process.kill(pid, 'SIGSTOP');
    try {
      await within(
        8_000,
        async () => {
          const { status, body } = await health();
          return status === 503 && body?.components.postgrest.status === 'down' && body.components.postgres.status === 'ok';
        },
        '/health reporting PostgREST down',
      );
      // The supervisor's probe notices (3 missed /live) and starts a new one.
      await within(15_000, async () => (await restStatus('courses?select=id&limit=1', 1_000)) === 200, 'REST answering');
      expect(await postgrestPid()).not.toBe(pid);
    } finally {
      if (isProcessAlive(pid)) process.kill(pid, 'SIGCONT');
    }
  });

  it('a PostgREST that freezes while it starts is replaced as well', async () => {
    const pid = (await postgrestPid()) as number;
    process.kill(pid, 'SIGKILL');
    // The supervisor starts another one: freeze it as soon as it is there, before it serves.
    let starting: number | undefined;
    await within(
      5_000,
      async () => {
        starting = await postgrestPid();
        return starting !== undefined && starting !== pid && isProcessAlive(starting);
      },
      'a new PostgREST starting',
    );
    process.kill(starting as number, 'SIGSTOP');
    try {
      const ms = await within(15_000, async () => (await restStatus('courses?select=id&limit=1', 1_000)) === 200, 'REST answering');
      console.log(`[resilience] REST answered ${Math.round(ms)} ms after the starting PostgREST froze`);
      expect(await postgrestPid()).not.toBe(starting);
    } finally {
      if (starting !== undefined && isProcessAlive(starting)) process.kill(starting, 'SIGCONT');
    }
  });

  it('sign-ins beyond the hashing queue get 503 + Retry-After at once, the rest sign in', async () => {
    const signIn = async () => {
      const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'student@school.test', password: 'password123' }),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, unknown> };
    };
    const answers = await Promise.all(Array.from({ length: 150 }, signIn));
    const busy = answers.filter((answer) => answer.status === 503);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length + busy.length).toBe(answers.length);
    expect(ok.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.body).toMatchObject({ code: 503, error_code: expect.any(String), msg: expect.any(String) });
    }
  });
});
