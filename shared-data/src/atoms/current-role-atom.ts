import { atom } from 'jotai';
import type { Role } from '../mappers/user';
import { authAtom } from '@portal/shared-data/session';

/** The signed-in user's role; null when signed out. */
export const currentRoleAtom = atom<Role | null>((get) => get(authAtom).user?.role ?? null);
