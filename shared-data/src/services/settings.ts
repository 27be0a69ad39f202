import { callPublicRpc, getClient, hasSessionToRecover, loadDataClient } from '@portal/shared-data/session';
import {
  SETTINGS_COLUMNS,
  toAppSettings,
  toPublicSettings,
  toSettingsWriteRow,
  type AppSettings,
  type AppSettingsRow,
  type PublicSettings,
} from '../mappers/settings';
import { settingsProblems, type SettingsGroups } from '../rules/settings';
import { fail, fromPostgrestError, ok, settle, type Result } from '../result';
import { nothingChanged } from './list-query';

/** The one row of `app_settings`. */
const SETTINGS_ID = 1;

// Reads use the generic QUERY_ERROR, writes UPDATE_SETTINGS_ERROR (so a failed save says "not
// saved"), with these messages (the provider's message wins whenever it has one).
const FETCH_SETTINGS_FAILED = 'Failed to load settings';
const SAVE_SETTINGS_FAILED = 'Failed to save settings';
const SMTP_PASSWORD_FAILED = 'Failed to set the SMTP password';

/**
 * The school's settings over the defaults, through `get_app_settings()`: admins get every
 * group, everyone else general and appearance (theme and branding); what is not returned reads as
 * the default.
 */
async function get(): Promise<Result<AppSettings>> {
  return settle('QUERY_ERROR', FETCH_SETTINGS_FAILED, async () => {
    const { data, error } = await getClient().rpc('get_app_settings');
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_SETTINGS_FAILED);
    return ok(toAppSettings((data ?? null) as AppSettingsRow | null));
  });
}

/**
 * The branding, theme and default language every visitor may read (plus the session timeout for a
 * signed-in caller), through `get_public_settings()`: what the shell applies before and after sign-in.
 */
async function getPublic(): Promise<Result<PublicSettings>> {
  return settle('QUERY_ERROR', FETCH_SETTINGS_FAILED, async () => {
    // A visitor's page reads them before supabase-js has loaded; a signed-in page reads them with
    // its session (which adds the session timeout).
    const { data, error } = hasSessionToRecover()
      ? await (await loadDataClient()).rpc('get_public_settings')
      : await callPublicRpc('get_public_settings');
    if (error) return fromPostgrestError('QUERY_ERROR', error, FETCH_SETTINGS_FAILED);
    return ok(toPublicSettings(data));
  });
}

/**
 * Saves whole groups (an admin's Save Changes; Reset to Defaults saves DEFAULT_SETTINGS). The
 * Bounds are checked here before sending, and again by the database.
 */
async function update(changes: Partial<SettingsGroups>): Promise<Result<AppSettings>> {
  return settle('UPDATE_SETTINGS_ERROR', SAVE_SETTINGS_FAILED, async () => {
    const problems = settingsProblems(changes);
    if (problems.length > 0) {
      return fail('UPDATE_SETTINGS_ERROR', problems.join('. '), { problems });
    }
    const { data, error } = await getClient()
      .from('app_settings')
      .update(toSettingsWriteRow(changes))
      .eq('id', SETTINGS_ID)
      .select(SETTINGS_COLUMNS)
      .maybeSingle<AppSettingsRow>();
    if (error) return fromPostgrestError('UPDATE_SETTINGS_ERROR', error, SAVE_SETTINGS_FAILED);
    return data
      ? ok(toAppSettings(data))
      : nothingChanged('UPDATE_SETTINGS_ERROR', SAVE_SETTINGS_FAILED);
  });
}

/** Stores the SMTP password server-side (an empty one clears it); it is never read back. */
async function setSmtpPassword(password: string): Promise<Result<null>> {
  return settle('UPDATE_SETTINGS_ERROR', SMTP_PASSWORD_FAILED, async () => {
    const { error } = await getClient().rpc('set_smtp_password', { password });
    return error
      ? fromPostgrestError('UPDATE_SETTINGS_ERROR', error, SMTP_PASSWORD_FAILED)
      : ok(null);
  });
}

export const settingsService = { get, getPublic, update, setSmtpPassword };
