import { atom } from 'jotai';
import { authService } from '../services/auth';
import { passwordRequestFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

export const updatePasswordWriteAtom = atom(null, (_get, set, newPassword: string) =>
  runAuthRequest(set, () => authService.updatePassword(newPassword), passwordRequestFinished),
);
