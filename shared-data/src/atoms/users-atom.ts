import { atom } from 'jotai';
import type { AppUser } from '../mappers/user';

/** The users a screen has loaded (user management, pickers, teachers, students). One of the SPEC §3 app data lists. */
export const usersAtom = atom<AppUser[]>([]);
