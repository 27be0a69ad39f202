import { atom } from 'jotai';
import { authService } from '../services/auth';
import { logoutFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

/** Signs out; the local state is cleared even when the server call fails. */
export const logoutWriteAtom = atom(null, (_get, set) =>
  runAuthRequest(set, authService.signOut, logoutFinished),
);
