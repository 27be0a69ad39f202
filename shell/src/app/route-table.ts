// The paths entry only, so tools outside the apps (the e2e accessibility check) can read this table.
import { paths } from '@portal/shared-data/paths';
import type { Role } from '@portal/shared-data';
import type { RemoteName } from '../features/remotes/remote-registry';

export type { RemoteName };

/** Where a screen comes from: a remote's exposed module, or a page the shell owns. */
export type RouteSource =
  | { kind: 'remote'; remote: RemoteName; module: string }
  | { kind: 'shell'; page: 'profile' | 'messages' };

export type PortalRoute = {
  /** react-router path pattern, e.g. '/course-detail/:courseId'. */
  path: string;
  roles: readonly Role[];
  source: RouteSource;
  /** i18n key (namespace `shell`) of the page title shown in the main area. */
  titleKey: string;
  /** When set, the route appears in the sidebar of these roles, in table order. */
  nav?: { labelKey: string; icon: NavIcon };
};

export type NavIcon =
  | 'dashboard'
  | 'users'
  | 'courses'
  | 'classes'
  | 'calendar'
  | 'teachers'
  | 'materials'
  | 'activities'
  | 'students'
  | 'profile'
  | 'catalog'
  | 'messages'
  | 'billing';

const ALL_ROLES: readonly Role[] = ['student', 'teacher', 'admin'];
const remote = (name: RemoteName, module: string): RouteSource => ({
  kind: 'remote',
  remote: name,
  module,
});

/**
 * The one route table: the router, the role guard and the sidebar all read it.
 * Order matters only for the sidebar. An entry names only a module its remote exposes in
 * `<remote>/src/app/pages.ts` (tests/federation-contract.test.ts checks it): a screen gets its
 * route and sidebar entry when its remote ships it, never before.
 */
