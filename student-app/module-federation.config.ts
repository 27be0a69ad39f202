import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { shareStrategy, sharedDependencies } from '../module-federation.shared';

export default createModuleFederationConfig({
  name: 'student_app',
  exposes: {
    './Dashboard': './src/app/pages/dashboard.tsx',
    './Catalog': './src/app/pages/catalog.tsx',
    './MyCourses': './src/app/pages/my-courses.tsx',
    './CourseDetail': './src/app/pages/course-detail.tsx',
    './Materials': './src/app/pages/materials.tsx',
    './Calendar': './src/app/pages/calendar.tsx',
    './Activities': './src/app/pages/activities.tsx',
  },
  shared: sharedDependencies(import.meta.url),
  shareStrategy,
  dts: false,
});
