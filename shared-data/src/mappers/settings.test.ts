import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../rules/settings';
import { settingsRow } from '../test-support/fake-supabase';
import { toAppSettings, toSettingsWriteRow } from './settings';

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
