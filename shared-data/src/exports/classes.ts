// Classes: the entity, Class Management, attendance and the roster, the class form, hours and due
// dates, joining a class, the calendar (its days, the planner, the .ics export).

export {
  CLASS_TYPES,
  type ClassChanges,
  type ClassDetail,
  type ClassInput,
  type ClassType,
  type CourseClass,
} from '../mappers/class';
export type { Attendance, AttendanceMark } from '../mappers/attendance';
export { classesService, type ClassFilters } from '../services/classes';
export {
  classManagementReadModel,
  type ClassManagement,
  type ClassManagementFilters,
  type ClassStats,
  type ClassWithAttendance,
} from '../read-models/class-management';
export {
  toAttendanceSummary,
  toRosterStudent,
  type ClassAttendanceSummary,
  type RosterStudent,
} from '../mappers/class-roster';
export { attendanceService } from '../services/attendance';
export {
  ROSTER_PAGE_SIZE,
  attendanceChanges,
  attendanceRate,
  attendedAfterChanges,
  type AttendanceChanges,
  type RosterMark,
} from '../rules/attendance';
export {
  CLASS_DURATION,
  CLASS_SERIES_WEEKS,
  CLASS_TEXT_LIMITS,
  classFormFromClass,
  classStartsInPast,
  classTextLength,
  emptyClassForm,
  isClassLink,
  toClassInput,
  toClassSeries,
  validateClassForm,
  type ClassFormErrors,
  type ClassFormMessageKey,
  type ClassFormValues,
} from '../rules/class-form';
export {
  DUE_THIS_WEEK_DAYS,
  combineLocalDateTime,
  dueThisWeek,
  hoursFromMinutes,
  isOverdue,
  totalHours,
} from '../rules/schedule';
export {
  JOIN_WINDOW_MINUTES,
  canJoin,
  classJoinState,
  isInProgress,
  isSameLocalDay,
  type JoinState,
  type JoinableClass,
} from '../rules/join-window';
export {
  CALENDAR_DAY_LIMIT,
  UPCOMING_CLASSES_LIMIT,
  calendarReadModel,
  type CalendarClass,
  type CalendarDay,
  type CalendarMonth,
  type CalendarFilters,
  type CalendarMonthRequest,
} from '../read-models/calendar';
export {
  dayKey,
  dayRange,
  findCalendarDay,
  monthRange,
  needsFullDayList,
  viewerTimeZone,
} from '../rules/calendar-days';
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
} from '../rules/class-planner';
export {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  toIcsDateTime,
  type IcsCalendar,
  type IcsEvent,
} from '../rules/ics';
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
} from '../rules/class-export';
