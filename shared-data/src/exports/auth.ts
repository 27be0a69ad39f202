// Signing in and the session: the auth service, the session atom and the write atoms that move it
// (sign-in, two-factor, sign-up, sign-out, password reset and change, profile saved), the sign-in
// forms' validators, two-factor, and the session of a remote running alone.

export {
  authService,
  type AuthEvent,
  type AuthEventListener,
  type AuthSession,
  type AuthTokens,
  type ChangePasswordInput,
  type SignInInput,
  type SignUpInput,
  twoFactorPendingError,
  passwordChangePendingError,
} from '../services/auth';
export { authAtom } from '@portal/shared-data/session';
export { currentRoleAtom } from '../atoms/current-role-atom';
export {
  initialAuthState,
  pendingTwoFactorStep,
  isPasswordChangePending,
  type AuthState,
  type PendingTwoFactorStep,
} from '../atoms/auth-transitions';
export { initializeAuthWriteAtom } from '../atoms/initialize-auth-write-atom';
export { loginWriteAtom } from '../atoms/login-write-atom';
export { twoFactorSignInWriteAtom } from '../atoms/two-factor-sign-in-write-atom';
export { registerWriteAtom } from '../atoms/register-write-atom';
export { logoutWriteAtom } from '../atoms/logout-write-atom';
export {
  requestPasswordResetWriteAtom,
  type PasswordResetRequest,
} from '../atoms/request-password-reset-write-atom';
export { updatePasswordWriteAtom } from '../atoms/update-password-write-atom';
export { authEventWriteAtom, type AuthEventUpdate } from '../atoms/auth-event-write-atom';
export { profileUpdatedWriteAtom } from '../atoms/profile-updated-write-atom';
export { changePasswordWriteAtom } from '../atoms/change-password-write-atom';
export { useStandaloneSession, type StandaloneSession } from '../hooks/use-standalone-session';
export {
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  hasValidationErrors,
  isValidEmail,
  NAME_MAX_LENGTH,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
  type ForgotPasswordValues,
  type ResetPasswordValues,
  type SignInValues,
  type SignUpValues,
  type ValidationErrors,
  type ValidationMessageKey,
} from '../rules/validation';
export {
  twoFactorService,
  type TwoFactorEnrollment,
  type TwoFactorFactor,
  type TwoFactorStep,
  type VerifyCodeInput,
} from '../services/two-factor';
export {
  TWO_FACTOR_CODE_LENGTH,
  normalizeTwoFactorCode,
  validateTwoFactorCode,
  type TwoFactorCodeMessageKey,
} from '../rules/two-factor-code';
export { accountLanguageService, type AccountLanguage } from '../services/account-language';
