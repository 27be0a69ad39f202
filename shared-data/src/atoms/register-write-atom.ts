import { atom } from 'jotai';
import { authService, type SignUpInput } from '../services/auth';
import { registerFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

export const registerWriteAtom = atom(null, (_get, set, input: SignUpInput) =>
  runAuthRequest(set, () => authService.signUp(input), registerFinished),
);
