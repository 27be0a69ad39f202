import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { SearchInput, type SearchInputProps } from './search-input';

function Controlled(props: Partial<SearchInputProps> & { initial?: string }) {
  const { initial = '', onChange, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <SearchInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('SearchInput', () => {
  it('is a search box named "Search" by default, in the UI language', () => {
    renderWithProviders(<Controlled />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
  });

  it('is named "Buscar" in Spanish', () => {
    renderWithProviders(<Controlled />, { language: 'es' });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeInTheDocument();
  });

  it('takes a specific accessible name, or its visible label', () => {
    renderWithProviders(
      <>
        <Controlled aria-label="Search courses" />
        <Controlled label="Search materials" />
      </>,
    );
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search materials' })).toBeInTheDocument();
  });

  it('reports every keystroke', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled onChange={onChange} />);
    await user.type(screen.getByRole('searchbox'), 'span');
    expect(onChange).toHaveBeenLastCalledWith('span');
    expect(screen.getByRole('searchbox')).toHaveValue('span');
  });

  it('offers a clear button only when there is text, which empties and refocuses the field', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Controlled initial="grammar" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('clears with Escape', async () => {
    const { user } = renderWithProviders(<Controlled initial="reading" />);
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('names the clear button in Spanish', () => {
    renderWithProviders(<Controlled initial="x" />, { language: 'es' });
    expect(screen.getByRole('button', { name: 'Borrar búsqueda' })).toBeInTheDocument();
  });
});
