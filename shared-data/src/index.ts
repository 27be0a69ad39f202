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
export type { NewUserInput, PersonalChanges, UserChanges } from './mappers/user-changes';
export {
  TEACHER_LIST_LIMIT,
  usersService,
  type CreatedUser,
  type RoleCounts,
  type StudentStats,
  type UserFilters,
} from './services/users';

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

// Activities and submissions
export {
  ACTIVITY_TYPES,
  type Activity,
  type ActivityChanges,
  type ActivityInput,
  type ActivityType,
} from './mappers/activity';
export {
  SUBMISSION_STATUSES,
  type GradeInput,
  type Submission,
  type SubmissionInput,
  type SubmissionStatus,
} from './mappers/submission';
export { ACTIVITY_DEFAULTS, activitiesService, type ActivityFilters } from './services/activities';
export { submissionsService, type SubmissionFilters } from './services/submissions';

// Course reviews
export type { Review, ReviewInput } from './mappers/review';
export { RATING_MAX, RATING_MIN, isValidRating, reviewsService } from './services/reviews';

// School settings
export {
  SETTINGS_GROUPS,
  type AppSettings,
  type AppearanceSettings,
  type EmailSettings,
  type GeneralSettings,
  type NotificationSettings,
  type SecuritySettings,
  type SettingsGroupName,
  type SettingsGroups,
  type Theme,
} from './mappers/settings';
export {
  DATE_FORMATS,
  DEFAULT_SETTINGS,
  SECURITY_BOUNDS,
  SITE_LANGUAGES,
  THEMES,
  TIMEZONES,
  invalidColors,
  settingsProblems,
  validateSecuritySettings,
  type SettingsBoundError,
} from './rules/settings';
export { settingsService } from './services/settings';

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
  MATERIAL_FILE_ACCEPT,
  MATERIAL_MIME_TYPES,
  SUBMISSION_MIME_TYPES,
  UPLOAD_LIMITS,
  classifyUploadType,
  fileExtension,
  isAcceptedAvatar,
  isAcceptedMaterialFile,
  isSizeProblem,
  sizeProblem,
  type SizeProblem,
} from './rules/uploads';
export {
  SIGNED_URL_SECONDS,
  STORAGE_BUCKETS,
  STORAGE_CACHE_CONTROL,
  avatarObjectName,
  materialObjectName,
  submissionObjectName,
  type NameSource,
} from './rules/storage-names';

// App lists (SPEC §4 "App lists") and their actions
export { coursesAtom } from './atoms/courses-atom';
export { enrollmentsAtom } from './atoms/enrollments-atom';
export { classesAtom } from './atoms/classes-atom';
export { materialsAtom } from './atoms/materials-atom';
export { activitiesAtom } from './atoms/activities-atom';
export { activitySubmissionsAtom } from './atoms/activity-submissions-atom';
export { usersAtom } from './atoms/users-atom';
export { fetchCoursesWriteAtom } from './atoms/fetch-courses-write-atom';
export { fetchEnrolledCoursesWriteAtom } from './atoms/fetch-enrolled-courses-write-atom';
export { createCourseWriteAtom } from './atoms/create-course-write-atom';
export { updateCourseWriteAtom } from './atoms/update-course-write-atom';
export { deleteCourseWriteAtom } from './atoms/delete-course-write-atom';
export { enrollInCourseWriteAtom } from './atoms/enroll-in-course-write-atom';
export { removeStudentWriteAtom } from './atoms/remove-student-write-atom';
export { fetchEnrollmentsWriteAtom } from './atoms/fetch-enrollments-write-atom';
export { fetchClassesWriteAtom } from './atoms/fetch-classes-write-atom';
export { createClassWriteAtom } from './atoms/create-class-write-atom';
export { updateClassWriteAtom } from './atoms/update-class-write-atom';
export { deleteClassWriteAtom } from './atoms/delete-class-write-atom';
export { fetchMaterialsWriteAtom } from './atoms/fetch-materials-write-atom';
export { uploadMaterialWriteAtom } from './atoms/upload-material-write-atom';
export { createMaterialLinkWriteAtom } from './atoms/create-material-link-write-atom';
export { deleteMaterialWriteAtom } from './atoms/delete-material-write-atom';
export { fetchActivitiesWriteAtom } from './atoms/fetch-activities-write-atom';
export { fetchStudentActivitiesWriteAtom } from './atoms/fetch-student-activities-write-atom';
export { createActivityWriteAtom } from './atoms/create-activity-write-atom';
export { updateActivityWriteAtom } from './atoms/update-activity-write-atom';
export { deleteActivityWriteAtom } from './atoms/delete-activity-write-atom';
export { fetchSubmissionsWriteAtom } from './atoms/fetch-submissions-write-atom';
export { fetchStudentSubmissionsWriteAtom } from './atoms/fetch-student-submissions-write-atom';
export { submitActivityWriteAtom } from './atoms/submit-activity-write-atom';
export { gradeSubmissionWriteAtom } from './atoms/grade-submission-write-atom';
export { fetchUsersWriteAtom } from './atoms/fetch-users-write-atom';
export { fetchTeachersWriteAtom } from './atoms/fetch-teachers-write-atom';
export { fetchStudentsWriteAtom } from './atoms/fetch-students-write-atom';
export { createUserWriteAtom } from './atoms/create-user-write-atom';
export { updateUserWriteAtom } from './atoms/update-user-write-atom';
export { deleteUserWriteAtom } from './atoms/delete-user-write-atom';

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
  type MaterialLibraryFilters,
  type MaterialLibraryStats,
} from './read-models/materials-library';
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
} from './read-models/my-courses';
export {
  CALENDAR_DAY_LIMIT,
  UPCOMING_CLASSES_LIMIT,
  calendarReadModel,
  type CalendarClass,
  type CalendarDay,
  type CalendarMonth,
  type CalendarMonthRequest,
} from './read-models/calendar';
export {
  studentActivitiesReadModel,
  type EnrolledCourseOption,
  type MySubmissionSummary,
  type StudentActivitiesOverview,
  type StudentActivity,
} from './read-models/activities';
