// The feature's public surface: the screen, and the window-event listener that opens it from anywhere.
export { CourseDetailScreen, type CourseDetailScreenProps } from './components/course-detail-screen';
export { courseDetailPath, useCourseDetailEvent } from './hooks/use-course-detail-event';
