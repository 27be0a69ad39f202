import { atom } from 'jotai';
import type { PublicSettings } from '../mappers/settings';
import type { Result } from '../result';
import { settingsService } from '../services/settings';
import { publicSettingsLoadedWriteAtom } from './public-settings-loaded-write-atom';

/**
 * Reads the public settings once (the shell's start, before anyone signs in: no query library there)
 * and applies them. A failure keeps what the page shows (cache or defaults) and is only returned.
 */
export const loadPublicSettingsWriteAtom = atom(
  null,
  async (_get, set): Promise<Result<PublicSettings>> => {
    const result = await settingsService.getPublic();
    if (result.success) set(publicSettingsLoadedWriteAtom, result.data);
    return result;
  },
);
