// Every path of the portal, declared once (docs/architecture.md "Paths"). The shell's route table
// uses the patterns; screens link with the builders, never with hand-built strings.

/** Query parameter: open the screen's create dialog (Class Management, My Courses, Activities…). */
export const NEW_ITEM_PARAM = 'new';
/** Query parameter of Activities: the activity whose submissions to open. */
export const ACTIVITY_PARAM = 'activity';
/** Query parameter of Activities: the submission to open, ready to grade (a Grade link). */
export const SUBMISSION_PARAM = 'submission';
/** Query parameter of Activities: show the queue of work waiting for a grade (`=1`). */
export const WAITING_PARAM = 'waiting';
/** Query parameter of Messages: the conversation to open. */
export const CONVERSATION_PARAM = 'conversation';

export const paths = {
  home: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  myCourses: '/my-courses',
  courses: '/courses',
  catalog: '/catalog',
  classes: '/classes',
  calendar: '/calendar',
  materials: '/materials',
  activities: '/activities',
  /**
   * Billing (issue 31, docs/money.md): the student's invoices and receipts (?card=success|cancel on the
   * way back from card payment), and the office's money screens for administrators.
   */
  billing: '/billing',
  users: '/users',
  teachers: '/teachers',
  students: '/students',
  profile: '/profile',
  settings: '/settings',
  /** react-router pattern of the course detail page. */
  courseDetailPattern: '/course-detail/:courseId',
  courseDetail: (courseId: string) => `/course-detail/${encodeURIComponent(courseId)}`,
  /** react-router pattern of a course's gradebook (its teacher and admins; docs/assessment.md). */
  gradebookPattern: '/gradebook/:courseId',
  gradebook: (courseId: string) => `/gradebook/${encodeURIComponent(courseId)}`,
  /** A list screen that opens its "create" dialog on arrival (the dashboards' Quick Actions). */
  withNewItem: (path: string) => `${path}?${NEW_ITEM_PARAM}=1`,
  /** Activities with one activity's submissions open, ready to grade. */
  activitySubmissions: (activityId: string) =>
    `/activities?${ACTIVITY_PARAM}=${encodeURIComponent(activityId)}`,
  /** Activities with the grading dialog open on one submission (a reload or a shared link too). */
  gradeSubmission: (submissionId: string) =>
    `/activities?${SUBMISSION_PARAM}=${encodeURIComponent(submissionId)}`,
  /** Activities showing the work waiting for a grade, oldest first. */
  gradingQueue: `/activities?${WAITING_PARAM}=1`,
  /** Messages (every role; the shell's own page). */
  messages: '/messages',
  /** Messages with one conversation open (a notification's link). */
  conversation: (conversationId: string) =>
    `/messages?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}`,
} as const;
