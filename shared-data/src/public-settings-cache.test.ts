import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PUBLIC_SETTINGS } from './mappers/settings';
import {
  PUBLIC_SETTINGS_STORAGE_KEY,
  cachePublicSettings,
  readCachedPublicSettings,
} from './public-settings-cache';
import { schoolPublicSettings } from './test-support/settings-fixtures';

const school = schoolPublicSettings;

afterEach(() => localStorage.clear());

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

  it('reads a copy kept before the currency was served as an unknown currency', () => {
    const { currency: _currency, ...older } = school;
    localStorage.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify(older));
    expect(readCachedPublicSettings()).toEqual({ ...school, currency: null, sessionTimeout: null });
  });
});

describe('cachePublicSettings', () => {
  it('keeps the settings for the next load, without the session timeout', () => {
    cachePublicSettings(school);
    const cached = JSON.parse(localStorage.getItem(PUBLIC_SETTINGS_STORAGE_KEY) ?? '{}');
    expect(cached).toMatchObject({ siteName: 'Escuela Sol', theme: 'dark', currency: 'GBP' });
    expect(cached).not.toHaveProperty('sessionTimeout');
    expect(readCachedPublicSettings()).toEqual({ ...school, sessionTimeout: null });
  });
});
