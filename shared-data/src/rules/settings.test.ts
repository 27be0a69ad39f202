// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BILLING_SETTINGS,
  toBillingSettings,
  validateBillingSettings,
  DEFAULT_SETTINGS,
  defaultSettingsGroups,
  invalidColors,
  msUntilIdleSignOut,
  SECURITY_BOUNDS,
  settingsFieldBounds,
  settingsFormFromSettings,
  settingsProblems,
  SITE_LANGUAGES,
  TIMEZONES,
  toSettingsGroups,
  uiSiteLanguage,
  validateSecuritySettings,
  validateSettingsForm,
  type SettingsFormValues,
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
    [
      { security: { ...security, sessionTimeout: 1 } },
      ['Session timeout must be between 5 and 480 minutes'],
    ],
    [
      { security: { ...security, passwordExpiry: 400 } },
      ['Password expiry must be between 30 and 365 days'],
    ],
    [
      { security: { ...security, maxLoginAttempts: 20 } },
      ['Max login attempts must be between 3 and 10'],
    ],
    [
      { appearance: { ...DEFAULT_SETTINGS.appearance, accentColor: 'red' } },
      ['Colors must be hex values such as #3B82F6'],
    ],
    [
      { email: { ...DEFAULT_SETTINGS.email, smtpPort: 0 } },
      ['SMTP port must be between 1 and 65535'],
    ],
    [
      { email: { ...DEFAULT_SETTINGS.email, smtpPort: 65536 } },
      ['SMTP port must be between 1 and 65535'],
    ],
    [{ general: DEFAULT_SETTINGS.general }, []],
  ])('%j → %j', (changes, problems) => {
    expect(settingsProblems(changes)).toEqual(problems);
  });
});

describe('uiSiteLanguage', () => {
  it.each([
    ['en', 'en'],
    ['es', 'es'],
    ['fr', 'en'],
    ['de', 'en'],
    ['', 'en'],
  ])('%s → %s', (stored, shown) => {
    expect(uiSiteLanguage(stored)).toBe(shown);
  });
});

