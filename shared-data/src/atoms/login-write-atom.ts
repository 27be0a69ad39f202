import { atom } from 'jotai';
import { authService, type SignInInput } from '../services/auth';
import { loginFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

export const loginWriteAtom = atom(null, (_get, set, input: SignInInput) =>
  runAuthRequest(set, () => authService.signIn(input), loginFinished),
);
