import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { twoFactorKeys } from './keys';
import { unwrap } from './service-failure';
import { twoFactorService, type VerifyCodeInput } from '@portal/shared-data';

export const twoFactorQueries = {
  /** The signed-in user's verified authenticator apps (the profile's Two-factor section). */
  factors: () =>
    queryOptions({
      queryKey: twoFactorKeys.factors(),
      queryFn: () => unwrap(twoFactorService.listFactors()),
    }),
};

export const twoFactorMutations = {
  /** Starts an enrolment: the QR code and secret to show (nothing changes until a code is verified). */
  enroll: () =>
    mutationOptions({
      mutationKey: ['two-factor', 'enroll'],
      mutationFn: () => unwrap(twoFactorService.enroll()),
      meta: { invalidates: [] },
    }),
  /** Verifies a code of the enrolment (or of a verified factor): the session becomes aal2. */
  verify: () =>
    mutationOptions({
      mutationKey: ['two-factor', 'verify'],
      mutationFn: (input: VerifyCodeInput) => unwrap(twoFactorService.verifyCode(input)),
      meta: { invalidates: [twoFactorKeys.all] },
    }),
  /** Turns two-factor sign-in off for the account (needs an aal2 session). */
  unenroll: () =>
    mutationOptions({
      mutationKey: ['two-factor', 'unenroll'],
      mutationFn: (factorId: string) => unwrap(twoFactorService.unenroll(factorId)),
      meta: { invalidates: [twoFactorKeys.all] },
    }),
};
