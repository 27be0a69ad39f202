import { screen } from '@testing-library/react';
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
}: {
  courseOptions?: MaterialCourseOption[];
  resultCount?: number;
  onChange: (value: MaterialFilterValues) => void;
}) {
  const [value, setValue] = useState<MaterialFilterValues>({});
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

  it('speaks Spanish', () => {
    renderWithProviders(<Harness onChange={vi.fn()} courseOptions={[]} resultCount={1} />, {
      language: 'es',
    });
    expect(screen.getByLabelText('Curso')).toHaveDisplayValue('Todos los cursos');
    expect(screen.getByLabelText('Idioma')).toHaveDisplayValue('Todos los idiomas');
    expect(screen.getByRole('status')).toHaveTextContent('1 material');
  });
});
