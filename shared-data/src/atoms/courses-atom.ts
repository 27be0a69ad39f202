import { atom } from 'jotai';
import type { Course } from '../mappers/course';

/** The courses a screen has loaded (catalog, management, my courses). One of the SPEC §3 app data lists. */
export const coursesAtom = atom<Course[]>([]);
