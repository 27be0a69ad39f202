import { atom } from 'jotai';
import { authService } from '../services/auth';
import { passwordRequestFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

export type PasswordResetRequest = { email: string; redirectTo: string };

export const requestPasswordResetWriteAtom = atom(
  null,
  (_get, set, { email, redirectTo }: PasswordResetRequest) =>
    runAuthRequest(
      set,
      () => authService.requestPasswordReset(email, redirectTo),
      passwordRequestFinished,
    ),
);
