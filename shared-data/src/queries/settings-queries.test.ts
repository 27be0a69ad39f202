import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLIC_SETTINGS_STORAGE_KEY, readCachedPublicSettings } from '../public-settings-cache';
import { installFakeSupabase } from '../test-support/fake-supabase';
import type { PublicSettings } from '../mappers/settings';
import { settingsKeys } from './keys';
import { settingsQueries } from './settings-queries';
import { schoolPublicSettings } from '../test-support/settings-fixtures';

const fake = installFakeSupabase();

const SETTINGS_RPC = '/rest/v1/rpc/get_public_settings';
const reads = () => fake.requests.filter((request) => request.path === SETTINGS_RPC).length;

const school = schoolPublicSettings;

afterEach(() => localStorage.clear());

describe('settingsQueries.public', () => {
  it('reads get_public_settings once and keeps a copy for the next page load', async () => {
    fake.on('POST', SETTINGS_RPC, { body: school });
    const client = new QueryClient();

    expect(await client.fetchQuery(settingsQueries.public())).toEqual(school);
    expect(await client.fetchQuery(settingsQueries.public())).toEqual(school);

    expect(reads()).toBe(1);
    expect(readCachedPublicSettings()).toEqual({ ...school, sessionTimeout: null });
  });

  it('reads afresh once invalidated (an admin saved them)', async () => {
    fake.on('POST', SETTINGS_RPC, { body: school });
    const client = new QueryClient();
    await client.fetchQuery(settingsQueries.public());
    fake.on('POST', SETTINGS_RPC, { body: { ...school, siteName: 'Escuela Luna' } });

    await client.invalidateQueries({ queryKey: settingsQueries.public().queryKey });
    const data = await client.fetchQuery(settingsQueries.public());

    expect(data.siteName).toBe('Escuela Luna');
    expect(reads()).toBe(2);
    expect(readCachedPublicSettings().siteName).toBe('Escuela Luna');
  });

  it('fails without touching the copy the page paints with', async () => {
    localStorage.setItem(
      PUBLIC_SETTINGS_STORAGE_KEY,
      JSON.stringify({ siteName: 'Cached School' }),
    );
    fake.on('POST', SETTINGS_RPC, { status: 500, body: {} });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    await expect(client.fetchQuery(settingsQueries.public())).rejects.toThrow();

    expect(readCachedPublicSettings().siteName).toBe('Cached School');
  });
});

describe('settingsQueries.currency', () => {
  it('is the currency of the page’s one read of the public settings', async () => {
    fake.on('POST', SETTINGS_RPC, { body: { ...school, currency: 'EUR' } });
    const client = new QueryClient();
    await client.fetchQuery(settingsQueries.public());

    const observer = new QueryObserver(client, settingsQueries.currency());
    expect(observer.getCurrentResult().data).toBe('EUR');
    observer.subscribe(() => {})();

    expect(reads()).toBe(1);
  });

  it('is null when the page’s answer has no currency (an older shell mapped it)', async () => {
    const client = new QueryClient();
    const { currency: _currency, ...older } = school;
    client.setQueryData(settingsKeys.public(), older as PublicSettings);

    const observer = new QueryObserver(client, settingsQueries.currency());
    expect(observer.getCurrentResult().data).toBeNull();
    expect(reads()).toBe(0);
  });
});
