import { PUBLIC_SETTINGS_STORAGE_KEY } from '@portal/shared-data';
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES } from '@portal/shared-ui';
import { AUTH_STORAGE_KEY, REMEMBER_ME_KEY } from '../../../shared-data/src/remember-me-storage';
import {
  LAST_VIEW_ATTRIBUTE,
  LAST_VIEW_CONTAINER_ID,
  LAST_VIEW_MAX_AGE_MS,
  LAST_VIEW_STORAGE_KEY,
  LAST_VIEW_LINK_ATTRIBUTE,
  LAST_VIEW_STYLE_WAIT_MS,
  LAST_VIEW_TIMEOUT_MS,
  LAST_VIEW_UNSAFE_MARKUP,
  LAST_VIEW_VERSION,
  MANTINE_COLOR_SCHEME_KEY,
} from '../../src/prerender/last-view';

/**
 * What last-view-script.js's `showLastView` is called with: the app's own keys and limits (the
 * build adds the shell's `entries`, the scripts it starts).
 */
export function lastViewScriptConfig() {
  return {
    key: LAST_VIEW_STORAGE_KEY,
    version: LAST_VIEW_VERSION,
    containerId: LAST_VIEW_CONTAINER_ID,
    attribute: LAST_VIEW_ATTRIBUTE,
    sessionKey: AUTH_STORAGE_KEY,
    rememberMeKey: REMEMBER_ME_KEY,
    languageKey: LANGUAGE_STORAGE_KEY,
    settingsKey: PUBLIC_SETTINGS_STORAGE_KEY,
    colorSchemeKey: MANTINE_COLOR_SCHEME_KEY,
    maxAgeMs: LAST_VIEW_MAX_AGE_MS,
    timeoutMs: LAST_VIEW_TIMEOUT_MS,
    styleWaitMs: LAST_VIEW_STYLE_WAIT_MS,
    linkAttribute: LAST_VIEW_LINK_ATTRIBUTE,
    unsafeMarkup: LAST_VIEW_UNSAFE_MARKUP.source,
    languages: SUPPORTED_LANGUAGES,
  };
}
