import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  invalidColors,
  SECURITY_BOUNDS,
  settingsProblems,
  SITE_LANGUAGES,
  TIMEZONES,
  validateSecuritySettings,
} from './settings';

const security = DEFAULT_SETTINGS.security;

describe('DEFAULT_SETTINGS', () => {
  it('holds the settings defaults', () => {
    expect(DEFAULT_SETTINGS.general).toMatchObject({
      defaultLanguage: 'en',
      timezone: 'UTC',
      dateFormat: 'MM/DD/YYYY',
    });
    expect(DEFAULT_SETTINGS.notifications).toEqual({
      emailNotifications: true,
      pushNotifications: true,
      smsNotifications: false,
      weeklyReports: true,
      enrollmentAlerts: true,
    });
    expect(security).toEqual({
      twoFactorAuth: false,
      sessionTimeout: 30,
      passwordExpiry: 90,
      maxLoginAttempts: 5,
    });
    expect(DEFAULT_SETTINGS.appearance).toEqual({
      theme: 'light',
      primaryColor: '#3B82F6',
      secondaryColor: '#10B981',
      accentColor: '#F59E0B',
    });
    expect(DEFAULT_SETTINGS.email.smtpPort).toBe(587);
    expect(DEFAULT_SETTINGS.email.fromName).toContain('Lingua Academy');
    expect(DEFAULT_SETTINGS.email).not.toHaveProperty('smtpPassword');
  });

  it('offers en, es, fr, de and UTC plus four US zones', () => {
    expect(SITE_LANGUAGES).toEqual(['en', 'es', 'fr', 'de']);
    expect(TIMEZONES).toHaveLength(5);
    expect(TIMEZONES[0]).toBe('UTC');
  });

  it('passes its own validation', () => {
    expect(settingsProblems(DEFAULT_SETTINGS)).toEqual([]);
  });
});

describe('validateSecuritySettings', () => {
  it('has the settings bounds', () => {
    expect(SECURITY_BOUNDS).toEqual({
      sessionTimeout: { min: 5, max: 480 },
      passwordExpiry: { min: 30, max: 365 },
      maxLoginAttempts: { min: 3, max: 10 },
    });
  });

  it.each([
    [{ sessionTimeout: 5 }, []],
    [{ sessionTimeout: 480 }, []],
    [{ sessionTimeout: 4 }, ['sessionTimeout']],
    [{ sessionTimeout: 481 }, ['sessionTimeout']],
    [{ sessionTimeout: 30.5 }, ['sessionTimeout']],
    [{ passwordExpiry: 30 }, []],
    [{ passwordExpiry: 365 }, []],
    [{ passwordExpiry: 29 }, ['passwordExpiry']],
    [{ passwordExpiry: 366 }, ['passwordExpiry']],
    [{ maxLoginAttempts: 3 }, []],
    [{ maxLoginAttempts: 10 }, []],
    [{ maxLoginAttempts: 2 }, ['maxLoginAttempts']],
    [{ maxLoginAttempts: 11 }, ['maxLoginAttempts']],
    [{ maxLoginAttempts: Number.NaN }, ['maxLoginAttempts']],
    [{ sessionTimeout: 0, maxLoginAttempts: 0 }, ['sessionTimeout', 'maxLoginAttempts']],
  ])('%j → %j', (change, fields) => {
    expect(validateSecuritySettings({ ...security, ...change }).map(({ field }) => field)).toEqual(
      fields,
    );
  });
});

describe('invalidColors', () => {
  it.each([
    [{}, []],
    [{ primaryColor: '#abcdef' }, []],
    [{ primaryColor: '#abc' }, []],
    [{ primaryColor: '#abcd' }, ['primaryColor']],
    [{ primaryColor: 'blue' }, ['primaryColor']],
    [{ secondaryColor: '#12345' }, ['secondaryColor']],
    [{ accentColor: '' }, ['accentColor']],
  ])('%j → %j', (change, fields) => {
    expect(invalidColors({ ...DEFAULT_SETTINGS.appearance, ...change })).toEqual(fields);
  });
});

describe('settingsProblems', () => {
  it.each([
    [{ security: { ...security, sessionTimeout: 1 } }, ['Session timeout must be between 5 and 480 minutes']],
    [{ security: { ...security, passwordExpiry: 400 } }, ['Password expiry must be between 30 and 365 days']],
    [{ security: { ...security, maxLoginAttempts: 20 } }, ['Max login attempts must be between 3 and 10']],
    [{ appearance: { ...DEFAULT_SETTINGS.appearance, accentColor: 'red' } }, ['Colors must be hex values such as #3B82F6']],
    [{ email: { ...DEFAULT_SETTINGS.email, smtpPort: 0 } }, ['SMTP port must be between 1 and 65535']],
    [{ email: { ...DEFAULT_SETTINGS.email, smtpPort: 65536 } }, ['SMTP port must be between 1 and 65535']],
    [{ general: DEFAULT_SETTINGS.general }, []],
  ])('%j → %j', (changes, problems) => {
    expect(settingsProblems(changes)).toEqual(problems);
  });
});
