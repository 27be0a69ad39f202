import type { ErrorCode } from '../errors';
import type { ServiceError } from '../result';

// What a user reads when a call fails: never the provider's or the database's own text, but a
// message of the `errors` namespace (shared-ui) chosen from the error's code (docs/product-rules.md
// "Errors"). The provider's message stays in the ServiceError for logs and tests.

export const ERROR_MESSAGE_KEYS = [
  'invalidCredentials',
  'userAlreadyRegistered',
  'emailNotConfirmed',
  'weakPassword',
  'samePassword',
  'rateLimited',
  'rateLimitedFor',
  'sessionExpired',
  'network',
  'notAllowed',
  'notFound',
  'duplicate',
  'missingValue',
  'tooLong',
  'invalidValue',
  'courseFull',
  'alreadyEnrolled',
  'studentAlreadyEnrolled',
  'seatAlreadyHeld',
  'studentSeatAlreadyHeld',
  'alreadyCompleted',
  'notEnrolled',
  'notOnClassRoster',
  'courseClosed',
  'enrollOnlySelf',
  'onlyActiveStudents',
  'dueDatePassed',
  'alreadyGraded',
  'gradeTooHigh',
  'reviewNotAllowed',
  'classMeetingLinkRequired',
  'classDurationMin',
  'classTitleInvalid',
  'classDescriptionTooLong',
  'classLinkTooLong',
  'classCourseNotFound',
  'classHasAttendance',
  'materialTitleInvalid',
  'courseTitleInvalid',
  'courseDescriptionTooLong',
  'courseDurationMin',
  'coursePriceNegative',
  'courseMaxStudentsMin',
  'courseThumbnailTooLong',
  'gradeWeightsInvalid',
  'courseTeacherNotTeacher',
  'activityTitleInvalid',
  'activityDescriptionTooLong',
  'activityInstructionsTooLong',
  'activityPointsInvalid',
  'activityOneAssociation',
  'activityPlaceNotFound',
  'gradeNegative',
  'feedbackTooLong',
  'fileTooLarge',
  'fileTypeNotAccepted',
  'emailTaken',
  'emailNotEditable',
  'cannotDemoteSelf',
  'cannotDeleteSelf',
  'cannotResetOwnTwoFactor',
  'cannotResetOwnPassword',
  'invitationAccepted',
  'sameEmail',
  'accountDeactivated',
  'passwordChangeRequired',
  'reassignTargetInvalid',
  'teacherSpecializationsTooMany',
  'teacherSpecializationInvalid',
  'filesNotRemoved',
  'twoFactorRequired',
  'twoFactorCodeInvalid',
  'twoFactorCodeExpired',
  'materialFileNotAllowed',
  'materialFileWrongPlace',
  'loadFailed',
  'saveFailed',
  'deleteFailed',
  'enrollFailed',
  'uploadFailed',
  'unknown',
  'cannotMessage',
  'announcementTitleInvalid',
  'announcementBodyInvalid',
  'courseNotFull',
  'alreadyWaiting',
  'onlyStudentsWait',
  // Card payment (issue 31, card slice: the card-checkout edge function's codes).
  'cardPaymentUnavailable',
  'nothingDue',
  'cardProviderFailed',
  // Rubrics (issue 32: 20261201008200_rubrics.sql).
  'rubricInvalid',
  'rubricTooLarge',
  'rubricUsed',
  'rubricGradeTyped',
  'rubricLevelsMissing',
] as const;

export type ErrorMessageKey = (typeof ERROR_MESSAGE_KEYS)[number];

/** Auth error codes (GoTrue's `error_code`, kept in `details.code`). */
const AUTH_CODES: Record<string, ErrorMessageKey> = {
  invalid_credentials: 'invalidCredentials',
  invalid_grant: 'invalidCredentials',
  user_already_exists: 'userAlreadyRegistered',
  email_exists: 'userAlreadyRegistered',
  email_not_confirmed: 'emailNotConfirmed',
  weak_password: 'weakPassword',
  same_password: 'samePassword',
  // A new password needs the current one outside a recovery session (docs/security.md).
  current_password_invalid: 'invalidCredentials',
  current_password_required: 'missingValue',
  over_request_rate_limit: 'rateLimited',
  over_email_send_rate_limit: 'rateLimited',
  session_not_found: 'sessionExpired',
  session_expired: 'sessionExpired',
  refresh_token_not_found: 'sessionExpired',
  refresh_token_already_used: 'sessionExpired',
  otp_expired: 'sessionExpired',
  // A deactivated account (the auth server says so only after the right password: docs/security.md).
  user_banned: 'accountDeactivated',
  // Two-factor sign-in (GoTrue's MFA endpoints).
  insufficient_aal: 'twoFactorRequired',
  mfa_verification_failed: 'twoFactorCodeInvalid',
  mfa_challenge_expired: 'twoFactorCodeExpired',
  mfa_ip_address_mismatch: 'twoFactorCodeExpired',
  mfa_factor_not_found: 'twoFactorCodeExpired',
};