export const ROUTES: readonly PortalRoute[] = [
  // Admin
  {
    path: paths.home,
    roles: ['admin'],
    source: remote('admin', './Dashboard'),
    titleKey: 'titles.dashboard',
    nav: { labelKey: 'nav.dashboard', icon: 'dashboard' },
  },
  {
    path: paths.users,
    roles: ['admin'],
    source: remote('admin', './UserManagement'),
    titleKey: 'titles.users',
    nav: { labelKey: 'nav.users', icon: 'users' },
  },
  {
    path: paths.courses,
    roles: ['admin'],
    source: remote('admin', './CourseManagement'),
    titleKey: 'titles.courses',
    nav: { labelKey: 'nav.courses', icon: 'courses' },
  },
  // Money (issue 31, docs/money.md "Screens: the office"): invoices, payments, overdue reminders.
  {
    path: paths.billing,
    roles: ['admin'],
    source: remote('admin', './Billing'),
    titleKey: 'titles.billing',
    nav: { labelKey: 'nav.billing', icon: 'billing' },
  },

  // Teacher
  {
    path: paths.home,
    roles: ['teacher'],
    source: remote('teacher', './Dashboard'),
    titleKey: 'titles.dashboard',
    nav: { labelKey: 'nav.dashboard', icon: 'dashboard' },
  },
  {
    path: paths.myCourses,
    roles: ['teacher'],
    source: remote('teacher', './MyCourses'),
    titleKey: 'titles.myCourses',
    nav: { labelKey: 'nav.myCourses', icon: 'courses' },
  },
  // A course's gradebook (issue 32, docs/assessment.md "Screens"): its teacher and admins, reached from
  // My Courses' course panel and Course Management's card; the database decides whose courses.
  {
    path: paths.gradebookPattern,
    roles: ['teacher', 'admin'],
    source: remote('teacher', './Gradebook'),
    titleKey: 'titles.gradebook',
  },
  // Teachers see the classes of their own courses, admins every class: the database decides.
  {
    path: paths.classes,
    roles: ['teacher', 'admin'],
    source: remote('teacher', './ClassManagement'),
    titleKey: 'titles.classes',
    nav: { labelKey: 'nav.classes', icon: 'classes' },
  },
  // The classes of the courses a teacher teaches (SPEC's teacher sidebar plus issue 8's calendar).
  {
    path: paths.calendar,
    roles: ['teacher'],
    source: remote('teacher', './Calendar'),
    titleKey: 'titles.calendar',
    nav: { labelKey: 'nav.calendar', icon: 'calendar' },
  },
  // The admin's Calendar View: the same screen over every class, filtered by teacher and course.
  {
    path: paths.calendar,
    roles: ['admin'],
    source: remote('teacher', './Calendar'),
    titleKey: 'titles.calendar',
    nav: { labelKey: 'nav.calendarView', icon: 'calendar' },
  },
  // The admin's Teacher Management, placed here for the spec's sidebar order (after Calendar View).
  {
    path: paths.teachers,
    roles: ['admin'],
    source: remote('admin', './TeacherManagement'),
    titleKey: 'titles.teachers',
    nav: { labelKey: 'nav.teachers', icon: 'teachers' },
  },
  // Teachers: their courses' materials and the general library; admins: every material.
  {
    path: paths.materials,
    roles: ['teacher', 'admin'],
    source: remote('teacher', './Materials'),
    titleKey: 'titles.materialsLibrary',
    nav: { labelKey: 'nav.materials', icon: 'materials' },
  },
  // Teachers: the activities of their courses and those courses' classes, with grading; admins: all.
  {
    path: paths.activities,
    roles: ['teacher', 'admin'],
    source: remote('teacher', './Activities'),
    titleKey: 'titles.activities',
    nav: { labelKey: 'nav.activities', icon: 'activities' },
  },
  {
    path: paths.students,
    roles: ['teacher'],
    source: remote('teacher', './MyStudents'),
    titleKey: 'titles.students',
    nav: { labelKey: 'nav.students', icon: 'students' },
  },

  // Student
  {
    path: paths.home,
    roles: ['student'],
    source: remote('student', './Dashboard'),
    titleKey: 'titles.dashboard',
    nav: { labelKey: 'nav.dashboard', icon: 'dashboard' },
  },
  {
    path: paths.myCourses,
    roles: ['student'],
    source: remote('student', './MyCourses'),
    titleKey: 'titles.myCourses',
    nav: { labelKey: 'nav.myCourses', icon: 'courses' },
  },
  {
    path: paths.catalog,
    roles: ['student'],
    source: remote('student', './Catalog'),
    titleKey: 'titles.catalog',
    nav: { labelKey: 'nav.catalog', icon: 'catalog' },
  },
  {
    path: paths.courseDetailPattern,
    roles: ALL_ROLES,
    source: remote('student', './CourseDetail'),
    titleKey: 'titles.courseDetail',
  },
  {
    path: paths.materials,
    roles: ['student'],
    source: remote('student', './Materials'),
    titleKey: 'titles.materials',
    nav: { labelKey: 'nav.extraMaterials', icon: 'materials' },
  },
  {
    path: paths.calendar,
    roles: ['student'],
    source: remote('student', './Calendar'),
    titleKey: 'titles.calendar',
    nav: { labelKey: 'nav.calendar', icon: 'calendar' },
  },
  {
    path: paths.activities,
    roles: ['student'],
    source: remote('student', './Activities'),
    titleKey: 'titles.activities',
    nav: { labelKey: 'nav.activities', icon: 'activities' },
  },
  // Issue 31: the student's invoices, receipts and balance.
  {
    path: paths.billing,
    roles: ['student'],
    source: remote('student', './Billing'),
    titleKey: 'titles.billing',
    nav: { labelKey: 'nav.billing', icon: 'billing' },
  },

  // The admin's System Settings: reached from the dashboard's Quick Actions (the spec's admin sidebar
  // has no Settings entry).
  {
    path: paths.settings,
    roles: ['admin'],
    source: remote('admin', './Settings'),
    titleKey: 'titles.settings',
  },

  // Everyone
  {
    path: paths.profile,
    roles: ALL_ROLES,
    source: { kind: 'shell', page: 'profile' },
    titleKey: 'titles.profile',
    nav: { labelKey: 'nav.profile', icon: 'profile' },
  },
  // One-to-one messages, every role (docs/messages.md); the sidebar entry carries the unread badge.
  {
    path: paths.messages,
    roles: ALL_ROLES,
    source: { kind: 'shell', page: 'messages' },
    titleKey: 'titles.messages',
    nav: { labelKey: 'nav.messages', icon: 'messages' },
  },
];

/** Distinct paths, in first-seen order, for the router. */
export function routePaths(routes: readonly PortalRoute[] = ROUTES): string[] {
  return [...new Set(routes.map((route) => route.path))];
}

export type RouteResolution =
  | { status: 'allowed'; route: PortalRoute }
  | { status: 'forbidden'; allowedRoles: Role[] }
  | { status: 'unknown' };

/** The guard's decision for one route pattern and one role. */
export function resolveRoute(
  path: string,
  role: Role,
  routes: readonly PortalRoute[] = ROUTES,
): RouteResolution {
  const candidates = routes.filter((route) => route.path === path);
  if (candidates.length === 0) return { status: 'unknown' };
  const match = candidates.find((route) => route.roles.includes(role));
  if (match) return { status: 'allowed', route: match };
  return {
    status: 'forbidden',
    allowedRoles: [...new Set(candidates.flatMap((route) => route.roles))],
  };
}

/** Sidebar entries of a role, in table order. */
export function navigationFor(role: Role, routes: readonly PortalRoute[] = ROUTES) {
  return routes
    .filter((route) => route.nav && route.roles.includes(role))
    .map((route) => ({ path: route.path, labelKey: route.nav!.labelKey, icon: route.nav!.icon }));
}
