import { atom } from 'jotai';
import type { PublicSettings } from '../mappers/settings';
import { cachePublicSettings, publicSettingsAtom } from '@portal/shared-data/session';

/** Public settings read from the server: applied to the page and cached for the next load. */
export const publicSettingsLoadedWriteAtom = atom(null, (_get, set, settings: PublicSettings) => {
  set(publicSettingsAtom, settings);
  cachePublicSettings(settings);
});
