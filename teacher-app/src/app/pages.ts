// The constant-only entry of shared-data: this file is also read at build time by the MF config.
import { paths } from '@portal/shared-data/paths';
import type { ExposedPage } from '@portal/shared-ui';

/** This remote's Module Federation name; the shell's remote registry must use the same. */
export const CONTAINER_NAME = 'teacher_app';

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
    module: './ClassManagement',
    file: './src/features/class-management/class-management-screen.tsx',
    path: paths.classes,
    label: 'Class Management',
    load: () => import('../features/class-management/class-management-screen'),
  },
  {
    module: './Calendar',
    file: './src/features/calendar/calendar-screen.tsx',
    path: paths.calendar,
    label: 'Calendar',
    load: () => import('../features/calendar/calendar-screen'),
  },
  {
    module: './MyCourses',
    file: './src/features/my-courses/my-courses-screen.tsx',
    path: paths.myCourses,
    label: 'My Courses',
    load: () => import('../features/my-courses/my-courses-screen'),
  },
  {
    module: './Gradebook',
    file: './src/features/gradebook/gradebook-screen.tsx',
    path: paths.gradebookPattern,
    label: 'Gradebook',
    load: () => import('../features/gradebook/gradebook-screen'),
  },
  {
    module: './Materials',
    file: './src/features/materials-library/materials-library-screen.tsx',
    path: paths.materials,
    label: 'Materials Library',
    load: () => import('../features/materials-library/materials-library-screen'),
  },
  {
    module: './Activities',
    file: './src/features/activities/activities-screen.tsx',
    path: paths.activities,
    label: 'Activities',
    load: () => import('../features/activities/activities-screen'),
  },
  {
    module: './MyStudents',
    file: './src/features/my-students/my-students-screen.tsx',
    path: paths.students,
    label: 'My Students',
    load: () => import('../features/my-students/my-students-screen'),
  },
];
