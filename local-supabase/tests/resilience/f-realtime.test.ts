import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANON_KEY, API_URL, SERVICE_ROLE_KEY, databaseUrl } from '../../src/config';
import { isProcessAlive } from '../../src/process-utils';
import { gatewayPid, postmasterPid, resilienceRun, spawnStack, waitForHealthy, within } from './support';

const TABLE = 'realtime_probe';

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const insert = (id: number) => withClient((client) => client.query(`insert into public.${TABLE} (id) values ($1)`, [id]));

// Last: a Realtime subscriber lives through a Postgres kill -9 and a gateway restart, as the apps' will.
describe.skipIf(!resilienceRun)('Realtime through restarts', () => {
  let client: SupabaseClient;
  const heard: number[] = [];
  const statuses: string[] = [];

  beforeAll(async () => {
    await waitForHealthy(60_000);
    await withClient(async (db) => {
      await db.query(`create table if not exists public.${TABLE} (id bigint primary key)`);
      await db.query(`grant select on public.${TABLE} to service_role`);
      await db.query(`alter publication supabase_realtime add table public.${TABLE}`);
    });
    client = createClient(API_URL, ANON_KEY, {
      accessToken: async () => SERVICE_ROLE_KEY,
      realtime: { transport: WebSocket as never },
    });
    await client.realtime.setAuth();
    client
      .channel('probe')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: TABLE }, (payload) => heard.push(Number(payload.new.id)))
      .subscribe((status) => statuses.push(status));
    await within(10_000, async () => statuses.includes('SUBSCRIBED'), 'subscribing');
  });

  afterAll(async () => {
    await client?.removeAllChannels();
    await waitForHealthy(30_000);
    await withClient((db) => db.query(`drop table if exists public.${TABLE}`));
  });

  it('a change reaches the subscriber within 2 s', async () => {
    await insert(1);
    await within(2_000, async () => heard.includes(1), 'hearing insert 1');
  });

  it('after Postgres is killed -9 the channel errors, rejoins, and hears changes again', async () => {
    const pid = (await postmasterPid()) as number;
    const subscribedBefore = statuses.filter((s) => s === 'SUBSCRIBED').length;
    process.kill(pid, 'SIGKILL');
    // The app is told (CHANNEL_ERROR) so that it refetches on the next SUBSCRIBED what it missed meanwhile.
    const ms = await within(
      30_000,
      async () => statuses.filter((s) => s === 'SUBSCRIBED').length > subscribedBefore && !isProcessAlive(pid),
      'the channel rejoining',
    );
    expect(statuses).toContain('CHANNEL_ERROR');
    console.log(`[resilience] Realtime channel rejoined ${Math.round(ms)} ms after kill -9 of Postgres`);
    await within(10_000, async () => (await insert(2), true), 'writing again');
    await within(2_000, async () => heard.includes(2), 'hearing insert 2');
  }, 60_000);

  it('after the gateway restarts, supabase-js reconnects, rejoins, and hears changes again', async () => {
    const oldGateway = await gatewayPid();
    const subscribedBefore = statuses.filter((s) => s === 'SUBSCRIBED').length;
    process.kill(oldGateway, 'SIGTERM');
    await within(30_000, async () => !isProcessAlive(oldGateway), 'the stack stopping');
    spawnStack(false);
    await waitForHealthy(90_000);
    const ms = await within(30_000, async () => statuses.filter((s) => s === 'SUBSCRIBED').length > subscribedBefore, 'the channel rejoining');
    console.log(`[resilience] Realtime channel rejoined ${Math.round(ms)} ms after the restarted stack answered`);
    await insert(3);
    await within(2_000, async () => heard.includes(3), 'hearing insert 3');
  }, 150_000);
});
