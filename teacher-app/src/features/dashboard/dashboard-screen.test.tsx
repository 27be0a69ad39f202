import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  teacherDashboardReadModel,
  toTeacherDashboard,
  type Result,
  type TeacherDashboard,
} from '@portal/shared-data';
import type { Language } from '@portal/shared-ui';
import { renderScreen } from '../../test-support/render-screen';
import DashboardScreen from './dashboard-screen';

vi.mock('@portal/shared-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portal/shared-data')>();
  // `dashboardQueries.teacher()` calls this very read model object, so it is replaced in place.
  Object.assign(actual.teacherDashboardReadModel, { get: vi.fn() });
  return actual;
});

const getDashboard = vi.mocked(teacherDashboardReadModel.get);

afterEach(() => getDashboard.mockReset());

const inOneHour = new Date(Date.now() + 60 * 60_000).toISOString();

// What get_teacher_dashboard answers, as JSON, so the mapping is exercised too.
const SUBMISSION = {
  id: 's1',
  activity_id: 'a1',
  activity_title: 'Email to a client',
  course_id: 'c1',
  course_title: 'Business English',
  student_id: 'u1',
  student_name: 'Nora Díaz' as string | null,
  submitted_at: '2026-11-20T10:00:00Z',
};

const answer = toTeacherDashboard({
  course_count: 3,
  active_course_count: 2,
  total_students: 41,
  enrollment_count: 43,
  total_classes: 26,
  upcoming_class_count: 9,
  average_rating: '4.25',
  review_count: 8,
  pending_submission_count: 7,
  courses: [
    {
      id: 'c1',
      title: 'Business English',
      language: 'English',
      level: 'advanced',
      is_active: true,
      enrolled_count: 12,
      max_students: 15,
      enrollment_percent: 80,
    },
    {
      id: 'c2',
      title: 'Old Spanish Course',
      language: 'Spanish',
      level: 'beginner',
      is_active: false,
      enrolled_count: 31,
      max_students: 30,
      enrollment_percent: 103,
    },
  ],
  upcoming_classes: [
    {
      id: 'k1',
      course_id: 'c1',
      course_title: 'Business English',
      title: 'Pitching',
      scheduled_date: inOneHour,
      duration: 90,
      type: 'live',
      meeting_link: 'https://meet.example/pitch',
    },
    {
      id: 'k2',
      course_id: 'c1',
      course_title: 'Business English',
      title: 'Recorded drills',
      scheduled_date: inOneHour,
      duration: 30,
      type: 'recorded',
      meeting_link: null,
    },
  ],
  recent_submissions: [SUBMISSION],
});

function renderDashboard(language: Language = 'en') {
  return renderScreen(<DashboardScreen />, { language });
}

