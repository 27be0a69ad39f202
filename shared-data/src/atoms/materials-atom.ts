import { atom } from 'jotai';
import type { Material } from '../mappers/material';

/** The materials a screen has loaded (materials library). One of the SPEC §3 app data lists. */
export const materialsAtom = atom<Material[]>([]);
