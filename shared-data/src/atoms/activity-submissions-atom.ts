import { atom } from 'jotai';
import type { Submission } from '../mappers/submission';

/** The activity submissions a screen has loaded (grading, my work). One of the SPEC §3 app data lists. */
export const activitySubmissionsAtom = atom<Submission[]>([]);
