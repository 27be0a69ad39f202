import { atom } from 'jotai';
import type { Activity } from '../mappers/activity';

/** The activities a screen has loaded. One of the SPEC §3 app data lists. */
export const activitiesAtom = atom<Activity[]>([]);
