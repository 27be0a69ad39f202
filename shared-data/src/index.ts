// Runtime config and the client
export {
  DEFAULT_API_PROVIDER,
  DEFAULT_PORTAL_CONFIG_URL,
  loadPortalConfig,
  parsePortalConfig,
  type PortalConfig,
  type RemoteName,
} from './config';
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
export type { NewUserInput, PersonalChanges, UserChanges } from './mappers/user-changes';
export {
  TEACHER_LIST_LIMIT,
  usersService,
  type CreatedUser,
  type StudentStats,
  type TwoFactorReset,
  type UserFilters,
  type UserSortKey,
} from './services/users';
export { userManagementReadModel, type RoleCounts } from './read-models/user-management';
export {
  USER_TEXT_LIMITS,
  USER_TOAST_MS,
  emptyUserForm,
  isRole,
  toNewUserInput,
  toUserChanges,
  userFormFromUser,
  userTextLength,
  validateUserForm,
  type UserFormErrors,
  type UserFormMessageKey,
  type UserFormMode,
  type UserFormValues,
  type UserTextField,
} from './rules/user-form';
export { teachersService, type CreatedTeacher, type TeacherProfile } from './services/teachers';
export {
  teacherManagementReadModel,
  toManagedTeacher,
  toTeacherStats,
  type ManagedTeacher,
  type TeacherCourseSummary,
  type TeacherFilters,
  type TeacherStats,
} from './read-models/teacher-management';
export {
  TEACHER_CARD_COURSE_LIMIT,
  TEACHER_PAGE_SIZE,
  TEACHER_SPECIALIZATIONS,
  TEACHER_TEXT_LIMITS,
  emptyTeacherForm,
  handoffTarget,
  normalizeSpecializations,
  teacherFormFromTeacher,
  teacherMessageValues,
  teacherTextLength,
  toNewTeacherInput,
  toTeacherChanges,
  validateCourseHandoff,
  validateTeacherForm,
  type CourseHandoff,
  type CourseHandoffErrors,
  type CourseHandoffValues,
  type NewTeacherInput,
  type TeacherChanges,
  type TeacherFormErrors,
  type TeacherFormMessageKey,
  type TeacherFormMode,
  type TeacherFormValues,
  type TeacherTextField,
} from './rules/teacher-form';
export {
  USER_IMPORT_BATCH_SIZE,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_OPTIONAL_COLUMNS,
  USER_IMPORT_REQUIRED_COLUMNS,
  importBatches,
  importSummary,
  normalizeColumn,
  parseImportRole,
  previewUserImport,
  rowsToSend,
  userImportReport,
  type UserImportColumn,
  type UserImportFileProblem,
  type UserImportMessageKey,
  type UserImportOutcome,
  type UserImportPreview,
  type UserImportProblem,
  type UserImportResult,
  type UserImportRow,
} from './rules/user-import';

// Paging (every list call answers one page)
export {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  normalizePage,
  toPaged,
  toRange,
  totalPages,
  type PageRequest,
  type Paged,
} from './rules/paging';

// Courses and enrollments
export {
  COURSE_CATEGORIES,
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type Course,
  type CourseCategory,
  type CourseChanges,
  type CourseInput,
  type CourseLanguage,
  type CourseLevel,
} from './mappers/course';
export {
  ENROLLMENT_STATUSES,
  type EnrolledCourse,
  type EnrolledStudent,
  type Enrollment,
  type EnrollmentStatus,
} from './mappers/enrollment';
export {
  coursesService,
  type CourseFilters,
  type CourseSortKey,
  type EnrollmentFilters,
  type SortOrder,
} from './services/courses';
export {
  courseManagementReadModel,
  type CourseManagementStats,
} from './read-models/course-management';