/**
 * The admin-users edge function's codes (its `{ code }`, kept in `details.code`;
 * supabase/functions/README.md lists them).
 */
const FUNCTION_CODES: Record<string, ErrorMessageKey> = {
  EMAIL_TAKEN: 'emailTaken',
  EMAIL_NOT_EDITABLE: 'emailNotEditable',
  CANNOT_DEMOTE_SELF: 'cannotDemoteSelf',
  CANNOT_DELETE_SELF: 'cannotDeleteSelf',
  CANNOT_RESET_OWN_TWO_FACTOR: 'cannotResetOwnTwoFactor',
  CANNOT_RESET_OWN_PASSWORD: 'cannotResetOwnPassword',
  INVITATION_ACCEPTED: 'invitationAccepted',
  SAME_EMAIL: 'sameEmail',
  PASSWORD_CHANGE_REQUIRED: 'passwordChangeRequired',
  TWO_FACTOR_REQUIRED: 'twoFactorRequired',
  FORBIDDEN: 'notAllowed',
  UNAUTHENTICATED: 'sessionExpired',
  USER_NOT_FOUND: 'notFound',
  VALIDATION_ERROR: 'invalidValue',
  INVALID_REQUEST: 'invalidValue',
  IMPORT_TOO_LARGE: 'invalidValue',
  REASSIGN_TARGET_INVALID: 'reassignTargetInvalid',
  FILES_NOT_REMOVED: 'filesNotRemoved',
  // card-checkout (docs/money.md "Card payments").
  CARD_PAYMENTS_UNAVAILABLE: 'cardPaymentUnavailable',
  INVOICE_NOT_FOUND: 'notFound',
  NOTHING_DUE: 'nothingDue',
  RETURN_URL_NOT_ALLOWED: 'invalidValue',
  PAYMENT_PROVIDER_ERROR: 'cardProviderFailed',
};

/** Postgres and PostgREST error codes. */
const DATABASE_CODES: Record<string, ErrorMessageKey> = {
  '23505': 'duplicate',
  '23502': 'missingValue',
  '23503': 'notFound',
  '23514': 'invalidValue',
  '22001': 'tooLong',
  '22003': 'invalidValue',
  '22P02': 'invalidValue',
  '22023': 'invalidValue',
  too_large: 'fileTooLarge',
  '22007': 'invalidValue',
  '42501': 'notAllowed',
  PGRST116: 'notFound',
  PGRST301: 'sessionExpired',
  PGRST303: 'sessionExpired',
  // PostgREST's pre-request hook refuses a token whose session has ended (HTTP 401).
  PT401: 'sessionExpired',
  // …and one whose account must first choose its own password (HTTP 403).
  PT403: 'passwordChangeRequired',
};

/**
 * The database's own refusals that a user can act on, by their exact text (the enrollment functions
 * answer `{ success: false, error }` with these; triggers raise them). A test checks that every
 * such text in the migrations is listed here.
 */