describe('Teacher dashboard', () => {
  it("shows the teacher's figures, course performance, next classes and work to grade", async () => {
    getDashboard.mockResolvedValue(ok(answer));
    renderDashboard();

    expect(await screen.findByText('4.3')).toBeInTheDocument();
    expect(screen.getByText('from 8 reviews')).toBeInTheDocument();
    expect(screen.getByText('2 active')).toBeInTheDocument();
    // People, with their enrolments beside them (a student in two courses is one student).
    expect(screen.getByText('41')).toBeInTheDocument();
    expect(screen.getByText('in 43 active enrolments')).toBeInTheDocument();
    expect(screen.getByText('9 upcoming')).toBeInTheDocument();

    const performance = screen.getByRole('region', { name: 'Course Performance' });
    expect(within(performance).getByText('Active')).toBeInTheDocument();
    expect(within(performance).getByText('Inactive')).toBeInTheDocument();
    // An over-filled course shows a full bar, never more.
    expect(
      within(performance).getByRole('progressbar', { name: 'Enrollment of Old Spanish Course' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(
      within(performance).getByText('English · Advanced · 12/15 students'),
    ).toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Upcoming Classes' });
    expect(within(upcoming).getByRole('link', { name: 'Join Pitching' })).toHaveAttribute(
      'href',
      'https://meet.example/pitch',
    );
    expect(
      within(upcoming).queryByRole('link', { name: 'Join Recorded drills' }),
    ).not.toBeInTheDocument();

    const submissions = screen.getByRole('region', { name: 'Recent submissions' });
    expect(within(submissions).getByText('7 waiting for a grade')).toBeInTheDocument();
    expect(within(submissions).getByText('Nora Díaz · Business English')).toBeInTheDocument();
    // Grade opens the grading dialog on that very submission, not on the activity's first one.
    expect(
      within(submissions).getByRole('link', { name: 'Grade Email to a client by Nora Díaz' }),
    ).toHaveAttribute('href', '/activities?submission=s1');
  });

  it('offers Quick Actions that open the real screens, dialogs included', async () => {
    getDashboard.mockResolvedValue(ok(answer));
    renderDashboard();

    const actions = await screen.findByRole('region', { name: 'Quick Actions' });
    const href = (name: string) => within(actions).getByRole('link', { name }).getAttribute('href');
    expect(href('Create Course')).toBe('/my-courses?new=1');
    expect(href('Schedule Class')).toBe('/classes?new=1');
    expect(href('View Students')).toBe('/students');
    // The queue of work waiting for a grade, not the unfiltered activities.
    expect(href('Grade submissions')).toBe('/activities?waiting=1');
  });

  it('draws enrolment per course, with the numbers in words for screen readers', async () => {
    getDashboard.mockResolvedValue(ok(answer));
    renderDashboard();

    const chart = await screen.findByRole('region', { name: 'Enrollment per course' });
    // The chart's code loads on its own (recharts is large): give the import time.
    const drawing = await within(chart).findByRole('img', {}, { timeout: 15_000 });
    expect(drawing).toHaveAccessibleName(
      'Students enrolled per course: 12/15 students (Business English); 31/30 students (Old Spanish Course)',
    );
  });

  it('draws no chart without courses', async () => {
    getDashboard.mockResolvedValue(ok(toTeacherDashboard({})));
    renderDashboard();
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Enrollment per course' })).toBeNull();
  });

  it('says so when there are no ratings, courses, classes or work yet', async () => {
    getDashboard.mockResolvedValue(ok(toTeacherDashboard({})));
    renderDashboard();

    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText('You are not teaching any course yet.')).toBeInTheDocument();
    expect(screen.getByText('No classes scheduled.')).toBeInTheDocument();
    expect(screen.getByText('No work is waiting for a grade.')).toBeInTheDocument();
  });

  it("shows 'Error loading dashboard data:' with a translated reason, and Try again loads it", async () => {
    const refused: Result<TeacherDashboard> = fail('RPC_ERROR', 'permission denied for function', {
      code: '42501',
    });
    getDashboard.mockResolvedValueOnce(refused).mockResolvedValueOnce(ok(answer));
    const { user } = renderDashboard();

    expect(await screen.findByText('Error loading dashboard data:')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to do this.')).toBeInTheDocument();
    expect(screen.queryByText(/permission denied/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Course Performance')).toBeInTheDocument();
    expect(getDashboard).toHaveBeenCalledTimes(2);
  });

  it('speaks Spanish', async () => {
    getDashboard.mockResolvedValue(ok(answer));
    renderDashboard('es');

    expect(
      await screen.findByRole('heading', { name: '¡Hola de nuevo, Marta!' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Rendimiento de los cursos')).toBeInTheDocument();
    expect(screen.getByText('2 activos')).toBeInTheDocument();
    expect(screen.getByText('Total de estudiantes')).toBeInTheDocument();
    expect(screen.getByText('en 43 inscripciones activas')).toBeInTheDocument();
    expect(screen.getByText('7 pendientes de calificar')).toBeInTheDocument();
  });

  it('names a student whose profile is gone in the teacher language', async () => {
    getDashboard.mockResolvedValue(
      ok(
        toTeacherDashboard({
          pending_submission_count: 1,
          recent_submissions: [{ ...SUBMISSION, student_name: null }],
        }),
      ),
    );
    renderDashboard('es');

    expect(await screen.findByText('Desconocido · Business English')).toBeInTheDocument();
    expect(screen.queryByText(/Unknown/)).not.toBeInTheDocument();
  });
});