// Classes and attendance
export {
  CLASS_TYPES,
  type ClassChanges,
  type ClassDetail,
  type ClassInput,
  type ClassType,
  type CourseClass,
} from './mappers/class';
export type { Attendance, AttendanceMark } from './mappers/attendance';
export { classesService, type ClassFilters } from './services/classes';
export {
  classManagementReadModel,
  type ClassManagement,
  type ClassManagementFilters,
  type ClassStats,
  type ClassWithAttendance,
} from './read-models/class-management';
export {
  toAttendanceSummary,
  toRosterStudent,
  type ClassAttendanceSummary,
  type RosterStudent,
} from './mappers/class-roster';
export { attendanceService } from './services/attendance';
export {
  ROSTER_PAGE_SIZE,
  attendanceChanges,
  attendanceRate,
  attendedAfterChanges,
  type AttendanceChanges,
  type RosterMark,
} from './rules/attendance';
export {
  CLASS_DURATION,
  CLASS_SERIES_WEEKS,
  CLASS_TEXT_LIMITS,
  classFormFromClass,
  classTextLength,
  emptyClassForm,
  isClassLink,
  toClassInput,
  toClassSeries,
  validateClassForm,
  type ClassFormErrors,
  type ClassFormMessageKey,
  type ClassFormValues,
} from './rules/class-form';
export {
  AVATAR_MAX_BYTES,
  PHONE_MIN_DIGITS,
  PROFILE_AVATAR_ACCEPT,
  PROFILE_AVATAR_TYPES,
  PROFILE_TEXT_LIMITS,
  avatarFileError,
  changePasswordFieldErrors,
  emptyChangePasswordForm,
  isPhoneNumber,
  profileFormFromUser,
  profileTextLength,
  toProfileChanges,
  validateChangePassword,
  validateProfileForm,
  type AvatarFileMessageKey,
  type ChangePasswordErrors,
  type ChangePasswordMessageKey,
  type ChangePasswordValues,
  type ProfileFormErrors,
  type ProfileFormMessageKey,
  type ProfileFormValues,
} from './rules/profile-form';

// The course form (My Courses for teachers, Course Management) and the course detail page's Back
export {
  COURSE_PRICE,
  COURSE_TEXT_LIMITS,
  courseFormFromCourse,
  courseTextLength,
  emptyCourseForm,
  toCourseInput,
  validateCourseForm,
  type CourseFormErrors,
  type CourseFormMessageKey,
  type CourseFormSource,
  type CourseFormValues,
} from './rules/course-form';
export {
  courseDetailBackPath,
  courseDetailFrom,
  courseDetailState,
  type CourseDetailState,
} from './rules/course-detail-link';

// Materials
export {
  MATERIAL_LANGUAGES,
  MATERIAL_SKILLS,
  MATERIAL_TYPES,
  type Material,
  type MaterialLanguage,
  type MaterialSkill,
  type MaterialType,
} from './mappers/material';
export {
  GENERAL_MATERIALS,
  materialsService,
  type MaterialFilters,
  type MaterialLink,
  type MaterialUpload,
  type StoredMaterial,
} from './services/materials';
export type { UploadProgress } from './services/storage';
export {
  MATERIAL_MAX_BYTES,
  MATERIAL_TEXT_LIMITS,
  emptyMaterialForm,
  materialFileError,
  materialTextLength,
  validateMaterialForm,
  type MaterialFormErrors,
  type MaterialFormMessageKey,
  type MaterialFormTab,
  type MaterialFormValues,
} from './rules/material-form';

