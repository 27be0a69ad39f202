import { atom } from 'jotai';
import type { AppUser } from '../mappers/user';
import { authAtom } from '@portal/shared-data/session';
import { profileUpdated } from './auth-transitions';

/** Put a freshly saved or read profile of the signed-in user into the session (sidebar, screens). */
export const profileUpdatedWriteAtom = atom(null, (_get, set, user: AppUser) =>
  set(authAtom, (state) => profileUpdated(state, user)),
);
