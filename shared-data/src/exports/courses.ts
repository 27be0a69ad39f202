// Courses and enrolments: the entity, its service and rules, the course form, Course Management,
// the catalog, My Courses, the course detail page (and its Back link) and course reviews.

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
} from '../mappers/course';
export {
  ENROLLMENT_STATUSES,
  type EnrolledCourse,
  type EnrolledStudent,
  type Enrollment,
  type EnrollmentStatus,
} from '../mappers/enrollment';
export {
  coursesService,
  type CourseFilters,
  type CourseSortKey,
  type EnrollmentFilters,
  type SortOrder,
} from '../services/courses';
export {
  courseManagementReadModel,
  type CourseManagementStats,
} from '../read-models/course-management';
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
} from '../rules/course-form';
export {
  courseDetailBackPath,
  courseDetailFrom,
  courseDetailState,
  type CourseDetailState,
} from '../rules/course-detail-link';
export {
  COURSE_DEFAULTS,
  COURSE_LIMITS,
  LARGE_LIST_LIMIT,
  enrollmentPercent,
  isCourseFull,
} from '../rules/courses';
export type {
  BulkEnrolment,
  BulkEnrolmentRefusal,
  BulkEnrolmentRow,
} from '../mappers/bulk-enrolment';
export {
  BULK_ENROLMENT_MAX_ROWS,
  BULK_ENROLMENT_ROW_STATUSES,
  emailsFromCsvRows,
  type BulkEnrolmentRowStatus,
} from '../rules/bulk-enrolment';
export type { Review, ReviewInput } from '../mappers/review';
export { reviewsService } from '../services/reviews';
export {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  isValidRating,
  mayReviewCourse,
  reviewCommentLength,
  validateReview,
  type ReviewErrors,
  type ReviewMessageKey,
  type ReviewValues,
} from '../rules/review';
export {
  COURSE_DETAIL_CLASS_PAGE_SIZE,
  courseDetailReadModel,
  isCourseId,
  type CourseDetail,
  type CourseDetailClass,
  type CourseDetailCourse,
  type CourseDetailEnrollment,
  type ScheduledTime,
} from '../read-models/course-detail';
export {
  CATALOG_PAGE_SIZE,
  catalogReadModel,
  type CatalogCourse,
  type CatalogFilters,
} from '../read-models/catalog';
export {
  MY_COURSES_PAGE_SIZE,
  myCoursesReadModel,
  type StudentCourse,
  type TeacherCourse,
} from '../read-models/my-courses';
export {
  enrollmentExportsService,
  type EnrollmentExport,
  type EnrollmentExportFilters,
} from '../services/enrollment-exports';
