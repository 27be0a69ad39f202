import { atom } from 'jotai';
import type { Enrollment } from '../mappers/enrollment';

/** The enrollments a screen has loaded (course rosters). One of the SPEC §3 app data lists. */
export const enrollmentsAtom = atom<Enrollment[]>([]);
