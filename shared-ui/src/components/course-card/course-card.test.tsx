import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { CourseCard, LEVEL_COLORS, isCourseFull, type CourseCardCourse } from './course-card';

const course: CourseCardCourse = {
  id: 'c1',
  title: 'Business English B2',
  description: 'Meetings, e-mails and negotiation for professionals.',
  level: 'intermediate',
  language: 'English',
  durationWeeks: 8,
  enrolledCount: 12,
  maxStudents: 30,
  teacherName: 'Ana García',
  price: 299,
  averageRating: 4.25,
  reviewCount: 8,
};

function card() {
  return screen.getByRole('article', { name: course.title });
}

describe('CourseCard', () => {
  it('shows the catalog facts', () => {
    renderWithProviders(<CourseCard course={course} onEnroll={() => {}} />);
    const article = card();
    expect(within(article).getByRole('heading', { name: course.title })).toBeInTheDocument();
    expect(article).toHaveTextContent(course.description);
    expect(within(article).getByText('Intermediate')).toBeInTheDocument();
    expect(article).toHaveTextContent('Language: English');
    expect(article).toHaveTextContent('8 weeks');
    expect(article).toHaveTextContent('12/30 students');
    expect(article).toHaveTextContent('Instructor: Ana García');
    expect(article).toHaveTextContent('$299.00 total');
  });

  it('says "1 week" for a one-week course', () => {
    renderWithProviders(<CourseCard course={{ ...course, durationWeeks: 1 }} />);
    expect(card()).toHaveTextContent('1 week');
    expect(card()).not.toHaveTextContent('1 weeks');
  });

  it('colours levels green, yellow and red', () => {
    expect(LEVEL_COLORS).toEqual({ beginner: 'green', intermediate: 'yellow', advanced: 'red' });
    renderWithProviders(
      <>
        <CourseCard course={{ ...course, id: 'a', title: 'A', level: 'beginner' }} />
        <CourseCard course={{ ...course, id: 'b', title: 'B', level: 'advanced' }} />
      </>,
    );
    const beginner = within(screen.getByRole('article', { name: 'A' })).getByText('Beginner');
    const advanced = within(screen.getByRole('article', { name: 'B' })).getByText('Advanced');
    expect(beginner.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('green');
    expect(advanced.closest('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
  });

  it('shows the average rating with one decimal, its stars and the review count', () => {
    renderWithProviders(<CourseCard course={course} />);
    const article = card();
    expect(within(article).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(article).toHaveTextContent('4.3');
    expect(article).toHaveTextContent('(8 reviews)');
    expect(article).not.toHaveTextContent('No ratings yet');
  });

  it('says "(1 review)" for a single review and keeps a whole average at one decimal', () => {
    renderWithProviders(<CourseCard course={{ ...course, averageRating: 5, reviewCount: 1 }} />);
    expect(card()).toHaveTextContent('5.0(1 review)');
  });

  it("says 'No ratings yet' when nobody has reviewed the course", () => {
    renderWithProviders(<CourseCard course={{ ...course, averageRating: null, reviewCount: 0 }} />);
    expect(card()).toHaveTextContent('No ratings yet');
    expect(within(card()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('enrols with Enroll Now, described by the course title', async () => {
    const onEnroll = vi.fn();
    const { user } = renderWithProviders(<CourseCard course={course} onEnroll={onEnroll} />);
    const button = within(card()).getByRole('button', { name: 'Enroll Now' });
    expect(button).toHaveAccessibleDescription(course.title);
    await user.click(button);
    expect(onEnroll).toHaveBeenCalledTimes(1);
  });

  it('shows the button busy while enrolling', () => {
    renderWithProviders(<CourseCard course={course} onEnroll={() => {}} enrolling />);
    const button = within(card()).getByRole('button', { name: /Enroll Now/ });
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(button).toBeDisabled();
  });

  it("shows Full, disabled, and 'This course is currently full' when no seat is left", async () => {
    const onEnroll = vi.fn();
    const fullCourse = { ...course, enrolledCount: 30 };
    const { user } = renderWithProviders(<CourseCard course={fullCourse} onEnroll={onEnroll} />);
    const button = within(card()).getByRole('button', { name: 'Full' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`${course.title} This course is currently full`);
    expect(card()).toHaveTextContent('This course is currently full');
    expect(within(card()).queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    await user.click(button);
    expect(onEnroll).not.toHaveBeenCalled();
  });

  it('counts a course over capacity as full', () => {
    expect(isCourseFull({ enrolledCount: 31, maxStudents: 30 })).toBe(true);
    expect(isCourseFull({ enrolledCount: 29, maxStudents: 30 })).toBe(false);
  });

  it('shows Enrolled (and no full notice) for a course the student takes', () => {
    renderWithProviders(
      <CourseCard course={{ ...course, enrolledCount: 30 }} onEnroll={() => {}} enrolled />,
    );
    expect(within(card()).getByRole('button', { name: 'Enrolled' })).toBeDisabled();
    expect(within(card()).queryByRole('button', { name: 'Enroll Now' })).not.toBeInTheDocument();
    expect(card()).not.toHaveTextContent('This course is currently full');
  });

  it('has no button without onEnroll, and a footer replaces the button', () => {
    const { unmount } = renderWithProviders(<CourseCard course={course} />);
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <CourseCard
        course={course}
        onEnroll={() => {}}
        footer={<a href="/course-detail/c1">Course Classroom</a>}
      />,
    );
    expect(within(card()).getByRole('link', { name: 'Course Classroom' })).toBeInTheDocument();
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks Spanish: level, language, weeks, seats, price, reviews and buttons', () => {
    renderWithProviders(
      <>
        <CourseCard course={course} onEnroll={() => {}} />
        <CourseCard
          course={{
            ...course,
            id: 'c2',
            title: 'Español A1',
            language: 'Spanish',
            level: 'beginner',
            enrolledCount: 30,
            averageRating: null,
            reviewCount: 0,
          }}
          onEnroll={() => {}}
        />
      </>,
      { language: 'es' },
    );
    const first = card();
    expect(first).toHaveTextContent('Intermedio');
    expect(first).toHaveTextContent('Idioma: Inglés');
    expect(first).toHaveTextContent('8 semanas');
    expect(first).toHaveTextContent('12/30 estudiantes');
    expect(first.textContent?.replace(/\s/g, ' ')).toContain('299,00 US$ en total');
    expect(first).toHaveTextContent('4,3');
    expect(first).toHaveTextContent('(8 reseñas)');
    expect(within(first).getByRole('button', { name: 'Inscribirme' })).toBeEnabled();

    const second = screen.getByRole('article', { name: 'Español A1' });
    expect(second).toHaveTextContent('Principiante');
    expect(second).toHaveTextContent('Idioma: Español');
    expect(second).toHaveTextContent('Aún no hay calificaciones');
    expect(second).toHaveTextContent('Este curso está completo por el momento');
    expect(within(second).getByRole('button', { name: 'Completo' })).toBeDisabled();
  });

  it('shows the price in the currency it is given, in the reader’s language', () => {
    const { unmount } = renderWithProviders(
      <CourseCard course={{ ...course, price: 240 }} currency="EUR" />,
    );
    expect(card()).toHaveTextContent('€240.00 total');
    expect(card()).not.toHaveTextContent('$');
    unmount();

    renderWithProviders(<CourseCard course={{ ...course, price: 240 }} currency="EUR" />, {
      language: 'es',
    });
    expect(card().textContent?.replace(/\s/g, ' ')).toContain('240,00 € en total');
  });

  it('shows pounds when the school bills in pounds', () => {
    renderWithProviders(<CourseCard course={course} currency="GBP" />);
    expect(card()).toHaveTextContent('£299.00 total');
  });

  it('keeps the old dollars when no currency is known', () => {
    renderWithProviders(<CourseCard course={course} currency={null} />);
    expect(card()).toHaveTextContent('$299.00 total');
  });

  it('shows a language it has no translation for as given', () => {
    renderWithProviders(<CourseCard course={{ ...course, language: 'Portuguese' }} />);
    expect(card()).toHaveTextContent('Language: Portuguese');
  });

  it('names an unknown teacher in the reader language', () => {
    const { unmount } = renderWithProviders(
      <CourseCard course={{ ...course, teacherName: null }} />,
    );
    expect(card()).toHaveTextContent('Instructor: Unknown');
    unmount();

    renderWithProviders(<CourseCard course={{ ...course, teacherName: null }} />, {
      language: 'es',
    });
    expect(card()).toHaveTextContent('Instructor: Desconocido');
    expect(card()).not.toHaveTextContent('Unknown');
  });
});
