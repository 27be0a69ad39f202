import { atom } from 'jotai';
import { authService } from '../services/auth';
import { initializeFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

/** The start-up session check; `initialized` becomes true whatever the outcome. */
export const initializeAuthWriteAtom = atom(null, (_get, set) =>
  runAuthRequest(set, authService.getSession, initializeFinished),
);