// Activities and submissions
export {
  ACTIVITY_TYPES,
  type Activity,
  type ActivityChanges,
  type ActivityInput,
  type ActivityType,
  type ManagedActivity,
} from './mappers/activity';
export {
  SUBMISSION_STATUSES,
  type GradeInput,
  type GradingSubmission,
  type Submission,
  type SubmissionInput,
  type SubmissionStatus,
} from './mappers/submission';
export { ACTIVITY_DEFAULTS, activitiesService, type ActivityFilters } from './services/activities';
export {
  activityManagementReadModel,
  type ActivityManagement,
  type ActivityTotals,
  type ManagedActivityFilters,
} from './read-models/activity-management';
export {
  submissionsService,
  type GradingRequest,
  type SubmissionFilters,
} from './services/submissions';
export {
  ACTIVITY_POINTS,
  ACTIVITY_TEXT_LIMITS,
  activityFormFromActivity,
  activityTextLength,
  emptyActivityForm,
  hasDueDate,
  toActivityInput,
  validateActivityForm,
  type ActivityAssociation,
  type ActivityFormErrors,
  type ActivityFormMessageKey,
  type ActivityFormValues,
} from './rules/activity-form';

// Course reviews
export type { Review, ReviewInput } from './mappers/review';
export { reviewsService } from './services/reviews';

// School settings
export {
  DEFAULT_PUBLIC_SETTINGS,
  toPublicSettings,
  type AppSettings,
  type PublicSettings,
} from './mappers/settings';
export {
  DATE_FORMATS,
  DEFAULT_SETTINGS,
  SETTINGS_GROUPS,
  IDLE_SIGN_OUT_STORAGE_KEY,
  LAST_ACTIVITY_STORAGE_KEY,
  SECURITY_BOUNDS,
  SETTINGS_TEXT_LIMITS,
  SITE_LANGUAGES,
  SMTP_PORT_BOUNDS,
  THEMES,
  TIMEZONES,
  UI_SITE_LANGUAGES,
  defaultSettingsGroups,
  invalidColors,
  msUntilIdleSignOut,
  settingsFieldBounds,
  settingsFormFromSettings,
  settingsProblems,
  toSettingsGroups,
  uiSiteLanguage,
  validateSecuritySettings,
  validateSettingsForm,
  type SettingsBoundError,
  type SettingsFormErrors,
  type SettingsFormField,
  type SettingsFormMessageKey,
  type SettingsFormValues,
  type UiSiteLanguage,
  type AppearanceSettings,
  type EmailSettings,
  type GeneralSettings,
  type NotificationSettings,
  type SecuritySettings,
  type SettingsGroupName,
  type SettingsGroups,
  type Theme,
} from './rules/settings';
export { settingsService } from './services/settings';
export {
  PUBLIC_SETTINGS_STORAGE_KEY,
  cachePublicSettings,
  readCachedPublicSettings,
} from './public-settings-cache';
export {
  twoFactorService,
  type TwoFactorEnrollment,
  type TwoFactorFactor,
  type TwoFactorStep,
  type VerifyCodeInput,
} from './services/two-factor';
export {
  TWO_FACTOR_CODE_LENGTH,
  normalizeTwoFactorCode,
  validateTwoFactorCode,
  type TwoFactorCodeMessageKey,
} from './rules/two-factor-code';

// Domain rules (pure)
export {
  COURSE_DEFAULTS,
  COURSE_LIMITS,
  LARGE_LIST_LIMIT,
  enrollmentPercent,
  isCourseFull,
} from './rules/courses';
export {
  DUE_THIS_WEEK_DAYS,
  combineLocalDateTime,
  dueThisWeek,
  hoursFromMinutes,
  isOverdue,
  totalHours,
} from './rules/schedule';
export {
  activityStats,
  attendanceStats,
  courseStats,
  materialStats,
  ratingSummary,
  type ActivityStats,
  type AttendanceStats,
  type CourseStats,
  type MaterialStats,
} from './rules/statistics';
export {
  PROGRESS_FAIR,
  PROGRESS_GOOD,
  lastActivityAge,
  progressColor,
  relativeLastActivity,
  type ActivityAge,
  type ProgressColor,
} from './rules/student-progress';
export {
  ACCEPTED_MATERIAL_EXTENSIONS,
  AVATAR_MIME_TYPES,
  MATERIAL_CONTENT_TYPES,
  MATERIAL_DROPZONE_ACCEPT,
  MATERIAL_FILE_ACCEPT,
  MATERIAL_MIME_TYPES,
  SUBMISSION_MIME_TYPES,
  UPLOAD_LIMITS,
  classifyUploadType,
  fileExtension,
  isAcceptedAvatar,
  isAcceptedMaterialFile,
  isSizeProblem,
  materialContentType,
  sizeProblem,
  type SizeProblem,
} from './rules/uploads';
export {
  SIGNED_URL_SECONDS,
  STORAGE_BUCKETS,
  STORAGE_CACHE_CONTROL,
  GENERAL_MATERIALS_FOLDER,
  avatarObjectName,
  materialObjectName,
  submissionObjectName,
  type MaterialFilePlace,
  type NameSource,
} from './rules/storage-names';

