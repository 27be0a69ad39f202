// Every path of the portal, declared once (docs/architecture.md "Paths"). The shell's route table
// uses the patterns; screens link with the builders, never with hand-built strings.

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
  users: '/users',
  teachers: '/teachers',
  students: '/students',
  profile: '/profile',
  settings: '/settings',
  /** react-router pattern of the course detail page. */
  courseDetailPattern: '/course-detail/:courseId',
  courseDetail: (courseId: string) => `/course-detail/${encodeURIComponent(courseId)}`,
} as const;
