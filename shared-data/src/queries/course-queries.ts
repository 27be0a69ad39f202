import { keepPreviousData, mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  STUDENT_COURSE_VIEWS,
  courseKeys,
  dashboardKeys,
  teacherKeys,
  userKeys,
  waitingListKeys,
} from './keys';
import { unwrap } from './service-failure';
import {
  type CatalogFilters,
  catalogReadModel,
  type CourseChanges,
  courseManagementReadModel,
  courseDetailReadModel,
  type CourseFilters,
  type CourseInput,
  coursesService,
  type EnrollmentExportFilters,
  type EnrollmentFilters,
  type EnrollmentStatus,
  enrollmentExportsService,
  myCoursesReadModel,
  type PageRequest,
  type ReviewInput,
  reviewsService,
} from '@portal/shared-data';

/** An hour: how long the classes' scheduled total of a course is trusted. */
const SCHEDULED_TIME_STALE_MS = 60 * 60_000;

export const courseQueries = {
  /** One page of the catalog; the previous page stays on screen while the next loads. */
  catalog: (filters: CatalogFilters) =>
    queryOptions({
      queryKey: courseKeys.catalog(filters),
      queryFn: () => unwrap(catalogReadModel.list(filters)),
      placeholderData: keepPreviousData,
    }),
  catalogLanguages: () =>
    queryOptions({
      queryKey: courseKeys.catalogLanguages(),
      queryFn: () => unwrap(catalogReadModel.listLanguages()),
    }),
  list: (filters: CourseFilters) =>
    queryOptions({
      queryKey: courseKeys.list(filters),
      queryFn: () => unwrap(coursesService.list(filters)),
      placeholderData: keepPreviousData,
    }),
  /** How many courses a teacher teaches, active or not (their departure moves them all). */
  countTaughtBy: (teacherId: string) =>
    queryOptions({
      queryKey: courseKeys.taughtBy(teacherId),
      queryFn: async () => (await unwrap(coursesService.list({ teacherId, limit: 1 }))).total,
    }),
  /** The signed-in student's courses with their progress. */
  mine: (paging: PageRequest = {}) =>
    queryOptions({
      queryKey: courseKeys.mine(paging),
      queryFn: () => unwrap(myCoursesReadModel.listForStudent(paging)),
      placeholderData: keepPreviousData,
    }),
  /** The signed-in teacher's own courses with their students' average progress. */
  taught: (paging: PageRequest = {}) =>
    queryOptions({
      queryKey: courseKeys.taught(paging),
      queryFn: () => unwrap(myCoursesReadModel.listForTeacher(paging)),
      placeholderData: keepPreviousData,
    }),
  /** The course detail page (null: not found or not visible to the caller). */
  detail: (courseId: string) =>
    queryOptions({
      queryKey: courseKeys.detail(courseId),
      queryFn: () => unwrap(courseDetailReadModel.get(courseId)),
    }),
  classPage: (courseId: string, page: number) =>
    queryOptions({
      queryKey: courseKeys.classPage(courseId, page),
      queryFn: () => unwrap(courseDetailReadModel.getClassPage(courseId, page)),
      placeholderData: keepPreviousData,
    }),
  scheduledTime: (courseId: string) =>
    queryOptions({
      queryKey: courseKeys.scheduledTime(courseId),
      queryFn: () => unwrap(courseDetailReadModel.getScheduledTime(courseId)),
      staleTime: SCHEDULED_TIME_STALE_MS,
    }),
  reviews: (courseId: string) =>
    queryOptions({
      queryKey: courseKeys.reviews(courseId),
      queryFn: () => unwrap(courseDetailReadModel.listReviews(courseId)),
    }),
  enrollments: (filters: EnrollmentFilters) =>
    queryOptions({
      queryKey: courseKeys.enrollments(filters),
      queryFn: () => unwrap(coursesService.listEnrollments(filters)),
    }),
  /**
   * Every enrolment matching the filters (a course's roster, or all), with students and course
   * titles, for Course Management's CSV exports. Read on demand with `queryClient.fetchQuery(...)`.
   */
  enrollmentExport: (filters: EnrollmentExportFilters) =>
    queryOptions({
      queryKey: [...courseKeys.all, 'enrollment-export', filters],
      queryFn: () => unwrap(enrollmentExportsService.listForExport(filters)),
      staleTime: 0,
    }),
  /** Course Management's figures and the languages of existing courses, in one request. */
  managementStats: () =>
    queryOptions({
      queryKey: courseKeys.managementStats(),
      queryFn: () => unwrap(courseManagementReadModel.stats()),
    }),
};

