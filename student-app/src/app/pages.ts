// The constant-only entry of shared-data: this file is also read at build time by the MF config.
import { paths } from '@portal/shared-data/paths';
import type { ExposedPage } from '@portal/shared-ui';

/** This remote's Module Federation name; the shell's remote registry must use the same. */
export const CONTAINER_NAME = 'student_app';

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
    module: './Catalog',
    file: './src/features/catalog/catalog-screen.tsx',
    path: paths.catalog,
    label: 'Course Catalog',
    load: () => import('../features/catalog/catalog-screen'),
  },
  {
    module: './MyCourses',
    file: './src/features/my-courses/my-courses-screen.tsx',
    path: paths.myCourses,
    label: 'My Courses',
    load: () => import('../features/my-courses/my-courses-screen'),
  },
  {
    module: './CourseDetail',
    file: './src/features/course-detail/course-detail-screen.tsx',
    path: paths.courseDetailPattern,
    label: 'Course Detail',
    load: () => import('../features/course-detail/course-detail-screen'),
  },
  {
    module: './Materials',
    file: './src/features/materials/materials-screen.tsx',
    path: paths.materials,
    label: 'Extra Materials',
    load: () => import('../features/materials/materials-screen'),
  },
  {
    module: './Calendar',
    file: './src/features/calendar/calendar-screen.tsx',
    path: paths.calendar,
    label: 'Calendar',
    load: () => import('../features/calendar/calendar-screen'),
  },
  {
    module: './Activities',
    file: './src/features/activities/activities-screen.tsx',
    path: paths.activities,
    label: 'Activities',
    load: () => import('../features/activities/activities-screen'),
  },
  {
    module: './Billing',
    file: './src/features/billing/billing-screen.tsx',
    path: paths.billing,
    label: 'Billing',
    load: () => import('../features/billing/billing-screen'),
  },
];
