import { atom } from 'jotai';
import { authAtom } from '@portal/shared-data/session';
import { errorCleared } from './auth-transitions';

export const clearAuthErrorWriteAtom = atom(null, (_get, set) => set(authAtom, errorCleared));
