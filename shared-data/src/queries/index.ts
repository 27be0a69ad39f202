// `@portal/shared-data/queries`: server state through TanStack Query (docs/architecture.md
// "Server state"). A separate entry of the package, bundled by each app like the main one (not a
// Module Federation shared module). Everything here reaches the services through the package's main
// entry ('@portal/shared-data'), never by relative path, and the Supabase client through the shared
// `./session` entry: one client and one session for the whole page.

export { createQueryClient, STALE_TIME_MS, type QueryClientOptions } from './query-client';
export type { PageLoader, PageModule, PageParams } from './page-loader';
export { ServiceFailure, toServiceError, unwrap } from './service-failure';
export {
  activityKeys,
  classKeys,
  courseKeys,
  dashboardKeys,
  materialKeys,
  notificationKeys,
  settingsKeys,
  studentKeys,
  submissionKeys,
  teacherKeys,
  twoFactorKeys,
  userKeys,
  messageKeys,
  rubricKeys,
} from './keys';
export { rubricMutations, rubricQueries, skillProgressQueries } from './rubric-queries';
export { courseMutations, courseQueries, reviewMutations } from './course-queries';
export { dashboardQueries } from './dashboard-queries';
export { classMutations, classQueries } from './class-queries';
export { materialMutations, materialQueries } from './material-queries';
export {
  activityMutations,
  activityQueries,
  submissionMutations,
  submissionQueries,
} from './activity-queries';
export { userMutations, userQueries } from './user-queries';
export { teacherMutations, teacherQueries } from './teacher-queries';
export { studentQueries } from './student-queries';
export { settingsMutations, settingsQueries } from './settings-queries';
export { twoFactorMutations, twoFactorQueries } from './two-factor-queries';
export { notificationMutations, notificationQueries } from './notification-queries';
export { useLiveInvalidation, type LiveInvalidation } from './use-live-invalidation';
export { messageMutations, messageQueries } from './message-queries';

export { useJoinClass, type JoinProblem } from './use-join-class';
export { usePdfDownload, type PdfRequest } from './use-pdf-download';
export {
  useCalendarClasses,
  type CalendarListState,
  type CalendarLoadError,
} from './use-calendar-classes';
export { useMaterialViewer } from './use-material-viewer';
export {
  useTeacherDeparture,
  type DepartureOutcome,
  type HandoffRead,
} from './use-teacher-departure';
export {
  useCourseFilterOptions,
  useManagedCourses,
  type CourseFilterOptions,
  type ManagedCourseOption,
} from './use-managed-courses';
export {
  announcementKeys,
  announcementMutations,
  announcementQueries,
} from './announcement-queries';
export { useCourseAnnouncementsDrawer } from './use-course-announcements-drawer';
export { useAnnouncementsLive } from './use-announcements-live';
export { waitingListKeys } from './keys';
export { waitingListMutations, waitingListQueries } from './waiting-list-queries';
export { useWaitingListLive } from './use-waiting-list-live';
export { useMyWaitingList } from './use-my-waiting-list';
export { useMySeatHolds } from './use-my-seat-holds';
export { billingKeys } from './keys';
export {
  billingMutations,
  billingQueries,
  officeBillingMutations,
  officeBillingQueries,
} from './billing-queries';
export { gradebookKeys } from './keys';
export { gradebookMutations, gradebookQueries } from './gradebook-queries';