describe('the settings form', () => {
  const form = (change: (values: SettingsFormValues) => void = () => {}) => {
    const values = settingsFormFromSettings(DEFAULT_SETTINGS);
    change(values);
    return values;
  };

  it('starts from the stored settings with an empty password field', () => {
    const values = form();
    expect(values.smtpPassword).toBe('');
    expect(values.security.sessionTimeout).toBe(30);
    expect(values.general.siteName).toBe('Lingua Academy');
  });

  it('shows a default language without screens as English', () => {
    const stored = {
      ...DEFAULT_SETTINGS,
      general: { ...DEFAULT_SETTINGS.general, defaultLanguage: 'de' },
    };
    expect(settingsFormFromSettings(stored).general.defaultLanguage).toBe('en');
  });

  it('accepts the defaults', () => {
    expect(validateSettingsForm(form())).toEqual({});
  });

  it.each([
    [
      'general.siteName',
      (v: SettingsFormValues) => (v.general.siteName = '   '),
      'settingsSiteNameRequired',
    ],
    [
      'general.siteName',
      (v: SettingsFormValues) => (v.general.siteName = 'x'.repeat(101)),
      'settingsTextTooLong',
    ],
    [
      'general.defaultLanguage',
      (v: SettingsFormValues) => (v.general.defaultLanguage = 'fr'),
      'settingsLanguageInvalid',
    ],
    [
      'security.sessionTimeout',
      (v: SettingsFormValues) => (v.security.sessionTimeout = 4),
      'settingsSessionTimeoutRange',
    ],
    [
      'security.sessionTimeout',
      (v: SettingsFormValues) => (v.security.sessionTimeout = 481),
      'settingsSessionTimeoutRange',
    ],
    [
      'security.sessionTimeout',
      (v: SettingsFormValues) => (v.security.sessionTimeout = ''),
      'settingsSessionTimeoutRange',
    ],
    [
      'security.sessionTimeout',
      (v: SettingsFormValues) => (v.security.sessionTimeout = 30.5),
      'settingsSessionTimeoutRange',
    ],
    [
      'security.maxLoginAttempts',
      (v: SettingsFormValues) => (v.security.maxLoginAttempts = 2),
      'settingsMaxLoginAttemptsRange',
    ],
    [
      'security.maxLoginAttempts',
      (v: SettingsFormValues) => (v.security.maxLoginAttempts = 11),
      'settingsMaxLoginAttemptsRange',
    ],
    [
      'appearance.theme',
      (v: SettingsFormValues) => (v.appearance.theme = 'sepia' as 'auto'),
      'settingsThemeInvalid',
    ],
    [
      'appearance.primaryColor',
      (v: SettingsFormValues) => (v.appearance.primaryColor = 'blue'),
      'settingsColorInvalid',
    ],
    [
      'appearance.accentColor',
      (v: SettingsFormValues) => (v.appearance.accentColor = '#12345'),
      'settingsColorInvalid',
    ],
    ['email.smtpPort', (v: SettingsFormValues) => (v.email.smtpPort = 0), 'settingsSmtpPortRange'],
    [
      'email.smtpPort',
      (v: SettingsFormValues) => (v.email.smtpPort = 65536),
      'settingsSmtpPortRange',
    ],
    [
      'email.smtpHost',
      (v: SettingsFormValues) => (v.email.smtpHost = 'h'.repeat(256)),
      'settingsTextTooLong',
    ],
    [
      'email.fromEmail',
      (v: SettingsFormValues) => (v.email.fromEmail = 'not-an-address'),
      'settingsFromEmailInvalid',
    ],
    [
      'email.fromName',
      (v: SettingsFormValues) => (v.email.fromName = 'n'.repeat(101)),
      'settingsTextTooLong',
    ],
    [
      'smtpPassword',
      (v: SettingsFormValues) => (v.smtpPassword = 'p'.repeat(501)),
      'settingsTextTooLong',
    ],
  ])('refuses %s (%#) with %s', (field, change, key) => {
    expect(validateSettingsForm(form(change))).toEqual({ [field]: key });
  });

  it.each([
    (v: SettingsFormValues) => (v.security.sessionTimeout = 5),
    (v: SettingsFormValues) => (v.security.sessionTimeout = 480),
    (v: SettingsFormValues) => (v.security.maxLoginAttempts = '3'),
    (v: SettingsFormValues) => (v.security.maxLoginAttempts = 10),
    (v: SettingsFormValues) => (v.email.fromEmail = ''),
    (v: SettingsFormValues) => (v.general.siteName = 'x'.repeat(100)),
  ])('accepts the bounds themselves (%#)', (change) => {
    expect(validateSettingsForm(form(change))).toEqual({});
  });

  it('names each bound in its message', () => {
    expect(settingsFieldBounds('security.sessionTimeout')).toEqual({ min: 5, max: 480 });
    expect(settingsFieldBounds('security.maxLoginAttempts')).toEqual({ min: 3, max: 10 });
    expect(settingsFieldBounds('email.smtpPort')).toEqual({ min: 1, max: 65535 });
    expect(settingsFieldBounds('general.siteName')).toEqual({ max: 100 });
  });

  it('saves numbers as numbers and trimmed texts, never the password', () => {
    const groups = toSettingsGroups(
      form((v) => {
        v.general.siteName = '  Escuela Sol ';
        v.security.sessionTimeout = '45';
        v.email.smtpPort = '2525';
        v.email.fromEmail = ' hola@sol.test ';
        v.smtpPassword = 'secret';
      }),
    );
    expect(groups.general.siteName).toBe('Escuela Sol');
    expect(groups.security.sessionTimeout).toBe(45);
    expect(groups.email.smtpPort).toBe(2525);
    expect(groups.email.fromEmail).toBe('hola@sol.test');
    expect(JSON.stringify(groups)).not.toContain('secret');
    // The hidden settings travel back unchanged.
    expect(groups.notifications.smsNotifications).toBe(false);
    expect(groups.security.passwordExpiry).toBe(90);
  });

  it('resets to a copy of the defaults', () => {
    const reset = defaultSettingsGroups();
    expect(reset).toEqual(DEFAULT_SETTINGS);
    reset.general.siteName = 'changed';
    expect(DEFAULT_SETTINGS.general.siteName).toBe('Lingua Academy');
  });
});

