// Query keys of every domain, in one place so a mutation can name the lists it invalidates without
// importing another domain's module. Each domain's keys start with its name: invalidating
// `courseKeys.all` refetches every course read.

export const courseKeys = {
  all: ['courses'] as const,
  catalog: (filters: object) => ['courses', 'catalog', filters] as const,
  catalogLanguages: () => ['courses', 'catalog-languages'] as const,
  list: (filters: object) => ['courses', 'list', filters] as const,
  mine: (paging: object) => ['courses', 'mine', paging] as const,
  /** The signed-in teacher's own courses (My Courses, teacher). */
  taught: (paging: object) => ['courses', 'taught', paging] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  classPage: (courseId: string, page: number) =>
    ['courses', 'detail', courseId, 'classes', page] as const,
  scheduledTime: (courseId: string) => ['courses', 'detail', courseId, 'scheduled-time'] as const,
  reviews: (courseId: string) => ['courses', 'detail', courseId, 'reviews'] as const,
  enrollments: (filters: object) => ['courses', 'enrollments', filters] as const,
  /** How many courses a teacher teaches (a teacher's departure names them). */
  taughtBy: (teacherId: string) => ['courses', 'taught-by', teacherId] as const,
  /** Course Management's figures (every course the caller may see). */
  managementStats: () => ['courses', 'management-stats'] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  student: () => ['dashboard', 'student'] as const,
  teacher: () => ['dashboard', 'teacher'] as const,
  admin: (period: string, timeZone: string) => ['dashboard', 'admin', period, timeZone] as const,
};

export const classKeys = {
  all: ['classes'] as const,
  list: (filters: object) => ['classes', 'list', filters] as const,
  /**
   * Class Management: its figures and one page of classes with their attendance; under `all`, so every
   * class mutation refetches them.
   */
  management: (filters: object) => ['classes', 'management', filters] as const,
  calendarMonth: (request: object) => ['classes', 'calendar-month', request] as const,
  between: (from: string, to: string, filters: object = {}) =>
    ['classes', 'between', from, to, filters] as const,
  attendance: (classId: string) => ['classes', 'attendance', classId] as const,
  /** One page of a class's roster with the marks. */
  roster: (classId: string, page: number) => ['classes', 'roster', classId, page] as const,
};

export const materialKeys = {
  all: ['materials'] as const,
  list: (filters: object) => ['materials', 'list', filters] as const,
  extra: () => ['materials', 'extra'] as const,
  /** The materials library's figures; under `all`, so every material mutation refetches them. */
  stats: () => ['materials', 'stats'] as const,
  signedUrl: (materialId: string) => ['materials', 'signed-url', materialId] as const,
};

export const activityKeys = {
  all: ['activities'] as const,
  list: (filters: object) => ['activities', 'list', filters] as const,
  studentOverview: () => ['activities', 'student-overview'] as const,
  /**
   * The Activities management screen: its figures and one page of activities with their submission
   * counts; under `all`, so every activity change refetches them.
   */
  management: (filters: object) => ['activities', 'management', filters] as const,
  managedOne: (activityId: string) => ['activities', 'managed-one', activityId] as const,
};

export const submissionKeys = {
  all: ['submissions'] as const,
  list: (filters: object) => ['submissions', 'list', filters] as const,
  own: (activityId: string, studentId: string) =>
    ['submissions', 'own', activityId, studentId] as const,
  fileUrl: (objectName: string) => ['submissions', 'file-url', objectName] as const,
  /** A link to a recorded feedback (feedback-audio bucket). */
  feedbackAudioUrl: (objectName: string) =>
    ['submissions', 'feedback-audio-url', objectName] as const,
  /** One page of an activity's submissions in the grading panel. */
  grading: (request: object) => ['submissions', 'grading', request] as const,
  /** Where a linked submission is: its activity and place in the grading order. */
  place: (submissionId: string) => ['submissions', 'place', submissionId] as const,
  /** One page of the work waiting for a grade. */
  waiting: (request: object) => ['submissions', 'waiting', request] as const,
};

export const userKeys = {
  all: ['users'] as const,
  list: (filters: object) => ['users', 'list', filters] as const,
  teachers: () => ['users', 'teachers'] as const,
  students: () => ['users', 'students'] as const,
  roleCounts: () => ['users', 'role-counts'] as const,
  profile: (userId: string) => ['users', 'profile', userId] as const,
  studentStats: (studentId: string) => ['users', 'student-stats', studentId] as const,
};

