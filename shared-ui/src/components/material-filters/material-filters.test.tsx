import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import {
  MaterialFilters,
  type MaterialCourseOption,
  type MaterialFilterValues,
} from './material-filters';

function Harness({
  courseOptions,
  resultCount,
  onChange,
  initial = {},
}: {
  courseOptions?: MaterialCourseOption[];
  resultCount?: number;
  onChange: (value: MaterialFilterValues) => void;
  initial?: MaterialFilterValues;
}) {
  const [value, setValue] = useState<MaterialFilterValues>(initial);
  return (
    <MaterialFilters
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      courseOptions={courseOptions}
      resultCount={resultCount}
    />
  );
}

describe('MaterialFilters', () => {
  it('searches by title and filters by language and skill, without a course filter by default', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} resultCount={3} />);

    expect(screen.getByRole('search', { name: 'Filter materials' })).toBeVisible();
    expect(screen.queryByLabelText('Course')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 materials');

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'EN');
    expect(onChange).toHaveBeenLastCalledWith({ language: 'EN' });
    await userEvent.selectOptions(screen.getByLabelText('Skill'), 'listening');
    expect(onChange).toHaveBeenLastCalledWith({ language: 'EN', skill: 'listening' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search materials' }), 'verb');
    expect(onChange).toHaveBeenLastCalledWith({
      language: 'EN',
      skill: 'listening',
      search: 'verb',
    });
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'all');
    expect(onChange).toHaveBeenLastCalledWith({
      language: null,
      skill: 'listening',
      search: 'verb',
    });
  });

  it('offers the given courses after "All courses" and returns to all', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        onChange={onChange}
        courseOptions={[
          { value: 'general', label: 'General' },
          { value: 'course-1', label: 'Spanish A1' },
        ]}
      />,
    );

    const course = screen.getByLabelText('Course');
    expect([...(course as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All courses',
      'General',
      'Spanish A1',
    ]);
    await userEvent.selectOptions(course, 'course-1');
    expect(onChange).toHaveBeenLastCalledWith({ courseId: 'course-1' });
    await userEvent.selectOptions(course, 'all');
    expect(onChange).toHaveBeenLastCalledWith({ courseId: null });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers Clear Filters while any filter is set, and it sets them all back to "all"', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <Harness onChange={onChange} courseOptions={[{ value: 'course-1', label: 'Spanish A1' }]} />,
    );
    const clear = () => screen.queryByRole('button', { name: 'Clear Filters' });
    expect(clear()).not.toBeInTheDocument();

    // Spaces alone are no search.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search materials' }), '  ');
    expect(clear()).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Course'), 'course-1');
    await userEvent.selectOptions(screen.getByLabelText('Skill'), 'grammar');
    expect(
      within(screen.getByRole('search')).getByRole('button', { name: 'Clear Filters' }),
    ).toBeVisible();

    await userEvent.click(clear()!);
    expect(onChange).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText('Course')).toHaveDisplayValue('All courses');
    expect(screen.getByLabelText('Skill')).toHaveDisplayValue('All skills');
    expect(screen.getByRole('searchbox', { name: 'Search materials' })).toHaveValue('');
    expect(clear()).not.toBeInTheDocument();

    for (const initial of [{ language: 'ES' as const }, { search: 'verbs' }]) {
      const { unmount } = renderWithProviders(<Harness onChange={vi.fn()} initial={initial} />);
      expect(clear()).toBeInTheDocument();
      unmount();
    }
  });

  it('names a chosen course the options do not list, never by its id', () => {
    const gone = '5f0c6a1e-0000-4000-8000-00000000dead';
    const { unmount } = renderWithProviders(
      <Harness
        onChange={vi.fn()}
        courseOptions={[{ value: 'course-1', label: 'Spanish A1' }]}
        initial={{ courseId: gone }}
      />,
    );
    expect(screen.getByLabelText('Course')).toHaveDisplayValue('Course not available');
    expect(screen.queryByText(gone)).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <Harness onChange={vi.fn()} courseOptions={[]} initial={{ courseId: gone }} />,
      { language: 'es' },
    );
    expect(screen.getByLabelText('Curso')).toHaveDisplayValue('Curso no disponible');
    expect(screen.getByRole('button', { name: 'Borrar filtros' })).toBeInTheDocument();
  });

  it('tells when the course filter is about to be used: on hover, on focus and when pressed open', () => {
    const course = () => screen.getByLabelText('Course');
    for (const reach of [
      () => fireEvent.mouseEnter(course()),
      () => fireEvent.focus(course()),
      () => fireEvent.mouseDown(course()),
    ]) {
      const onCourseInterest = vi.fn();
      const { unmount } = renderWithProviders(
        <MaterialFilters
          value={{}}
          onChange={vi.fn()}
          courseOptions={[]}
          onCourseInterest={onCourseInterest}
        />,
      );
      expect(onCourseInterest).not.toHaveBeenCalled();
      reach();
      expect(onCourseInterest).toHaveBeenCalled();
      unmount();
    }
  });

  it("shows a named loader in the course filter while its courses load, and none once they're there", () => {
    const { rerender } = renderWithProviders(
      <MaterialFilters
        value={{}}
        onChange={vi.fn()}
        courseOptions={[{ value: 'general', label: 'General' }]}
        coursesLoading
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading courses…' })).toBeInTheDocument();
    // Usable meanwhile: "All courses" and what is already there.
    expect(screen.getByLabelText('Course')).toHaveDisplayValue('All courses');

    rerender(
      <MaterialFilters
        value={{}}
        onChange={vi.fn()}
        courseOptions={[
          { value: 'general', label: 'General' },
          { value: 'course-1', label: 'Spanish A1' },
        ]}
      />,
    );
    expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument();
  });

  it('speaks Spanish', () => {
    renderWithProviders(<Harness onChange={vi.fn()} courseOptions={[]} resultCount={1} />, {
      language: 'es',
    });
    expect(screen.getByLabelText('Curso')).toHaveDisplayValue('Todos los cursos');
    expect(screen.getByLabelText('Idioma')).toHaveDisplayValue('Todos los idiomas');
    expect(screen.getByRole('status')).toHaveTextContent('1 material');
  });

  it('names its loader in Spanish', () => {
    renderWithProviders(
      <MaterialFilters value={{}} onChange={vi.fn()} courseOptions={[]} coursesLoading />,
      { language: 'es' },
    );
    expect(screen.getByRole('status', { name: 'Cargando cursos…' })).toBeInTheDocument();
  });
});