describe('msUntilIdleSignOut', () => {
  const minute = 60_000;
  it('counts the timeout from the latest input', () => {
    expect(msUntilIdleSignOut(30, 0, 10 * minute)).toBe(20 * minute);
    expect(msUntilIdleSignOut(5, 0, 5 * minute)).toBe(0);
    expect(msUntilIdleSignOut(5, 0, 6 * minute)).toBe(-minute);
  });

  it('never signs out without a known timeout', () => {
    expect(msUntilIdleSignOut(null, 0, 999 * minute)).toBe(Number.POSITIVE_INFINITY);
    expect(msUntilIdleSignOut(0, 0, 999 * minute)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('validateBillingSettings', () => {
  it('accepts the defaults and a full valid group', () => {
    expect(validateBillingSettings(DEFAULT_BILLING_SETTINGS)).toEqual({});
    expect(
      validateBillingSettings({
        ...DEFAULT_BILLING_SETTINGS,
        currency: 'USD',
        taxRate: 21.5,
        refundOnDrop: 'none',
        paymentTermsDays: 365,
      }),
    ).toEqual({});
  });

  it('takes payment before the seat with a hold of 1 to 336 whole hours (the database’s bounds)', () => {
    const held = { ...DEFAULT_BILLING_SETTINGS, invoiceMode: 'payment_before_seat' as const };
    for (const seatHoldHours of [1, 48, 336]) {
      expect(validateBillingSettings({ ...held, seatHoldHours })).toEqual({});
    }
    for (const seatHoldHours of [0, 337, 1.5, Number.NaN]) {
      expect(validateBillingSettings({ ...held, seatHoldHours })).toEqual({
        seatHoldHours: 'seatHoldHours',
      });
    }
  });

  it('names each field the database would refuse', () => {
    expect(
      validateBillingSettings({
        currency: 'eur',
        legalName: 'x'.repeat(201),
        address: '',
        taxId: 'x'.repeat(51),
        taxRate: 10.555,
        invoiceMode: 'when_paid' as never,
        seatHoldHours: 0,
        refundOnDrop: 'half' as never,
        paymentTermsDays: 1.5,
      }),
    ).toEqual({
      currency: 'currency',
      legalName: 'tooLong',
      taxId: 'tooLong',
      taxRate: 'taxRate',
      invoiceMode: 'invoiceMode',
      seatHoldHours: 'seatHoldHours',
      refundOnDrop: 'refundOnDrop',
      paymentTermsDays: 'paymentTermsDays',
    });
    expect(validateBillingSettings({ ...DEFAULT_BILLING_SETTINGS, taxRate: 101 })).toEqual({
      taxRate: 'taxRate',
    });
    expect(validateBillingSettings({ ...DEFAULT_BILLING_SETTINGS, paymentTermsDays: -1 })).toEqual({
      paymentTermsDays: 'paymentTermsDays',
    });
  });

  it('reads a stored group over the defaults, ignoring mistyped values', () => {
    expect(toBillingSettings({ currency: 'GBP', taxRate: '5' })).toEqual({
      ...DEFAULT_BILLING_SETTINGS,
      currency: 'GBP',
    });
    expect(
      toBillingSettings({ invoiceMode: 'payment_before_seat', seatHoldHours: 24 }),
    ).toMatchObject({ invoiceMode: 'payment_before_seat', seatHoldHours: 24 });
    expect(toBillingSettings(null)).toEqual(DEFAULT_BILLING_SETTINGS);
  });
});
