import type { SecuritySettings, SettingsGroups } from '../mappers/settings';

/** Languages offered for the site. */
export const SITE_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;

/** UTC and four US zones. */
export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
] as const;

export const THEMES = ['light', 'dark', 'auto'] as const;

/** The date formats the database accepts. */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'] as const;

/** Defaults (the same as the database's `private.app_settings_defaults()`). */
export const DEFAULT_SETTINGS: SettingsGroups = {
  general: {
    siteName: 'Lingua Academy',
    siteDescription: 'Spanish and English courses for work and everyday life',
    defaultLanguage: 'en',
    timezone: 'UTC',
    dateFormat: 'MM/DD/YYYY',
  },
  notifications: {
    emailNotifications: true,
    pushNotifications: true,
    smsNotifications: false,
    weeklyReports: true,
    enrollmentAlerts: true,
  },
  security: {
    twoFactorAuth: false,
    sessionTimeout: 30,
    passwordExpiry: 90,
    maxLoginAttempts: 5,
  },
  appearance: {
    theme: 'light',
    primaryColor: '#3B82F6',
    secondaryColor: '#10B981',
    accentColor: '#F59E0B',
  },
  email: {
    smtpHost: '',
    smtpPort: 587,
    smtpUsername: '',
    fromEmail: 'noreply@lingua-academy.com',
    fromName: 'Lingua Academy',
  },
};

type NumericSecurityField = 'sessionTimeout' | 'passwordExpiry' | 'maxLoginAttempts';

/** Settings bounds, inclusive (docs/product-rules.md "Settings"). */
export const SECURITY_BOUNDS: Record<NumericSecurityField, { min: number; max: number }> = {
  sessionTimeout: { min: 5, max: 480 },
  passwordExpiry: { min: 30, max: 365 },
  maxLoginAttempts: { min: 3, max: 10 },
};

export type SettingsBoundError = { field: NumericSecurityField; min: number; max: number };

/** The security fields outside their bounds (whole numbers only); empty when valid. */
export function validateSecuritySettings(security: SecuritySettings): SettingsBoundError[] {
  return (Object.keys(SECURITY_BOUNDS) as NumericSecurityField[]).flatMap((field) => {
    const { min, max } = SECURITY_BOUNDS[field];
    const value = security[field];
    return Number.isInteger(value) && value >= min && value <= max ? [] : [{ field, min, max }];
  });
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The appearance colours that are not `#RGB` or `#RRGGBB`. */
export function invalidColors(
  appearance: SettingsGroups['appearance'],
): ('primaryColor' | 'secondaryColor' | 'accentColor')[] {
  return (['primaryColor', 'secondaryColor', 'accentColor'] as const).filter(
    (field) => !HEX_COLOR.test(appearance[field]),
  );
}

const SECURITY_MESSAGES: Record<NumericSecurityField, string> = {
  sessionTimeout: 'Session timeout must be between 5 and 480 minutes',
  passwordExpiry: 'Password expiry must be between 30 and 365 days',
  maxLoginAttempts: 'Max login attempts must be between 3 and 10',
};

/**
 * Why a settings change cannot be saved, in English, one line per problem; empty when it can.
 * The database checks the same bounds; this lets the service refuse before sending.
 */
export function settingsProblems(changes: Partial<SettingsGroups>): string[] {
  const problems: string[] = [];
  if (changes.security) {
    problems.push(
      ...validateSecuritySettings(changes.security).map(({ field }) => SECURITY_MESSAGES[field]),
    );
  }
  if (changes.appearance && invalidColors(changes.appearance).length > 0) {
    problems.push('Colors must be hex values such as #3B82F6');
  }
  if (changes.email) {
    const port = changes.email.smtpPort;
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push('SMTP port must be between 1 and 65535');
    }
  }
  return problems;
}