// Auth service and state
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
} from './services/auth';
export { authAtom } from '@portal/shared-data/session';
export { currentRoleAtom } from './atoms/current-role-atom';
export {
  initialAuthState,
  pendingTwoFactorStep,
  type AuthState,
  type PendingTwoFactorStep,
} from './atoms/auth-transitions';
export { initializeAuthWriteAtom } from './atoms/initialize-auth-write-atom';
export { loginWriteAtom } from './atoms/login-write-atom';
export { twoFactorSignInWriteAtom } from './atoms/two-factor-sign-in-write-atom';
export { registerWriteAtom } from './atoms/register-write-atom';
export { logoutWriteAtom } from './atoms/logout-write-atom';
export {
  requestPasswordResetWriteAtom,
  type PasswordResetRequest,
} from './atoms/request-password-reset-write-atom';
export { updatePasswordWriteAtom } from './atoms/update-password-write-atom';
export { authEventWriteAtom, type AuthEventUpdate } from './atoms/auth-event-write-atom';
export { profileUpdatedWriteAtom } from './atoms/profile-updated-write-atom';
export { changePasswordWriteAtom } from './atoms/change-password-write-atom';
export { useStandaloneSession, type StandaloneSession } from './hooks/use-standalone-session';

// Validation rules
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
} from './rules/validation';

// Cross-app events
export {
  OPEN_COURSE_DETAIL_EVENT,
  dispatchOpenCourseDetail,
  onOpenCourseDetail,
  type OpenCourseDetailDetail,
} from './events';

// Read models (one request per screen part; see the read models migration)
export {
  COURSE_DETAIL_CLASS_PAGE_SIZE,
  courseDetailReadModel,
  isCourseId,
  type CourseDetail,
  type CourseDetailClass,
  type CourseDetailCourse,
  type CourseDetailEnrollment,
  type ScheduledTime,
} from './read-models/course-detail';
export {
  EXTRA_MATERIALS_LIMIT,
  filterMaterials,
  libraryStats,
  materialsLibraryReadModel,
  type ExtraMaterials,
  type MaterialLibraryFigures,
  type MaterialLibraryFilters,
  type MaterialLibraryStats,
} from './read-models/materials-library';
export {
  ADMIN_DASHBOARD_PERIODS,
  ADMIN_DASHBOARD_DEFAULT_PERIOD,
  adminDashboardReadModel,
  toAdminDashboard,
  type AdminDashboard,
  type AdminDashboardPeriod,
  type DashboardPoint,
  type PeriodFigures,
} from './read-models/admin-dashboard';
export {
  TEACHER_DASHBOARD_LIMITS,
  teacherDashboardReadModel,
  toTeacherDashboard,
  type SubmissionAwaitingGrade,
  type TeacherCoursePerformance,
  type TeacherDashboard,
  type TeacherUpcomingClass,
} from './read-models/teacher-dashboard';
export {
  STUDENT_DASHBOARD_LIMITS,
  studentDashboardReadModel,
  type DashboardClass,
  type DashboardCourse,
  type StudentDashboard,
} from './read-models/student-dashboard';
export {
  CATALOG_PAGE_SIZE,
  catalogReadModel,
  type CatalogCourse,
  type CatalogFilters,
} from './read-models/catalog';
export {
  MY_COURSES_PAGE_SIZE,
  myCoursesReadModel,
  type StudentCourse,
  type TeacherCourse,
} from './read-models/my-courses';
export {
  CALENDAR_DAY_LIMIT,
  UPCOMING_CLASSES_LIMIT,
  calendarReadModel,
  type CalendarClass,
  type CalendarDay,
  type CalendarMonth,
  type CalendarFilters,
  type CalendarMonthRequest,
} from './read-models/calendar';
export {
  myStudentsReadModel,
  toMyStudent,
  toMyStudentDetail,
  toMyStudentsStats,
  toStudentActivityEvent,
  type GradedWork,
  type MyStudent,
  type MyStudentCourse,
  type MyStudentDetail,
  type MyStudentFilters,
  type MyStudentsOverview,
  type MyStudentsStats,
  type StudentActivityEvent,
  type StudentCourseProgress,
} from './read-models/my-students';
export {
  ACTIVE_WEEK_DAYS,
  GRADED_WORK_LIMIT,
  MY_STUDENTS_EXPORT_PAGE_SIZE,
  MY_STUDENTS_PAGE_SIZE,
  RECENT_ACTIVITY_LIMIT,
  isActiveThisWeek,
  isAtRisk,
} from './rules/my-students';
export {
  studentActivitiesReadModel,
  type EnrolledCourseOption,
  type MySubmissionSummary,
  type StudentActivitiesOverview,
  type StudentActivity,
} from './read-models/activities';

