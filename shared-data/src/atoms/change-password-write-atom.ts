import { atom } from 'jotai';
import { authService, type ChangePasswordInput } from '../services/auth';
import { passwordChangeFinished } from './auth-transitions';
import { runAuthRequest } from './run-auth-request';

/** The profile's password change (the server checks the current password with it); resolves to the Result. */
export const changePasswordWriteAtom = atom(null, (_get, set, input: ChangePasswordInput) =>
  runAuthRequest(set, () => authService.changePassword(input), passwordChangeFinished),
);
