// Runtime config and the client
export {
  DEFAULT_API_PROVIDER,
  DEFAULT_PORTAL_CONFIG_URL,
  loadPortalConfig,
  parsePortalConfig,
  type PortalConfig,
  type RemoteName,
} from './config';
export { getClient, initDataClient, resetDataClientForTests, type DataClient } from './client';
export {
  AUTH_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
  rememberMeStorage,
  type RememberMeStorage,
  type StoredTokens,
} from './remember-me-storage';

// Results and errors
export {
  fail,
  fromAuthError,
  fromPostgrestError,
  ok,
  type Failure,
  type Result,
  type ServiceError,
  type Success,
} from './result';
export {
  ApiProviderError,
  ConfigError,
  ERROR_CODES,
  ERROR_MESSAGES,
  type EntityErrorCode,
  type ErrorCode,
} from './errors';

// Users
export { ROLES, toAppUser, toRole, type AppUser, type Role, type UserRow } from './mappers/user';
export { TEACHER_LIST_LIMIT, usersService, type RoleCounts } from './services/users';

// Auth service and state
export {
  authService,
  type AuthEvent,
  type AuthEventListener,
  type AuthSession,
  type AuthTokens,
  type SignInInput,
  type SignUpInput,
} from './services/auth';
export { authAtom } from './atoms/auth-atom';
export { currentRoleAtom } from './atoms/current-role-atom';
export { initialAuthState, type AuthState } from './atoms/auth-transitions';
export { initializeAuthWriteAtom } from './atoms/initialize-auth-write-atom';
export { loginWriteAtom } from './atoms/login-write-atom';
export { registerWriteAtom } from './atoms/register-write-atom';
export { logoutWriteAtom } from './atoms/logout-write-atom';
export { refreshWriteAtom } from './atoms/refresh-write-atom';
export {
  requestPasswordResetWriteAtom,
  type PasswordResetRequest,
} from './atoms/request-password-reset-write-atom';
export { updatePasswordWriteAtom } from './atoms/update-password-write-atom';
export { clearAuthErrorWriteAtom } from './atoms/clear-auth-error-write-atom';
export { authEventWriteAtom, type AuthEventUpdate } from './atoms/auth-event-write-atom';
export { useStandaloneSession, type StandaloneSession } from './hooks/use-standalone-session';

// Validation rules
export {
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  hasValidationErrors,
  isValidEmail,
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
} from './rules/validation';

// Cross-app events
export {
  OPEN_COURSE_DETAIL_EVENT,
  dispatchOpenCourseDetail,
  onOpenCourseDetail,
  type OpenCourseDetailDetail,
} from './events';
