// The browser's copy of the school's public settings, so that a page paints the school's name,
// colours and theme at once instead of the defaults. The settings themselves are server state:
// `settingsQueries.public()` reads them (and keeps this copy), the shell applies its answer.
import { DEFAULT_PUBLIC_SETTINGS, toPublicSettings, type PublicSettings } from './mappers/settings';

/**
 * localStorage key of the last public settings this browser saw, so a reload paints the school's
 * name, colours and theme at once instead of the defaults (the page still reads them afresh).
 */
export const PUBLIC_SETTINGS_STORAGE_KEY = 'portal.publicSettings';

/** The cached public settings (checked like a server answer), else the defaults. Never throws. */
export function readCachedPublicSettings(): PublicSettings {
  try {
    const cached = globalThis.localStorage?.getItem(PUBLIC_SETTINGS_STORAGE_KEY);
    // The session timeout belongs to a session, not to the browser: it is never cached.
    return cached
      ? { ...toPublicSettings(JSON.parse(cached)), sessionTimeout: null }
      : DEFAULT_PUBLIC_SETTINGS;
  } catch {
    // Blocked storage or a damaged entry: the defaults until the server answers.
    return DEFAULT_PUBLIC_SETTINGS;
  }
}

/** Remembers public settings for the next page load (without the session timeout). */
export function cachePublicSettings(settings: PublicSettings): void {
  try {
    const { sessionTimeout: _session, ...branding } = settings;
    globalThis.localStorage?.setItem(PUBLIC_SETTINGS_STORAGE_KEY, JSON.stringify(branding));
  } catch {
    // Not caching only costs a repaint on the next load.
  }
}