export const SERVER_REFUSALS: Record<string, ErrorMessageKey> = {
  'This course is full': 'courseFull',
  'You are already enrolled in this course': 'alreadyEnrolled',
  'This student is already enrolled in this course': 'studentAlreadyEnrolled',
  // Payment before the seat (docs/money.md).
  'Your seat in this course is already held until its invoice is paid': 'seatAlreadyHeld',
  "This student's seat is already held until its invoice is paid": 'studentSeatAlreadyHeld',
  'You have already completed this course': 'alreadyCompleted',
  'This student has already completed this course': 'alreadyCompleted',
  'You are not enrolled in this course': 'notEnrolled',
  'This student is not enrolled in this course': 'notEnrolled',
  'This course is not open for enrollment': 'courseClosed',
  // enroll_students_in_course refuses a whole list with a code (the bulk dialog says it in its own words).
  course_closed: 'courseClosed',
  course_not_found: 'notFound',
  'Course not found': 'notFound',
  'User not found': 'notFound',
  'You can only enroll yourself in a course': 'enrollOnlySelf',
  'You can only unenroll yourself from a course': 'enrollOnlySelf',
  'Only active students can enroll in courses': 'onlyActiveStudents',
  'The due date for this activity has passed': 'dueDatePassed',
  'This submission has already been graded': 'alreadyGraded',
  // Raised by the course_reviews trigger check_review_author (20261129000401).
  'Only students who are taking or have completed this course can review it': 'reviewNotAllowed',
  'This student is not enrolled in the course of this class': 'notEnrolled',
  // Raised by save_class_attendance and the class_attendance trigger: a class's roster is who had
  // enrolled by its start.
  'This student was not enrolled in the course when this class took place': 'notOnClassRoster',
  'Class not found': 'notFound',
  'A class with attendance cannot be moved': 'classHasAttendance',
  // Raised by the courses trigger check_course_teacher.
  'The course teacher must be a teacher': 'courseTeacherNotTeacher',
  // Raised by the users trigger guard_admin_self (and answered by the admin-users function).
  'Administrators cannot remove their own admin role or deactivate themselves': 'cannotDemoteSelf',
  'Administrators cannot delete their own account': 'cannotDeleteSelf',
  'A user with this email already exists': 'emailTaken',
  // Raised by reassign_teacher_courses (and answered by the admin-users function).
  'Courses can only be reassigned to another active teacher': 'reassignTargetInvalid',
  // Raised by require_two_factor_for_staff (admins' and teachers' writes from an aal1 session).
  'Two-factor sign-in is required for this account': 'twoFactorRequired',
  // Raised by the materials trigger check_material_file (20261122001100_storage.sql).
  'A material can only name a file you may manage': 'materialFileNotAllowed',
  "A material's file must be stored in the folder of its course": 'materialFileWrongPlace',
  // Raised by start_conversation (20261130000400_messages.sql).
  'You cannot message this person': 'cannotMessage',
  // join_waiting_list's codes (20261130000500_waiting_list.sql); course_closed and course_not_found above.
  only_active_students: 'onlyStudentsWait',
  already_enrolled: 'alreadyEnrolled',
  already_completed: 'alreadyCompleted',
  course_not_full: 'courseNotFull',
  already_waiting: 'alreadyWaiting',
  // Raised by the rubric triggers (20261201008200_rubrics.sql).
  'This rubric has been used to grade work and can no longer change': 'rubricUsed',
  'This work is graded with a rubric: choose its levels instead of typing a grade':
    'rubricGradeTyped',
  'Choose one level of every criterion of the rubric': 'rubricLevelsMissing',
  'This activity has no rubric': 'rubricLevelsMissing',
};

/**
 * The database's checks and keys whose refusal says what to fix, by constraint name: Postgres names the
 * constraint in its message ('new row for relation "classes" violates check constraint "…"'), which
 * PostgREST passes on. supabase/tests/classes.test.ts checks that each name exists in the database and
 * that a refused class save is read this way.
 */
export const CONSTRAINT_MESSAGES: Record<string, ErrorMessageKey> = {
  classes_meeting_link_required_for_live: 'classMeetingLinkRequired',
  classes_duration_check: 'classDurationMin',
  classes_title_check: 'classTitleInvalid',
  classes_description_check: 'classDescriptionTooLong',
  classes_meeting_link_check: 'classLinkTooLong',
  classes_recording_url_check: 'classLinkTooLong',
  classes_course_id_fkey: 'classCourseNotFound',
  materials_title_check: 'materialTitleInvalid',
  materials_url_check: 'classLinkTooLong',
  courses_title_check: 'courseTitleInvalid',
  courses_description_check: 'courseDescriptionTooLong',
  courses_duration_check: 'courseDurationMin',
  courses_price_check: 'coursePriceNegative',
  courses_max_students_check: 'courseMaxStudentsMin',
  courses_thumbnail_url_check: 'courseThumbnailTooLong',
  courses_grade_weights_check: 'gradeWeightsInvalid',
  activities_title_check: 'activityTitleInvalid',
  activities_description_check: 'activityDescriptionTooLong',
  activities_instructions_check: 'activityInstructionsTooLong',
  activities_max_points_check: 'activityPointsInvalid',
  activities_max_points_limit: 'activityPointsInvalid',
  activities_course_or_class: 'activityOneAssociation',
  activities_course_id_fkey: 'activityPlaceNotFound',
  activities_class_id_fkey: 'activityPlaceNotFound',
  activity_submissions_grade_check: 'gradeNegative',
  activity_submissions_feedback_check: 'feedbackTooLong',
  users_specializations_count: 'teacherSpecializationsTooMany',
  users_specializations_items: 'teacherSpecializationInvalid',
  announcements_title_check: 'announcementTitleInvalid',
  announcements_body_check: 'announcementBodyInvalid',
  rubrics_criteria_check: 'rubricInvalid',
  rubrics_title_check: 'rubricInvalid',
  activities_rubric_check: 'rubricInvalid',
};

