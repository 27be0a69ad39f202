import type { Setter } from 'jotai';
import type { Result } from '../result';
import { authAtom } from '@portal/shared-data/session';
import { requestStarted, type AuthState } from './auth-transitions';

/** Marks the request started, runs it, applies its outcome and hands the Result to the caller. */
export async function runAuthRequest<T>(
  set: Setter,
  request: () => Promise<Result<T>>,
  finished: (state: AuthState, result: Result<T>) => AuthState,
): Promise<Result<T>> {
  set(authAtom, requestStarted);
  const result = await request();
  set(authAtom, (state) => finished(state, result));
  return result;
}