/**
 * Teacher Management: one page of teachers with their figures, and the figures over all teachers.
 * Teachers are users: the keys sit under `userKeys.all`, so every user change (User Management,
 * a profile, a course deleted) refetches them too.
 */
export const teacherKeys = {
  all: ['users', 'teacher-management'] as const,
  list: (filters: object) => ['users', 'teacher-management', 'list', filters] as const,
  /** Under `all`, so every teacher change refetches them. */
  stats: () => ['users', 'teacher-management', 'stats'] as const,
};

/** My Students: the teacher's students with their figures and recent activity, the export, details. */
export const studentKeys = {
  all: ['students'] as const,
  overview: (filters: object) => ['students', 'overview', filters] as const,
  export: (filters: object) => ['students', 'export', filters] as const,
  detail: (studentId: string) => ['students', 'detail', studentId] as const,
  /** A student's progress per skill (get_skill_progress); graded work refetches it. */
  skillProgress: (studentId: string) => ['students', 'skill-progress', studentId] as const,
};

/** The rubric library (teachers and admins). */
export const rubricKeys = {
  all: ['rubrics'] as const,
  list: () => ['rubrics', 'list'] as const,
};

/** The signed-in user's two-factor (TOTP) factors. */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  factors: () => ['two-factor', 'factors'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  current: () => ['settings', 'current'] as const,
  /** The branding, theme and session timeout every signed-in page applies (the shell). */
  public: () => ['settings', 'public'] as const,
};

export const waitingListKeys = {
  all: ['waiting-list'] as const,
  /** The signed-in student's entries and places. */
  mine: () => ['waiting-list', 'mine'] as const,
  /** A course's line (teacher, admin). */
  course: (courseId: string) => ['waiting-list', 'course', courseId] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  // Card payment (issue 31, card slice): whether online card payment is available.
  cardPayments: () => ['billing', 'card-payments'] as const,
  /** Invoices with balances: a student's own, or an administrator's filtered list. */
  invoices: (filters: object) => ['billing', 'invoices', filters] as const,
  overdue: () => ['billing', 'overdue'] as const,
  balance: (studentId: string) => ['billing', 'balance', studentId] as const,
  balances: () => ['billing', 'balances'] as const,
  statement: (studentId: string) => ['billing', 'statement', studentId] as const,
  invoice: (invoiceId: string) => ['billing', 'invoice', invoiceId] as const,
  revenue: (fromDate: string, toDate: string) => ['billing', 'revenue', fromDate, toDate] as const,
  settings: () => ['billing', 'settings'] as const,
  // The student's Billing screen (issue 31, student slice).
  studentBilling: () => ['billing', 'student-billing'] as const,
  // A student's seats held for their payment (payment before the seat).
  seatHolds: () => ['billing', 'seat-holds'] as const,
  courseSeatHolds: (courseId: string) => ['billing', 'course-seat-holds', courseId] as const,
  // The office's screens (docs/money.md "Screens: the office").
  invoicePage: (filters: object) => ['billing', 'invoice-page', filters] as const,
  invoiceDetail: (invoiceId: string) => ['billing', 'invoice-detail', invoiceId] as const,
  overdueReminders: () => ['billing', 'overdue-reminders'] as const,
  paymentsReport: (fromDate: string, toDate: string) =>
    ['billing', 'payments-report', fromDate, toDate] as const,
};

export const gradebookKeys = {
  all: ['gradebook'] as const,
  /** One course's gradebook (the teacher's and admins' table, a student's own row). */
  course: (courseId: string) => ['gradebook', 'course', courseId] as const,
};

/** Everything a student's view of a course depends on: enrolling or dropping changes all of it. */
export const STUDENT_COURSE_VIEWS = [
  courseKeys.all,
  dashboardKeys.all,
  classKeys.all,
  materialKeys.all,
  activityKeys.all,
  // Teacher Management counts each teacher's courses and active students.
  teacherKeys.all,
  // A drop gives the seat to the first in line (docs/waiting-list.md).
  waitingListKeys.all,
  // Enrolling issues an invoice, dropping a credit note (docs/money.md).
  billingKeys.all,
  // The gradebook lists the course's active and completed students.
  gradebookKeys.all,
] as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
  /** The bell's list, page after page (an infinite query). */
  list: () => ['notifications', 'list'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  unreadCount: () => ['messages', 'unread-count'] as const,
  inbox: (search: string) => ['messages', 'inbox', search] as const,
  /** A thread, page after page (an infinite query). */
  thread: (conversationId: string) => ['messages', 'thread', conversationId] as const,
  contacts: () => ['messages', 'contacts'] as const,
};