type Enrolment = { courseId: string; userId: string };

export const courseMutations = {
  enroll: () =>
    mutationOptions({
      mutationKey: ['courses', 'enroll'],
      mutationFn: ({ courseId, userId }: Enrolment) =>
        unwrap(coursesService.enroll(courseId, userId)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
  /** A list of students into one course; a report with refusals also refreshes the course's figures. */
  enrollMany: () =>
    mutationOptions({
      mutationKey: ['courses', 'enroll-many'],
      mutationFn: ({ courseId, emails }: { courseId: string; emails: readonly string[] }) =>
        unwrap(coursesService.enrollMany(courseId, emails)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
  unenroll: () =>
    mutationOptions({
      mutationKey: ['courses', 'unenroll'],
      mutationFn: ({ courseId, userId }: Enrolment) =>
        unwrap(coursesService.unenroll(courseId, userId)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
  removeStudent: () =>
    mutationOptions({
      mutationKey: ['courses', 'remove-student'],
      mutationFn: ({ courseId, userId }: Enrolment) =>
        unwrap(coursesService.removeStudent(courseId, userId)),
      // A removal gives the seat to the first in line (docs/waiting-list.md).
      meta: { invalidates: [courseKeys.all, dashboardKeys.all, userKeys.all, waitingListKeys.all] },
    }),
  updateEnrollmentStatus: () =>
    mutationOptions({
      mutationKey: ['courses', 'enrollment-status'],
      mutationFn: ({ id, status }: { id: string; status: EnrollmentStatus }) =>
        unwrap(coursesService.updateEnrollmentStatus(id, status)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
  create: () =>
    mutationOptions({
      mutationKey: ['courses', 'create'],
      mutationFn: (input: CourseInput) => unwrap(coursesService.create(input)),
      meta: { invalidates: [courseKeys.all, dashboardKeys.all, teacherKeys.all] },
    }),
  update: () =>
    mutationOptions({
      mutationKey: ['courses', 'update'],
      mutationFn: ({ id, changes }: { id: string; changes: CourseChanges }) =>
        unwrap(coursesService.update(id, changes)),
      // Classes, materials and activities show the course's title, and an inactive course
      // leaves every student's view.
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
  /** Deletes a course with its stored files (materials' files, submitted work) first. */
  delete: () =>
    mutationOptions({
      mutationKey: ['courses', 'delete'],
      mutationFn: (id: string) => unwrap(coursesService.delete(id)),
      meta: { invalidates: STUDENT_COURSE_VIEWS },
    }),
};

export const reviewMutations = {
  /** Saves the student's own review of a course (one per student and course). */
  save: () =>
    mutationOptions({
      mutationKey: ['reviews', 'save'],
      mutationFn: (input: ReviewInput) => unwrap(reviewsService.saveMine(input)),
      meta: { invalidates: [courseKeys.all] },
    }),
  delete: () =>
    mutationOptions({
      mutationKey: ['reviews', 'delete'],
      mutationFn: ({ courseId, studentId }: { courseId: string; studentId: string }) =>
        unwrap(reviewsService.deleteMine(courseId, studentId)),
      meta: { invalidates: [courseKeys.all] },
    }),
};
