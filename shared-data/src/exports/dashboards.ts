// Figures: the three dashboards, statistics, a student's progress and last activity, and the
// teacher's My Students.

export {
  ADMIN_DASHBOARD_PERIODS,
  ADMIN_DASHBOARD_DEFAULT_PERIOD,
  adminDashboardReadModel,
  toAdminDashboard,
  type AdminDashboard,
  type AdminDashboardPeriod,
  type DashboardPoint,
  type PeriodFigures,
} from '../read-models/admin-dashboard';
export {
  TEACHER_DASHBOARD_LIMITS,
  teacherDashboardReadModel,
  toTeacherDashboard,
  type SubmissionAwaitingGrade,
  type TeacherCoursePerformance,
  type TeacherDashboard,
  type TeacherUpcomingClass,
} from '../read-models/teacher-dashboard';
export {
  STUDENT_DASHBOARD_LIMITS,
  studentDashboardReadModel,
  type DashboardClass,
  type DashboardCourse,
  type StudentDashboard,
} from '../read-models/student-dashboard';
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
} from '../rules/statistics';
export {
  PROGRESS_FAIR,
  PROGRESS_GOOD,
  lastActivityAge,
  progressColor,
  relativeLastActivity,
  type ActivityAge,
  type ProgressColor,
} from '../rules/student-progress';
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
} from '../read-models/my-students';
export {
  ACTIVE_WEEK_DAYS,
  AT_RISK,
  GRADED_WORK_LIMIT,
  MY_STUDENTS_EXPORT_PAGE_SIZE,
  MY_STUDENTS_PAGE_SIZE,
  RECENT_ACTIVITY_LIMIT,
  isActiveThisWeek,
} from '../rules/my-students';
