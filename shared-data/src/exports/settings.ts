// School settings: the groups an admin edits and their bounds, the public settings every page
// applies, their service, and the browser's copy a page paints with first.

export {
  DEFAULT_PUBLIC_SETTINGS,
  toPublicSettings,
  type AppSettings,
  type PublicSettings,
} from '../mappers/settings';
export {
  DATE_FORMATS,
  DEFAULT_SETTINGS,
  SETTINGS_GROUPS,
  IDLE_SIGN_OUT_STORAGE_KEY,
  LAST_ACTIVITY_STORAGE_KEY,
  SECURITY_BOUNDS,
  SETTINGS_TEXT_LIMITS,
  SITE_LANGUAGES,
  SMTP_PORT_BOUNDS,
  THEMES,
  TIMEZONES,
  UI_SITE_LANGUAGES,
  defaultSettingsGroups,
  invalidColors,
  msUntilIdleSignOut,
  settingsFieldBounds,
  settingsFormFromSettings,
  settingsProblems,
  toSettingsGroups,
  uiSiteLanguage,
  validateSecuritySettings,
  validateSettingsForm,
  type SettingsBoundError,
  type SettingsFormErrors,
  type SettingsFormField,
  type SettingsFormMessageKey,
  type SettingsFormValues,
  type UiSiteLanguage,
  type AppearanceSettings,
  type EmailSettings,
  type GeneralSettings,
  type NotificationSettings,
  type SecuritySettings,
  type SettingsGroupName,
  type SettingsGroups,
  type Theme,
} from '../rules/settings';
export { settingsService } from '../services/settings';
export {
  PUBLIC_SETTINGS_STORAGE_KEY,
  cachePublicSettings,
  readCachedPublicSettings,
} from '../public-settings-cache';
