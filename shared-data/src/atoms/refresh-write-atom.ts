import { atom } from 'jotai';
import { authService } from '../services/auth';
import { refreshFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

/** Replaces the tokens; a failed refresh signs the page out. */
export const refreshWriteAtom = atom(null, (_get, set) =>
  runAuthRequest(set, authService.refreshSession, refreshFinished),
);
