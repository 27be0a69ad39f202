import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import { activityKeys, classKeys, courseKeys, dashboardKeys, studentKeys } from './keys';
import { unwrap } from './service-failure';
import {
  attendanceService,
  type AttendanceMark,
  type CalendarFilters,
  type CalendarMonthRequest,
  calendarReadModel,
  type ClassChanges,
  classesService,
  classManagementReadModel,
  type ClassFilters,
  type ClassInput,
  type ClassManagementFilters,
} from '@portal/shared-data';

/** Classes change what the calendar, the dashboards and the course pages show. */
const CLASS_VIEWS = [classKeys.all, courseKeys.all, dashboardKeys.all, activityKeys.all] as const;

/** The filters that narrow anything, so "no filter" has one cache key whatever its spelling. */
function activeFilters({ courseId, teacherId }: CalendarFilters): CalendarFilters {
  return { ...(courseId ? { courseId } : {}), ...(teacherId ? { teacherId } : {}) };
}

export const classQueries = {
  list: (filters: ClassFilters) =>
    queryOptions({
      queryKey: classKeys.list(filters),
      queryFn: () => unwrap(classesService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /**
   * Class Management in one request: the figures (total, live, recorded, total hours) over every class
   * the caller may see, and one page of the classes matching the filters, each with its attendance
   * (roster count, attended count, rate). The previous answer (figures and page) stays while the next
   * loads. Every class mutation, saving a class's attendance included, invalidates it (`classKeys.all`),
   * which brings the new figures.
   */
  management: (filters: ClassManagementFilters) =>
    queryOptions({
      queryKey: classKeys.management(filters),
      queryFn: () => unwrap(classManagementReadModel.get(filters)),
      placeholderData: keepPreviousData,
    }),
  /** The month grid and the next classes; the shown month stays while the next one loads. */
  calendarMonth: (request: CalendarMonthRequest) =>
    queryOptions({
      queryKey: classKeys.calendarMonth({
        from: request.from,
        to: request.to,
        timeZone: request.timeZone,
        dayLimit: request.dayLimit,
        upcomingLimit: request.upcomingLimit,
        ...activeFilters(request),
      }),
      queryFn: () => unwrap(calendarReadModel.month(request)),
      placeholderData: keepPreviousData,
    }),
  /** Every class starting in [from, to): a selected day's list, a planner window or an export. */
  between: (from: string, to: string, filters: CalendarFilters = {}) =>
    queryOptions({
      queryKey: classKeys.between(from, to, activeFilters(filters)),
      queryFn: () => unwrap(calendarReadModel.classesBetween(from, to, filters)),
    }),
  attendance: (classId: string) =>
    queryOptions({
      queryKey: classKeys.attendance(classId),
      queryFn: () => unwrap(classesService.getAttendance(classId)),
    }),
  /** One page of a class's roster: the course's active students with their marks. */
  roster: (classId: string, page: number) =>
    queryOptions({
      queryKey: classKeys.roster(classId, page),
      queryFn: () => unwrap(attendanceService.roster(classId, { page })),
      placeholderData: keepPreviousData,
    }),
};

export const classMutations = {
  create: () =>
    mutationOptions({
      mutationKey: ['classes', 'create'],
      mutationFn: (input: ClassInput) => unwrap(classesService.create(input)),
      meta: { invalidates: CLASS_VIEWS },
    }),
  /** A weekly series (or one class) in one request: all saved or none. */
  createSeries: () =>
    mutationOptions({
      mutationKey: ['classes', 'create-series'],
      mutationFn: (inputs: readonly ClassInput[]) => unwrap(classesService.createSeries(inputs)),
      meta: { invalidates: CLASS_VIEWS },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['classes', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: ClassChanges }) =>
        unwrap(classesService.update(id, changes)),
      meta: { invalidates: CLASS_VIEWS },
    }),
  delete: () =>
    mutationOptions({
      mutationKey: ['classes', 'delete'],
      mutationFn: (id: string) => unwrap(classesService.delete(id)),
      meta: { invalidates: CLASS_VIEWS },
    }),
  /** A student's own attendance when joining a live class; progress follows in the database. */
  markAttendance: () =>
    mutationOptions({
      mutationKey: ['classes', 'mark-attendance'],
      mutationFn: (mark: AttendanceMark) => unwrap(classesService.markAttendance(mark)),
      meta: { invalidates: [classKeys.all, courseKeys.all, dashboardKeys.all] },
    }),
  /**
   * A teacher's roster for one class, saved in one request: send the students whose mark changed.
   * Students already marked as sent keep their mark and the time they joined.
   */
  saveAttendance: () =>
    mutationOptions({
      mutationKey: ['classes', 'save-attendance'],
      mutationFn: ({
        classId,
        marks,
      }: {
        classId: string;
        marks: Omit<AttendanceMark, 'classId'>[];
      }) => unwrap(classesService.saveAttendance(classId, marks)),
      meta: { invalidates: [classKeys.all, courseKeys.all, dashboardKeys.all, studentKeys.all] },
    }),
};
