// The ground every service and screen stands on: the runtime config and the Supabase client
// (behind the shared `./session` entry), the `Result` of every call and its error codes, the
// translation key of a failure, paging, the app's paths and the cross-app window event.

export {
  DEFAULT_API_PROVIDER,
  DEFAULT_PORTAL_CONFIG_URL,
  loadPortalConfig,
  parsePortalConfig,
  type PortalConfig,
  type RemoteName,
} from '../config';
export {
  configureDataClient,
  getClient,
  initDataClient,
  loadDataClient,
  resetDataClientForTests,
  startDataClient,
  type DataClient,
} from '@portal/shared-data/session';
export {
  AUTH_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  REMEMBER_ME_KEY,
  TOKEN_STORAGE_KEY,
  rememberMeStorage,
  type RememberMeStorage,
  type StoredTokens,
} from '@portal/shared-data/session';
export {
  fail,
  fromAuthError,
  fromPostgrestError,
  ok,
  type Failure,
  type Result,
  type ServiceError,
  type Success,
} from '../result';
export {
  ApiProviderError,
  ConfigError,
  ERROR_CODES,
  ERROR_MESSAGES,
  type EntityErrorCode,
  type ErrorCode,
} from '../errors';
export {
  CONSTRAINT_MESSAGES,
  ERROR_MESSAGE_KEYS,
  SERVER_REFUSALS,
  errorMessageKey,
  errorMessageValues,
  type ErrorMessageKey,
} from '../rules/error-messages';
export {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  normalizePage,
  toPaged,
  toRange,
  totalPages,
  type PageRequest,
  type Paged,
} from '../rules/paging';
export { paths } from '../rules/paths';
export {
  OPEN_COURSE_DETAIL_EVENT,
  dispatchOpenCourseDetail,
  onOpenCourseDetail,
  type OpenCourseDetailDetail,
} from '../events';
