import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS, type PublicSettings } from '../mappers/settings';
import { installFakeSupabase } from '../test-support/fake-supabase';
import { QueryClient } from '@tanstack/react-query';
import { settingsQueries } from '../queries/settings-queries';
import {
  loadPublicSettingsWriteAtom,
  takeStartupPublicSettings,
} from './load-public-settings-write-atom';
import {
  PUBLIC_SETTINGS_STORAGE_KEY,
  publicSettingsAtom,
  readCachedPublicSettings,
} from './public-settings-atom';
import { publicSettingsLoadedWriteAtom } from './public-settings-loaded-write-atom';

const fake = installFakeSupabase();

const school: PublicSettings = {
  siteName: 'Escuela Sol',
  defaultLanguage: 'es',
  theme: 'dark',
  primaryColor: '#7C3AED',
  secondaryColor: '#0EA5E9',
  accentColor: '#F43F5E',
  sessionTimeout: 45,
};

afterEach(() => {
  localStorage.clear();
  takeStartupPublicSettings();
});

describe('readCachedPublicSettings', () => {
  it('is the defaults without a cached copy, or with a damaged one', () => {
    expect(readCachedPublicSettings()).toEqual(DEFAULT_PUBLIC_SETTINGS);
    localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, '{not json');
    expect(readCachedPublicSettings()).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });

  it('checks a cached copy like a server answer and never takes a session timeout from it', () => {
    localStorage.setItem(
      PUBLIC_SETTINGS_STORAGE_KEY,
      JSON.stringify({ ...school, primaryColor: 'purple', sessionTimeout: 5 }),
    );
    expect(readCachedPublicSettings()).toEqual({
      ...school,
      primaryColor: DEFAULT_PUBLIC_SETTINGS.primaryColor,
      sessionTimeout: null,
    });
  });
});

describe('publicSettingsLoadedWriteAtom', () => {
  it('applies the settings and caches them for the next load, without the session timeout', () => {
    const store = createStore();
    store.set(publicSettingsLoadedWriteAtom, school);

    expect(store.get(publicSettingsAtom)).toEqual(school);
    const cached = JSON.parse(localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) ?? '{}');
    expect(cached).toMatchObject({ siteName: 'Escuela Sol', theme: 'dark' });
    expect(cached).not.toHaveProperty('sessionTimeout');
    expect(readCachedPublicSettings()).toEqual({ ...school, sessionTimeout: null });
  });
});

describe('loadPublicSettingsWriteAtom', () => {
  it('reads get_public_settings once and applies the answer', async () => {
    fake.on('POST', '/rest/v1/rpc/get_public_settings', { body: school });
    const store = createStore();

    const result = await store.set(loadPublicSettingsWriteAtom);

    expect(result).toEqual({ success: true, data: school });
    expect(store.get(publicSettingsAtom)).toEqual(school);
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps what the page shows when the read fails', async () => {
    fake.on('POST', '/rest/v1/rpc/get_public_settings', { status: 500, body: {} });
    const store = createStore();
    store.set(publicSettingsAtom, { ...DEFAULT_PUBLIC_SETTINGS, siteName: 'Cached School' });

    const result = await store.set(loadPublicSettingsWriteAtom);

    expect(result.success).toBe(false);
    expect(store.get(publicSettingsAtom).siteName).toBe('Cached School');
    expect(localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY)).toBeNull();
  });
});

describe('the signed-in settings query after the start-up read', () => {
  const SETTINGS_RPC = '/rest/v1/rpc/get_public_settings';
  const reads = () => fake.requests.filter((request) => request.path === SETTINGS_RPC).length;

  it('reuses a start-up read made signed in, so a full page load reads the settings once', async () => {
    fake.on('POST', SETTINGS_RPC, { body: school });
    await createStore().set(loadPublicSettingsWriteAtom);

    const data = await new QueryClient().fetchQuery(settingsQueries.public());

    expect(data).toEqual(school);
    expect(reads()).toBe(1);
  });

  it('reads again when the start-up read was made signed out (no session timeout in it)', async () => {
    fake.on('POST', SETTINGS_RPC, { body: { ...school, sessionTimeout: null } });
    await createStore().set(loadPublicSettingsWriteAtom);
    fake.on('POST', SETTINGS_RPC, { body: school });

    const data = await new QueryClient().fetchQuery(settingsQueries.public());

    expect(data.sessionTimeout).toBe(45);
    expect(reads()).toBe(2);
  });

  it('uses the start-up read once: a refetch (after an admin saves) reads afresh', async () => {
    fake.on('POST', SETTINGS_RPC, { body: school });
    await createStore().set(loadPublicSettingsWriteAtom);
    const client = new QueryClient();
    await client.fetchQuery(settingsQueries.public());
    fake.on('POST', SETTINGS_RPC, { body: { ...school, siteName: 'Escuela Luna' } });

    await client.invalidateQueries({ queryKey: settingsQueries.public().queryKey });
    const data = await client.fetchQuery(settingsQueries.public());

    expect(data.siteName).toBe('Escuela Luna');
    expect(reads()).toBe(2);
  });

  it('reads again when the start-up read failed', async () => {
    fake.on('POST', SETTINGS_RPC, { status: 500, body: {} });
    await createStore().set(loadPublicSettingsWriteAtom);
    fake.on('POST', SETTINGS_RPC, { body: school });

    const data = await new QueryClient().fetchQuery(settingsQueries.public());

    expect(data).toEqual(school);
    expect(reads()).toBe(2);
  });
});