// One rule per domain fact
export {
  CONSTRAINT_MESSAGES,
  ERROR_MESSAGE_KEYS,
  SERVER_REFUSALS,
  errorMessageKey,
  type ErrorMessageKey,
} from './rules/error-messages';
export { paths } from './rules/paths';
export {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  isValidRating,
  reviewCommentLength,
  validateReview,
  type ReviewErrors,
  type ReviewMessageKey,
  type ReviewValues,
} from './rules/review';
export {
  FEEDBACK_MAX_LENGTH,
  GRADE_DECIMALS,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  SUBMISSION_TEXT_MAX_LENGTH,
  SUBMISSION_TYPES_BY_EXTENSION,
  submissionContentType,
  submissionFileProblems,
  submissionTextLength,
  gradeFormFromSubmission,
  toGradeInput,
  validateGrade,
  validateSubmission,
  type GradeErrors,
  type GradeFormValues,
  type GradeMessageKey,
  type SubmissionErrors,
  type SubmissionFileProblem,
  type SubmissionMessageKey,
  type SubmissionValues,
} from './rules/submission';
export {
  SUBMITTED_FILE_NAME_MAX_LENGTH,
  fileNameToKeep,
  fileNamesFor,
  storedFileName,
  submittedFiles,
  type SubmittedFile,
} from './rules/submitted-files';
export {
  JOIN_WINDOW_MINUTES,
  canJoin,
  classJoinState,
  isInProgress,
  isSameLocalDay,
  type JoinState,
  type JoinableClass,
} from './rules/join-window';
export {
  dayKey,
  dayRange,
  findCalendarDay,
  monthRange,
  needsFullDayList,
  viewerTimeZone,
} from './rules/calendar-days';
export {
  PLANNER_FIRST_DAY_OF_WEEK,
  canOfferMove,
  moveRefusal,
  plannerRange,
  plannerTimeToIso,
  validateMoveForm,
  type MoveFormKey,
  type MoveFormValues,
  type MoveRefusal,
  type PlannerView,
} from './rules/class-planner';
export {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  toIcsDateTime,
  type IcsCalendar,
  type IcsEvent,
} from './rules/ics';
export {
  EXPORT_DAYS_BEFORE,
  EXPORT_MONTHS_AHEAD,
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  ICS_PRODUCT_ID,
  classToEvent,
  classesToIcs,
  exportWindow,
  type ExportLabels,
} from './rules/class-export';
