import type { SupabaseClient } from '@supabase/supabase-js';

export type Role = 'student' | 'teacher' | 'admin';

type Result = { error: { message: string } | null; data: unknown };

/** What supabase-js query builders offer: awaiting runs the request, explain() asks PostgREST for its plan. */
export interface Explainable extends PromiseLike<Result> {
  explain(options: {
    analyze?: boolean;
    buffers?: boolean;
    format?: 'json' | 'text';
  }): PromiseLike<Result>;
}

/** One HTTP request of a screen: a read of a table or view, or a read-model function. */
export type RequestSpec =
  | { label: string; build: (client: SupabaseClient) => Explainable }
  | { label: string; rpc: string; args: Record<string, unknown> };

export interface Screen {
  role: Role;
  name: string;
  /** The requests one load of the screen makes, all at once (the read models need no second round). */
  requests: RequestSpec[];
}

export interface ScreenContext {
  userId: Record<Role, string>;
  /** A course the student is actively enrolled in (course detail). */
  studentCourseId: string;
  /** An activity of the teacher's first course with submissions (grading). */
  teacherActivityId: string;
  /** The teacher's large course for the gradebook (DATASET.gradebook: 200 students × 60 activities). */
  gradebookCourseId: string;
  monthStart: string;
  monthEnd: string;
  /** Today's start (UTC): Class Management's upcoming classes start there. */
  dayStart: string;
}

const page = { from: 0, to: 9 };
/** The teacher and admin screens show 12 cards a page. */
const cards = { from: 0, to: 11 };

/** The plain read every screen is compared with. */
export const plainRead: RequestSpec = {
  label: 'courses?select=*&limit=10',
  build: (c) => c.from('courses').select('*').limit(10),
};

/**
 * Each role's main screens, loaded through the read models (supabase/migrations/*_read_models_*.sql):
 * exactly the requests each screen issues.
 */
