// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { settingsRow } from '../test-support/fake-supabase';
import {
  DEFAULT_PUBLIC_SETTINGS,
  toAppSettings,
  toPublicSettings,
  toSettingsWriteRow,
} from './settings';

describe('toAppSettings', () => {
  it('takes stored values of the right type and defaults the rest', () => {
    const settings = toAppSettings(
      settingsRow({
        security: { sessionTimeout: 120, maxLoginAttempts: '7', unknown: true },
        notifications: { smsNotifications: true },
        email: { smtpPassword: 'never shown', smtpPort: 2525 },
      }),
    );

    expect(settings.security).toEqual({ ...DEFAULT_SETTINGS.security, sessionTimeout: 120 });
    expect(settings.notifications.smsNotifications).toBe(true);
    expect(settings.email).toEqual({ ...DEFAULT_SETTINGS.email, smtpPort: 2525 });
    expect(settings.email).not.toHaveProperty('smtpPassword');
  });

  it.each([[null], [settingsRow({ general: null, security: 'bad' })], [{ id: 1 }]])(
    'reads %j as the defaults',
    (row) => {
      expect(toAppSettings(row)).toEqual({ ...DEFAULT_SETTINGS, smtpPasswordSet: false });
    },
  );
});

describe('toSettingsWriteRow', () => {
  it('keeps only the groups given and only their known keys', () => {
    expect(
      toSettingsWriteRow({
        appearance: { ...DEFAULT_SETTINGS.appearance, theme: 'auto' },
      }),
    ).toEqual({ appearance: { ...DEFAULT_SETTINGS.appearance, theme: 'auto' } });
  });
});

describe('toPublicSettings', () => {
  it('keeps well-formed values', () => {
    const row = {
      siteName: 'Escuela Sol',
      contactEmail: 'office@escuela-sol.test',
      defaultLanguage: 'es',
      theme: 'auto',
      primaryColor: '#7C3AED',
      secondaryColor: '#0ea5e9',
      accentColor: '#f43',
      currency: 'GBP',
      sessionTimeout: 90,
    };
    expect(toPublicSettings(row)).toEqual(row);
  });

  it('reads a missing or malformed currency as unknown (null), never as a guess', () => {
    // An answer from before the currency was served, or a browser copy kept then.
    expect(toPublicSettings({ siteName: 'Escuela Sol' }).currency).toBeNull();
    for (const currency of ['eur', 'EURO', '€', 12, null, '']) {
      expect(toPublicSettings({ currency }).currency).toBeNull();
    }
    expect(toPublicSettings({ currency: 'EUR' }).currency).toBe('EUR');
  });

  it.each([
    [null],
    ['text'],
    [
      {
        siteName: '',
        theme: 'neon',
        primaryColor: 'red',
        sessionTimeout: 0,
        contactEmail: 'call us',
        currency: 'dollars',
      },
    ],
    [{ siteName: 7, defaultLanguage: null, accentColor: '#12', sessionTimeout: '30' }],
  ])('reads %j as the defaults', (row) => {
    expect(toPublicSettings(row)).toEqual(DEFAULT_PUBLIC_SETTINGS);
  });

  it('defaults to the settings defaults', () => {
    expect(DEFAULT_PUBLIC_SETTINGS).toEqual({
      siteName: DEFAULT_SETTINGS.general.siteName,
      contactEmail: '',
      defaultLanguage: 'en',
      theme: 'light',
      primaryColor: '#3B82F6',
      secondaryColor: '#10B981',
      accentColor: '#F59E0B',
      currency: null,
      sessionTimeout: null,
    });
  });
});
