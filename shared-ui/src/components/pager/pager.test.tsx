import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { Pager } from './pager';

function renderPager(page: number, totalPages: number, language: 'en' | 'es' = 'en') {
  const onChange = vi.fn();
  const result = renderWithProviders(
    <Pager page={page} totalPages={totalPages} onChange={onChange} />,
    { language },
  );
  return { ...result, onChange };
}

describe('Pager', () => {
  it('shows Previous, "Page x of y" and Next in English inside a navigation landmark', () => {
    renderPager(2, 4);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Page 2 of 4');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it("uses the spec's Spanish texts verbatim", () => {
    renderPager(1, 3, 'es');
    expect(screen.getByRole('navigation', { name: 'Paginación' })).toHaveTextContent(
      'Página 1 de 3',
    );
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
  });

  it('moves one page back or forward', async () => {
    const { user, onChange } = renderPager(2, 4);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { unmount } = renderPager(1, 3);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();
    renderPager(3, 3);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it.each([0, 1])('renders nothing when there are %i pages', (totalPages) => {
    renderPager(1, totalPages);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('clamps a page beyond the last (after the list shrank) and steps back from there', async () => {
    const { user, onChange } = renderPager(9, 3);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('accepts its own landmark name', () => {
    renderWithProviders(
      <Pager page={1} totalPages={2} onChange={() => {}} aria-label="Classes pages" />,
    );
    expect(screen.getByRole('navigation', { name: 'Classes pages' })).toBeInTheDocument();
  });
});
