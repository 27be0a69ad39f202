// The constant-only entry of shared-data: this file is also read at build time by the MF config.
import { paths } from '@portal/shared-data/paths';
import type { ExposedPage } from '@portal/shared-ui';

/** This remote's Module Federation name; the shell's remote registry must use the same. */
export const CONTAINER_NAME = 'admin_app';

/**
 * The one manifest of the pages this remote exposes: module-federation.config.ts exposes each
 * `module` from its `file`, and the standalone bootstrap routes to each `path`. Add a screen here
 * and nowhere else (docs/architecture.md "How to add a screen").
 */
export const PAGES: readonly ExposedPage[] = [
  {
    module: './Dashboard',
    file: './src/features/dashboard/dashboard-screen.tsx',
    path: paths.home,
    label: 'Dashboard',
    load: () => import('../features/dashboard/dashboard-screen'),
  },
  {
    module: './UserManagement',
    file: './src/features/user-management/user-management-screen.tsx',
    path: paths.users,
    label: 'User Management',
    load: () => import('../features/user-management/user-management-screen'),
  },
  {
    module: './CourseManagement',
    file: './src/features/course-management/course-management-screen.tsx',
    path: paths.courses,
    label: 'Course Management',
    load: () => import('../features/course-management/course-management-screen'),
  },
  {
    module: './TeacherManagement',
    file: './src/features/teacher-management/teacher-management-screen.tsx',
    path: paths.teachers,
    label: 'Teacher Management',
    load: () => import('../features/teacher-management/teacher-management-screen'),
  },
  {
    module: './Billing',
    file: './src/features/billing/billing-screen.tsx',
    path: paths.billing,
    label: 'Billing',
    load: () => import('../features/billing/billing-screen'),
  },
  {
    module: './Settings',
    file: './src/features/settings/settings-screen.tsx',
    path: paths.settings,
    label: 'Settings',
    load: () => import('../features/settings/settings-screen'),
  },
];
