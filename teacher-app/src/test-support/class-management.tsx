import { fireEvent, screen } from '@testing-library/react';
import {
  ok,
  type AppUser,
  type ClassManagement,
  type ClassStats,
  type ClassWithAttendance,
  type Course,
  type Paged,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import ClassManagementScreen from '../features/class-management/class-management-screen';
import { teacher } from './fixtures';
import { renderScreen } from './render-screen';

// What the Class Management screen tests share: the classes, courses and answers they load, and
// how they render the screen and fill its form. Each test file mocks the services itself
// (vi.mock is hoisted into the file that calls it).

// Local times, so the expected texts hold in any time zone.
export const NEXT_YEAR = new Date().getFullYear() + 1;
export const upcomingStart = new Date(NEXT_YEAR, 11, 1, 14, 5);

export function aClass(overrides: Partial<ClassWithAttendance> = {}): ClassWithAttendance {
  return {
    id: 'class-1',
    courseId: 'course-1',
    courseTitle: 'Business English',
    teacherId: 'teacher-1',
    title: 'Pitching to investors',
    description: 'Short pitches and feedback',
    scheduledDate: upcomingStart.toISOString(),
    duration: 90,
    type: 'live',
    meetingLink: 'https://meet.example/pitch',
    recordingUrl: null,
    createdAt: '2026-01-01T00:00:00Z',
    attendance: null,
    ...overrides,
  };
}

/** A class that has ended (10 January 2020, 09:00 local). */
export const ended = aClass({
  id: 'class-3',
  title: 'Kick-off meeting',
  description: 'Introductions',
  scheduledDate: new Date(2020, 0, 10, 9, 0).toISOString(),
  duration: 60,
});

export function course(id: string, title: string): Course {
  return {
    id,
    title,
    description: '',
    language: 'English',
    category: 'general',
    level: 'beginner',
    duration: 8,
    teacherId: 'teacher-1',
    teacherName: 'Marta Ruiz',
    price: 100,
    thumbnailUrl: null,
    isActive: true,
    enrolledCount: 0,
    maxStudents: 10,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

export const COURSES = [
  course('course-1', 'Business English'),
  course('course-2', 'Spanish for Beginners'),
];

export function paged<T>(items: T[], total = items.length, page = 1, limit = 12): Paged<T> {
  return { items, total, page, limit, totalPages: Math.ceil(total / limit) };
}

export const STATS: ClassStats = { total: 40, live: 28, recorded: 12, totalHours: 51 };

/** The screen's answer: the figures over every class (not the page's) and the page. */
export function loaded(page: Paged<ClassWithAttendance>, stats: ClassStats = STATS) {
  return ok<ClassManagement>({ stats, page });
}

export function renderPage({
  language = 'en',
  user = teacher,
  path = '/classes',
}: { language?: Language; user?: AppUser; path?: string } = {}) {
  return renderScreen(<ClassManagementScreen />, { language, user, path, route: '/classes' });
}

export type PageUser = ReturnType<typeof renderPage>['user'];

export async function openForm(user: PageUser, name = 'Schedule Class') {
  // The header's button (the empty state may offer a second one).
  await user.click(screen.getAllByRole('button', { name })[0]!);
  return screen.findByRole('dialog', { name });
}

/** Sets a field's text in one change event (typing key by key only makes the test slower). */
export function fill(field: HTMLElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  fireEvent.blur(field);
}