const CONSTRAINT_IN_MESSAGE = /\bconstraint "([^"]+)"/;

/** What to say when nothing more specific is known, by the operation that failed. */
function byOperation(code: ErrorCode): ErrorMessageKey {
  if (code === 'ENROLL_ERROR' || code === 'ENROLLMENT_ERROR' || code === 'UNENROLL_ERROR') {
    return 'enrollFailed';
  }
  if (code.startsWith('UPLOAD') || code.endsWith('UPLOAD_ERROR')) return 'uploadFailed';
  if (code.startsWith('DELETE_')) return 'deleteFailed';
  if (
    code.startsWith('CREATE_') ||
    code.startsWith('UPDATE_') ||
    code === 'MARK_ATTENDANCE_ERROR'
  ) {
    return 'saveFailed';
  }
  if (code === 'LOGIN_ERROR') return 'invalidCredentials';
  if (
    code.startsWith('FETCH_') ||
    code.startsWith('GET_') ||
    code.endsWith('_STATS_ERROR') ||
    code === 'SIGNED_URL_ERROR' ||
    code === 'DOWNLOAD_ERROR' ||
    code === 'RPC_ERROR' ||
    code === 'QUERY_ERROR'
  ) {
    return 'loadFailed';
  }
  return 'unknown';
}

function detail(error: ServiceError, key: string): unknown {
  const details = error.details;
  return typeof details === 'object' && details !== null
    ? (details as Record<string, unknown>)[key]
    : undefined;
}

/** A fetch that never reached the server (offline, DNS, CORS): the browsers' own wording. */
const NETWORK_FAILURE =
  /^(TypeError: )?(failed to fetch|networkerror when attempting to fetch resource\.?|load failed|network request failed)$/i;

/**
 * A ServiceError, or whatever a query or mutation threw: a ServiceFailure carries the same code,
 * message and details; anything else is read by its message alone.
 */
function asServiceError(error: unknown): ServiceError {
  if (typeof error !== 'object' || error === null) return { code: 'UNKNOWN_ERROR', message: '' };
  const { code, message, details } = error as Partial<ServiceError>;
  return {
    code: typeof code === 'string' ? code : 'UNKNOWN_ERROR',
    message: typeof message === 'string' ? message : '',
    details,
  };
}

/** The minutes to wait that a rate-limited call's server named (rounded up), or null. */
function retryAfterMinutes(error: ServiceError): number | null {
  const seconds = detail(error, 'retryAfterSeconds');
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds / 60)
    : null;
}

/**
 * The values the message of `errorMessageKey(failure)` takes: `t(errorMessageKey(e), {
 * ...errorMessageValues(e), ns: 'errors' })`. Only a lockout's wait so far ({ count } minutes).
 */
export function errorMessageValues(failure: ServiceError | unknown): { count?: number } {
  const minutes = retryAfterMinutes(asServiceError(failure));
  return minutes === null ? {} : { count: minutes };
}

/** The `errors` namespace key of the message to show for a failed call (or a thrown failure). */
export function errorMessageKey(failure: ServiceError | unknown): ErrorMessageKey {
  const error = asServiceError(failure);
  const refusal = SERVER_REFUSALS[error.message.trim()];
  if (refusal) return refusal;
  if (/grade cannot be higher/i.test(error.message)) return 'gradeTooHigh';
  // guard_activity_rubric names the two totals, so it is read by its start.
  if (/^The rubric's best total/.test(error.message.trim())) return 'rubricTooLarge';
  const constraint = CONSTRAINT_IN_MESSAGE.exec(error.message)?.[1];
  if (constraint !== undefined && Object.hasOwn(CONSTRAINT_MESSAGES, constraint)) {
    return CONSTRAINT_MESSAGES[constraint] as ErrorMessageKey;
  }
  // A lockout whose end the server named: say how long to wait (errorMessageValues gives it).
  if (retryAfterMinutes(error) !== null) return 'rateLimitedFor';
  const providerCode = detail(error, 'code');
  if (typeof providerCode === 'string') {
    const known =
      AUTH_CODES[providerCode] ?? DATABASE_CODES[providerCode] ?? FUNCTION_CODES[providerCode];
    if (known) return known;
  }
  const status = detail(error, 'status');
  if (status === 429) return 'rateLimited';
  if (status === 413) return 'fileTooLarge';
  if (status === 415) return 'fileTypeNotAccepted';
  if (NETWORK_FAILURE.test(error.message)) return 'network';
  return byOperation(error.code);
}