export function screens(ctx: ScreenContext): Screen[] {
  const gradebook: RequestSpec[] = [
    {
      label: 'rpc get_course_gradebook(<200 × 60 course>)',
      rpc: 'get_course_gradebook',
      args: { course_uuid: ctx.gradebookCourseId },
    },
  ];
  // The month grid is one bounded RPC (an admin's month holds more classes than PostgREST's max-rows of
  // 1000). It carries every class of the viewer's today, the day the calendar opens on, so even a busy
  // today needs no second read (20261122001600_read_models_classes.sql).
  const calendar: RequestSpec[] = [
    {
      label: 'rpc get_calendar_month(<month>)',
      rpc: 'get_calendar_month',
      args: { range_start: ctx.monthStart, range_end: ctx.monthEnd, time_zone: 'UTC' },
    },
  ];
  // Class management (teachers and admins): the figures (class_stats) and one page of 12 classes from
  // today, each with its course and attendance figures, in one request (classesService.management:
  // get_class_management, 20261122001600_read_models_classes.sql); the course filter's options load
  // only when the filter or the class form is used. A teacher asks for their own courses' classes.
  const classManagement = (role: Role): RequestSpec[] => [
    {
      label: 'rpc get_class_management(page 1 of 12)',
      rpc: 'get_class_management',
      args: {
        ...(role === 'teacher' ? { teacher_uuid: ctx.userId.teacher } : {}),
        date_from: ctx.dayStart,
        descending: false,
        page: 1,
        page_size: 12,
      },
    },
  ];
  // Materials Library (teachers and admins): figures (material_stats) and 12 cards. Two requests;
  // the course filter's options load only when the filter or Add Material is used.
  const materialsLibrary: RequestSpec[] = [
    { label: 'rpc material_stats()', rpc: 'material_stats', args: {} },
    {
      label: 'material_list?order=uploaded_at.desc&offset=0&limit=12 (count=exact)',
      build: (c) =>
        c
          .from('material_list')
          .select('*', { count: 'exact' })
          .order('uploaded_at', { ascending: false })
          .range(cards.from, cards.to),
    },
  ];
  // Activities (teachers and admins): the figures (activity_stats) and 12 cards of activity_list in
  // one request (get_activity_management, 20261122001700_read_models_activities.sql); the course filter's
  // options load only when the filter or the activity form is used.
  const activitiesManagement: RequestSpec[] = [
    {
      label: 'rpc get_activity_management(page 1 of 12)',
      rpc: 'get_activity_management',
      args: { page: 1, page_size: 12 },
    },
  ];
  const activitiesPage: RequestSpec = {
    label: 'activity_list?order=created_at.desc&offset=0&limit=10 (count=exact)',
    build: (c) =>
      c
        .from('activity_list')
        .select('*', { count: 'exact' })
        .order('created_at', { ascending: false })
        .range(page.from, page.to),
  };
  return [
    {
      role: 'student',
      name: 'Dashboard',
      requests: [{ label: 'rpc get_student_dashboard()', rpc: 'get_student_dashboard', args: {} }],
    },
    {
      role: 'student',
      name: 'Course catalog (page 1)',
      requests: [
        {
          label: 'course_catalog?order=created_at.desc&offset=0&limit=10 (count=exact)',
          build: (c) =>
            c
              .from('course_catalog')
              .select('*', { count: 'exact' })
              .order('created_at', { ascending: false })
              .range(page.from, page.to),
        },
      ],
    },
    {
      role: 'student',
      name: 'My courses',
      requests: [
        {
          label: 'my_courses?relation=eq.student&order=enrolled_at.desc&limit=100',
          build: (c) =>
            c
              .from('my_courses')
              .select('*')
              .eq('relation', 'student')
              .order('enrolled_at', { ascending: false })
              .limit(100),
        },
      ],
    },
    {
      role: 'student',
      name: 'Course detail',
      requests: [
        {
          label: 'rpc get_course_detail(course)',
          rpc: 'get_course_detail',
          args: { course_uuid: ctx.studentCourseId },
        },
      ],
    },
    { role: 'student', name: 'Calendar (month)', requests: calendar },
    {
      role: 'student',
      name: 'Extra materials (page 1)',
      requests: [
        {
          label:
            'material_list?course_id=is.null&order=uploaded_at.desc&offset=0&limit=10 (count=exact)',
          build: (c) =>
            c
              .from('material_list')
              .select('*', { count: 'exact' })
              .is('course_id', null)
              .order('uploaded_at', { ascending: false })
              .range(page.from, page.to),
        },
      ],
    },
    { role: 'student', name: 'Activities (page 1)', requests: [activitiesPage] },
    {
      role: 'student',
      name: 'Profile statistics',
      requests: [
        {
          label: 'rpc get_student_stats(self)',
          rpc: 'get_student_stats',
          args: { student_uuid: ctx.userId.student },
        },
      ],
    },

    {
      // Issue 31: balance, invoices with the course, credit notes and receipts in one read
      // (20261201002100_student_billing.sql).
      role: 'student',
      name: 'Billing',
      requests: [{ label: 'rpc get_student_billing()', rpc: 'get_student_billing', args: {} }],
    },

    {
      role: 'teacher',
      name: 'Dashboard',
      requests: [{ label: 'rpc get_teacher_dashboard()', rpc: 'get_teacher_dashboard', args: {} }],
    },
    {
      role: 'teacher',
      name: 'My courses',
      requests: [
        {
          label:
            'my_courses?relation=eq.teacher&order=created_at.desc&offset=0&limit=12 (count=exact)',
          build: (c) =>
            c
              .from('my_courses')
              .select('*', { count: 'exact' })
              .eq('relation', 'teacher')
              .order('created_at', { ascending: false })
              .range(cards.from, cards.to),
        },
      ],
    },
    { role: 'teacher', name: 'Class management (page 1)', requests: classManagement('teacher') },
    { role: 'teacher', name: 'Calendar (month)', requests: calendar },
    { role: 'teacher', name: 'Materials library (page 1)', requests: materialsLibrary },
    { role: 'teacher', name: 'Activities (page 1)', requests: activitiesManagement },
    {
      role: 'teacher',
      name: 'Grading: submissions of an activity',
      requests: [
        {
          label:
            'submission_list?activity_id=eq.<id>&order=student_name,submitted_at.desc&offset=0&limit=20 (count=exact)',
          build: (c) =>
            c
              .from('submission_list')
              .select('*', { count: 'exact' })
              .eq('activity_id', ctx.teacherActivityId)
              .order('student_name', { ascending: true, nullsFirst: false })
              .order('submitted_at', { ascending: false })
              .order('id')
              .range(0, 19),
        },
      ],
    },
    {
      role: 'teacher',
      name: 'My students',
      requests: [
        // One request: the page of students (one row each) with the figures and the recent-activity
        // panel (get_my_students_overview, 20261122001800_read_models_teaching.sql). The course filter's
        // options load only when the filter is used.
        {
          label: 'rpc get_my_students_overview(page 1 of 10, 10 events)',
          rpc: 'get_my_students_overview',
          args: { page: 1, page_size: 10, event_limit: 10 },
        },
      ],
    },
    // The gradebook (issue 32, 20261201008000_gradebook.sql): a large course's students × activities,
    // marks and weighted totals in one request, whatever the course's size.
    { role: 'teacher', name: 'Gradebook (200 students × 60 activities)', requests: gradebook },

    {
      role: 'admin',
      name: 'Dashboard',
      requests: [
        {
          label: "rpc get_admin_dashboard('month')",
          rpc: 'get_admin_dashboard',
          args: { period: 'month', time_zone: 'UTC' },
        },
      ],
    },
    {
      role: 'admin',
      name: 'User management (page 1)',
      requests: [
        { label: 'rpc get_user_counts()', rpc: 'get_user_counts', args: {} },
        {
          label: 'users?order=created_at.desc&offset=0&limit=10 (count=exact)',
          build: (c) =>
            c
              .from('users')
              .select('*', { count: 'exact' })
              .order('created_at', { ascending: false })
              .range(page.from, page.to),
        },
      ],
    },
    {
      role: 'admin',
      name: 'Course management (page 1)',
      requests: [
        // What the screen reads: the figures, then one page of courses (a card's students load when
        // it is turned).
        {
          label: 'rpc get_course_management_stats()',
          rpc: 'get_course_management_stats',
          args: {},
        },
        {
          label: 'courses?select=*,teacher&order=created_at.desc&offset=0&limit=12 (count=exact)',
          build: (c) =>
            c
              .from('courses')
              .select(
                'id, title, description, language, category, level, duration, teacher_id, price, thumbnail_url, is_active, enrolled_count, max_students, created_at, updated_at, teacher:teacher_profile(first_name, last_name)',
                { count: 'exact' },
              )
              .order('created_at', { ascending: false })
              .range(0, 11),
        },
      ],
    },
    {
      role: 'admin',
      name: 'Teacher management (page 1)',
      requests: [
        // What the screen reads: the figures (with the specializations for the filter), then one
        // page of 12 teachers with their figures (20261122001900_read_models_admin.sql).
        {
          label: 'rpc get_teacher_management_stats()',
          rpc: 'get_teacher_management_stats',
          args: {},
        },
        {
          label: 'rpc get_teacher_management_page(page 1 of 12)',
          rpc: 'get_teacher_management_page',
          args: { page_number: 1, page_size: 12 },
        },
      ],
    },
    { role: 'admin', name: 'Class management (page 1)', requests: classManagement('admin') },
    { role: 'admin', name: 'Calendar (month)', requests: calendar },
    { role: 'admin', name: 'Materials (page 1)', requests: materialsLibrary },
    { role: 'admin', name: 'Activities (page 1)', requests: activitiesManagement },
    { role: 'admin', name: 'Gradebook (200 students × 60 activities)', requests: gradebook },
    // Issue 31: the office's money reads as the database slice offers them (the invoice_balances and
    // overdue_invoices views through billingService), one page each; the admin screens may read them
    // through their own read models.
    {
      role: 'admin',
      name: 'Invoices (page 1, newest)',
      requests: [
        {
          label: 'invoice_balances?order=issued_on.desc,number.desc&offset=0&limit=12',
          build: (c) =>
            c
              .from('invoice_balances')
              .select('*')
              .order('issued_on', { ascending: false })
              .order('number', { ascending: false })
              .range(0, 11),
        },
      ],
    },
    {
      role: 'admin',
      name: 'Overdue invoices (page 1)',
      requests: [
        {
          label: 'overdue_invoices?order=due_on,number&offset=0&limit=12',
          build: (c) =>
            c
              .from('overdue_invoices')
              .select('*')
              .order('due_on', { ascending: true })
              .order('number', { ascending: true })
              .range(0, 11),
        },
      ],
    },
  ];
}
