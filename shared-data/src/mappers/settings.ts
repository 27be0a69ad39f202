import type { Tables } from '../database.types';
import {
  DEFAULT_SETTINGS,
  SETTINGS_GROUPS,
  type SettingsGroups,
  type Theme,
} from '../rules/settings';

export type AppSettings = SettingsGroups & { smtpPasswordSet: boolean };

/**
 * The single row of `public.app_settings` (id 1), as `get_app_settings()` or an admin's select
 * returns it: every group for admins, only general and appearance for everyone else. Each group is a
 * Jsonb object whose keys are the settings field names (camelCase: document keys, not columns).
 */
export type AppSettingsRow = Partial<
  Pick<
    Tables<'app_settings'>,
    'id' | 'general' | 'notifications' | 'security' | 'appearance' | 'email' | 'smtp_password_set'
  >
>;

export const SETTINGS_COLUMNS =
  'id, general, notifications, security, appearance, email, smtp_password_set';

/**
 * A stored group read over its defaults: missing keys and values of the wrong type take the default,
 * unknown keys (and a stray smtpPassword) are dropped.
 */
function withDefaults<Group extends Record<string, unknown>>(
  stored: unknown,
  defaults: Group,
): Group {
  const source =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const group = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof Group & string)[]) {
    const value = source[key];
    if (typeof value === typeof defaults[key]) group[key] = value as Group[typeof key];
  }
  return group;
}

export function toAppSettings(row: AppSettingsRow | null): AppSettings {
  return {
    general: withDefaults(row?.general, DEFAULT_SETTINGS.general),
    notifications: withDefaults(row?.notifications, DEFAULT_SETTINGS.notifications),
    security: withDefaults(row?.security, DEFAULT_SETTINGS.security),
    appearance: withDefaults(row?.appearance, DEFAULT_SETTINGS.appearance),
    email: withDefaults(row?.email, DEFAULT_SETTINGS.email),
    smtpPasswordSet: row?.smtp_password_set === true,
  };
}

/** Only the known keys of each group are written (never a password). */
export function toSettingsWriteRow(changes: Partial<SettingsGroups>): Partial<SettingsGroups> {
  const row: Partial<SettingsGroups> = {};
  for (const name of SETTINGS_GROUPS) {
    const group = changes[name];
    if (group) Object.assign(row, { [name]: withDefaults(group, DEFAULT_SETTINGS[name]) });
  }
  return row;
}

/**
 * What every page may know before anyone signs in (`get_public_settings()`): the branding, the theme,
 * the default language and the currency prices are shown in; `sessionTimeout` (minutes) only for a
 * signed-in caller, null otherwise.
 */
export type PublicSettings = {
  siteName: string;
  /** Whom a deactivated person should write to (System Settings → General); '' when not set. */
  contactEmail: string;
  defaultLanguage: string;
  theme: Theme;
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
  /**
   * The school's billing currency (ISO 4217, e.g. 'EUR'), which every course price is shown in
   * (docs/money.md). Null when unknown (an answer or a browser copy from before it was served):
   * shared-ui's `formatPrice` then keeps its old dollars.
   */
  currency: string | null;
  sessionTimeout: number | null;
};

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  siteName: DEFAULT_SETTINGS.general.siteName,
  contactEmail: DEFAULT_SETTINGS.general.contactEmail,
  defaultLanguage: DEFAULT_SETTINGS.general.defaultLanguage,
  theme: DEFAULT_SETTINGS.appearance.theme,
  primaryColor: DEFAULT_SETTINGS.appearance.primaryColor,
  secondaryColor: DEFAULT_SETTINGS.appearance.secondaryColor,
  accentColor: DEFAULT_SETTINGS.appearance.accentColor,
  currency: null,
  sessionTimeout: null,
};

const PUBLIC_HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const PUBLIC_THEMES: readonly string[] = ['light', 'dark', 'auto'];
const CURRENCY_CODE = /^[A-Z]{3}$/;

/**
 * The public settings from `get_public_settings()` (or the browser's cached copy): every value is
 * checked, and one that is missing or malformed reads as its default, so a bad value never reaches
 * the theme.
 */
export function toPublicSettings(row: unknown): PublicSettings {
  const source = typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {};
  const text = (key: keyof PublicSettings, valid: (value: string) => boolean) => {
    const value = source[key];
    return typeof value === 'string' && valid(value)
      ? value
      : (DEFAULT_PUBLIC_SETTINGS[key] as string);
  };
  const color = (key: 'primaryColor' | 'secondaryColor' | 'accentColor') =>
    text(key, (value) => PUBLIC_HEX_COLOR.test(value));
  const timeout = source.sessionTimeout;
  const currency = source.currency;
  return {
    siteName: text('siteName', (value) => value.trim() !== ''),
    contactEmail: text('contactEmail', (value) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)),
    defaultLanguage: text('defaultLanguage', (value) => value !== ''),
    theme: text('theme', (value) => PUBLIC_THEMES.includes(value)) as Theme,
    primaryColor: color('primaryColor'),
    secondaryColor: color('secondaryColor'),
    accentColor: color('accentColor'),
    currency: typeof currency === 'string' && CURRENCY_CODE.test(currency) ? currency : null,
    sessionTimeout:
      typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0 ? timeout : null,
  };
}
