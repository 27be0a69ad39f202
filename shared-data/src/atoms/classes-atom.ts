import { atom } from 'jotai';
import type { CourseClass } from '../mappers/class';

/** The classes a screen has loaded (class management, calendar). One of the SPEC §3 app data lists. */
export const classesAtom = atom<CourseClass[]>([]);
