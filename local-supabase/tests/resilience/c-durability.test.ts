import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_URL, databaseUrl } from '../../src/config';
import { isProcessAlive, sleep } from '../../src/process-utils';
import {
  postmasterPid,
  resilienceRun,
  restStatus,
  serviceHeaders,
  stackLogLength,
  stackLogSince,
  waitForHealthy,
  within,
} from './support';

const TABLE = 'resilience_probe';

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!resilienceRun)('Postgres killed -9 during writes', () => {
  beforeAll(async () => {
    await withClient(async (client) => {
      await client.query(`create table if not exists public.${TABLE} (id bigint primary key, note text not null)`);
      await client.query(`grant all on public.${TABLE} to service_role`);
      await client.query(`notify pgrst, 'reload schema'`);
    });
    await within(10_000, async () => (await restStatus(`${TABLE}?select=id&limit=1`)) === 200, 'PostgREST seeing the table');
  });
  afterAll(async () => {
    await waitForHealthy(30_000);
    await withClient((client) => client.query(`drop table if exists public.${TABLE}`));
  });

  it('keeps every acknowledged row, is restarted, and logs the outage in a few lines without stack traces', async () => {
    const logOffset = await stackLogLength();
    const acknowledged: number[] = [];
    let nextId = 1;
    let stop = false;
    const writer = async () => {
      while (!stop) {
        const id = nextId++;
        const status = await fetch(`${API_URL}/rest/v1/${TABLE}`, {
          method: 'POST',
          headers: { ...serviceHeaders, prefer: 'return=minimal' },
          body: JSON.stringify({ id, note: `row ${id}` }),
          signal: AbortSignal.timeout(5_000),
        }).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 201) acknowledged.push(id);
        else await sleep(20);
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    await within(10_000, async () => acknowledged.length >= 200, '200 acknowledged writes');
    const pid = (await postmasterPid()) as number;
    process.kill(pid, 'SIGKILL');
    const killedAt = acknowledged.length;
    // The stack starts Postgres again; writes are acknowledged again.
    const ms = await within(20_000, async () => acknowledged.length > killedAt + 50 && !isProcessAlive(pid), 'writes acknowledged again');
    stop = true;
    await Promise.all(writers);
    console.log(`[resilience] writes acknowledged again ${Math.round(ms)} ms after kill -9 of Postgres; ${acknowledged.length} acknowledged`);

    const stored = await withClient(async (client) => {
      const { rows } = await client.query<{ id: string }>(`select id from public.${TABLE}`);
      return new Set(rows.map((row) => Number(row.id)));
    });
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged rows lost`).toEqual([]);

    await waitForHealthy(30_000);
    const log = await stackLogSince(logOffset);
    const lines = log.split('\n').filter((line) => line.trim());
    expect(lines.filter((line) => /^\s+at /.test(line)), log).toEqual([]);
    expect(lines.length, log).toBeLessThanOrEqual(12);
  });
});
