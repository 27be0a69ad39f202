import { atom } from 'jotai';
import type { PublicSettings } from '../mappers/settings';
import type { Result } from '../result';
import { settingsService } from '../services/settings';
import { publicSettingsLoadedWriteAtom } from './public-settings-loaded-write-atom';

/**
 * The page's start-up read, kept until the signed-in layout takes it: when it was made with a
 * session (it then carries the session timeout), the layout's settings query uses its answer instead
 * of reading the same thing again. Taken once, so a refetch (an admin's save) always reads afresh.
 */
let startupRead: Promise<PublicSettings | null> | null = null;

/** The start-up read's settings if it was made signed in, once; null afterwards or otherwise. */
export function takeStartupPublicSettings(): Promise<PublicSettings | null> | null {
  const taken = startupRead;
  startupRead = null;
  return taken;
}

/**
 * Reads the public settings once (the shell's start, before anyone signs in: no query library there)
 * and applies them. A failure keeps what the page shows (cache or defaults) and is only returned.
 */
export const loadPublicSettingsWriteAtom = atom(
  null,
  async (_get, set): Promise<Result<PublicSettings>> => {
    const pending = settingsService.getPublic();
    startupRead = pending.then((result) =>
      result.success && result.data.sessionTimeout !== null ? result.data : null,
    );
    const result = await pending;
    if (result.success) set(publicSettingsLoadedWriteAtom, result.data);
    return result;
  },
);
