import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { ListFilters, type ListFiltersProps } from './list-filters';

const COURSES = [
  { value: 'c1', label: 'Business English' },
  { value: 'c2', label: 'Spanish for Beginners' },
];

function renderFilters(props: Partial<ListFiltersProps> = {}) {
  const onSearchChange = vi.fn();
  const onSelect = vi.fn();
  const onClear = vi.fn();
  const result = renderWithProviders(
    <ListFilters
      searchLabel="Search lessons"
      searchPlaceholder="Title or topic"
      search=""
      onSearchChange={onSearchChange}
      select={{
        label: 'Course',
        allLabel: 'All courses',
        options: COURSES,
        value: null,
        onChange: onSelect,
      }}
      filtered={false}
      clearLabel="Clear Filters"
      onClear={onClear}
      {...props}
    />,
  );
  return { ...result, onSearchChange, onSelect, onClear };
}

describe('ListFilters', () => {
  it('passes what is typed in the named search on', async () => {
    const { user, onSearchChange } = renderFilters();
    const search = screen.getByRole('searchbox', { name: 'Search lessons' });
    expect(search).toHaveAttribute('placeholder', 'Title or topic');
    await user.type(search, 'x');
    expect(onSearchChange).toHaveBeenLastCalledWith('x');
  });

  it('offers "all" first, then the options, and passes a choice on', async () => {
    const { user, onSelect } = renderFilters();
    const select = screen.getByRole('combobox', { name: 'Course' });
    expect(select).toHaveValue('All courses');
    await user.click(select);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All courses',
      'Business English',
      'Spanish for Beginners',
    ]);
    await user.click(screen.getByRole('option', { name: 'Spanish for Beginners' }));
    expect(onSelect).toHaveBeenLastCalledWith('c2');
  });

  it('shows the chosen value, and passes "all" on as null', async () => {
    const onChange = vi.fn();
    const { user } = renderFilters({
      select: { label: 'Course', allLabel: 'All courses', options: COURSES, value: 'c1', onChange },
    });
    const select = screen.getByRole('combobox', { name: 'Course' });
    expect(select).toHaveValue('Business English');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'All courses' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('keeps a chosen value selectable when the options no longer list it, named, never by its id', () => {
    const gone = '5f0c6a1e-0000-4000-8000-00000000dead';
    const { unmount } = renderFilters({
      select: {
        label: 'Course',
        allLabel: 'All courses',
        options: COURSES,
        value: gone,
        onChange: vi.fn(),
      },
    });
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Course not available');
    expect(screen.queryByText(gone)).not.toBeInTheDocument();
    unmount();

    renderWithProviders(
      <ListFilters
        searchLabel="Buscar"
        searchPlaceholder="Título"
        search=""
        onSearchChange={vi.fn()}
        select={{
          label: 'Curso',
          allLabel: 'Todos los cursos',
          options: COURSES,
          value: gone,
          onChange: vi.fn(),
        }}
        filtered
        clearLabel="Borrar filtros"
        onClear={vi.fn()}
      />,
      { language: 'es' },
    );
    expect(screen.getByRole('combobox', { name: 'Curso' })).toHaveValue('Curso no disponible');
  });

  it("names an unknown value with the select's own label when it gives one", () => {
    renderFilters({
      select: {
        label: 'Teacher',
        allLabel: 'All teachers',
        options: [],
        value: 'someone',
        onChange: vi.fn(),
        unknownLabel: 'Former teacher',
      },
    });
    expect(screen.getByRole('combobox', { name: 'Teacher' })).toHaveValue('Former teacher');
  });

  it('tells when the select is about to be used: on hover, on focus and when it opens', () => {
    const select = {
      label: 'Course',
      allLabel: 'All courses',
      options: COURSES,
      value: null,
      onChange: vi.fn(),
    };
    const hovered = vi.fn();
    const { unmount } = renderFilters({ select: { ...select, onInterest: hovered } });
    fireEvent.mouseEnter(screen.getByRole('combobox', { name: 'Course' }));
    expect(hovered).toHaveBeenCalled();
    unmount();

    const focused = vi.fn();
    const second = renderFilters({ select: { ...select, onInterest: focused } });
    fireEvent.focus(screen.getByRole('combobox', { name: 'Course' }));
    expect(focused).toHaveBeenCalled();
    second.unmount();

    // Opened without a hover or a focus first (a click event alone opens the dropdown).
    const opened = vi.fn();
    renderFilters({ select: { ...select, onInterest: opened } });
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(opened).toHaveBeenCalled();
  });

  it('shows a named loader while the options load, and none once they are there', () => {
    const select = {
      label: 'Course',
      allLabel: 'All courses',
      options: [],
      value: null,
      onChange: vi.fn(),
    };
    const { unmount } = renderFilters({ select: { ...select, loading: true } });
    expect(screen.getByRole('status', { name: 'Loading courses…' })).toBeInTheDocument();
    // The select stays usable: "all" is there while the rest load.
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('All courses');
    unmount();

    renderFilters({ select: { ...select, options: COURSES, loading: false } });
    expect(screen.queryByLabelText('Loading courses…')).not.toBeInTheDocument();
  });

  it('names its loader in Spanish', () => {
    renderWithProviders(
      <ListFilters
        searchLabel="Buscar"
        searchPlaceholder="Título"
        search=""
        onSearchChange={vi.fn()}
        select={{
          label: 'Curso',
          allLabel: 'Todos los cursos',
          options: [],
          value: null,
          onChange: vi.fn(),
          loading: true,
        }}
        filtered={false}
        clearLabel="Borrar filtros"
        onClear={vi.fn()}
      />,
      { language: 'es' },
    );
    expect(screen.getByRole('status', { name: 'Cargando cursos…' })).toBeInTheDocument();
  });

  it('has no select without one', () => {
    renderFilters({ select: undefined });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search lessons' })).toBeInTheDocument();
  });

  it('offers Clear Filters only while something is set', async () => {
    const { unmount } = renderFilters();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    unmount();
    const { user, onClear } = renderFilters({ filtered: true });
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('shows controls given as children before the search', () => {
    renderFilters({ children: <button type="button">Upcoming</button> });
    const upcoming = screen.getByRole('button', { name: 'Upcoming' });
    const search = screen.getByRole('searchbox', { name: 'Search lessons' });
    expect(
      upcoming.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('takes several selects, after the search in the given order, each passing its own choice on', async () => {
    const onLanguage = vi.fn();
    const onLevel = vi.fn();
    const { user } = renderFilters({
      select: [
        {
          label: 'Language',
          allLabel: 'All languages',
          options: [{ value: 'Spanish', label: 'Spanish' }],
          value: null,
          onChange: onLanguage,
        },
        {
          label: 'Level',
          allLabel: 'All levels',
          options: [{ value: 'advanced', label: 'Advanced' }],
          value: 'advanced',
          onChange: onLevel,
        },
      ],
    });
    const fields = screen.getAllByRole('searchbox').concat(screen.getAllByRole('combobox'));
    // Document order: search, language, level.
    const ordered = [...fields].sort((a, b) =>
      a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
    );
    expect(ordered).toHaveLength(3);
    expect(ordered[0]).toBe(screen.getByRole('searchbox', { name: 'Search lessons' }));
    expect(ordered[1]).toBe(screen.getByRole('combobox', { name: 'Language' }));
    expect(ordered[2]).toBe(screen.getByRole('combobox', { name: 'Level' }));
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('Advanced');

    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Spanish' }));
    expect(onLanguage).toHaveBeenLastCalledWith('Spanish');
    expect(onLevel).not.toHaveBeenCalled();
  });
});
