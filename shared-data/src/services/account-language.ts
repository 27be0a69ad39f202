import { getClient } from '@portal/shared-data/session';
import { fromPostgrestError, ok, settle, type Result } from '../result';

// The language a person chose, kept on their profile (users.language, which only they may change:
// 20261129000901_mail_language.sql), so every browser they sign in on shows it and every mail the
// school sends them is written in it. Null: they never chose; the school's default applies.

export type AccountLanguage = 'en' | 'es';

const READ_FAILED = 'Could not read your language';
const SAVE_FAILED = 'Could not save your language';

function toLanguage(value: unknown): AccountLanguage | null {
  return value === 'en' || value === 'es' ? value : null;
}

/** The language stored on the signed-in person's profile, or null. */
async function get(userId: string): Promise<Result<AccountLanguage | null>> {
  return settle('GET_USER_ERROR', READ_FAILED, async () => {
    const { data, error } = await getClient()
      .from('users')
      .select('language')
      .eq('id', userId)
      .maybeSingle();
    if (error) return fromPostgrestError('GET_USER_ERROR', error, READ_FAILED);
    return ok(toLanguage((data as { language?: unknown } | null)?.language));
  });
}

/** Stores the signed-in person's own language choice on their profile. */
async function save(userId: string, language: AccountLanguage): Promise<Result<null>> {
  return settle('UPDATE_USERS_ERROR', SAVE_FAILED, async () => {
    const { error } = await getClient().from('users').update({ language }).eq('id', userId);
    if (error) return fromPostgrestError('UPDATE_USERS_ERROR', error, SAVE_FAILED);
    return ok(null);
  });
}

export const accountLanguageService = { get, save };
