import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils';
import { MaterialCard, type BrowsableMaterial } from './material-card';

const pdf: BrowsableMaterial = {
  id: 'm-1',
  title: 'Irregular verbs',
  type: 'pdf',
  url: '1700000000000-k3j9x2ab.pdf',
  storagePath: '1700000000000-k3j9x2ab.pdf',
  fileSize: 1536,
  uploadedBy: 'Marta López',
  uploadedAt: '2026-03-05T10:00:00Z',
  language: 'ES',
  skill: 'grammar',
};

const link: BrowsableMaterial = {
  ...pdf,
  id: 'm-2',
  title: 'RAE dictionary',
  type: 'link',
  url: 'https://dle.rae.es/',
  storagePath: null,
  fileSize: 0,
  uploadedBy: null,
  language: null,
  skill: null,
};

function detail(card: HTMLElement, label: string): string | null {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('MaterialCard', () => {
  it('shows type, size, uploader, date, language and skill, and views and downloads a file', async () => {
    const onView = vi.fn();
    const onDownload = vi.fn();
    renderWithProviders(<MaterialCard material={pdf} onView={onView} onDownload={onDownload} />);
    const card = screen.getByRole('article', { name: 'Irregular verbs' });

    expect(within(card).getByRole('heading', { level: 3, name: 'Irregular verbs' })).toBeVisible();
    expect(within(card).getByText('PDF')).toBeVisible();
    expect(detail(card, 'Size')).toBe('1.5 KB');
    expect(detail(card, 'Uploaded by')).toBe('Marta López');
    expect(detail(card, 'Language')).toBe('Spanish');
    expect(detail(card, 'Skill')).toBe('Grammar');
    expect(within(card).queryByText('Course')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View Irregular verbs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download Irregular verbs' }));
    expect(onView).toHaveBeenCalledTimes(1);
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('opens a link in a new tab instead of downloading it, and has no size', () => {
    renderWithProviders(<MaterialCard material={link} onView={vi.fn()} onDownload={vi.fn()} />);
    const card = screen.getByRole('article');

    const open = screen.getByRole('link', { name: 'Open RAE dictionary' });
    expect(open).toHaveAttribute('href', 'https://dle.rae.es/');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(within(card).queryByText('Size')).not.toBeInTheDocument();
    expect(detail(card, 'Uploaded by')).toBe('Unknown');
    expect(detail(card, 'Language')).toBe('Not set');
  });

  it('offers Delete only when the screen allows it', async () => {
    const { unmount } = renderWithProviders(
      <MaterialCard material={pdf} onView={vi.fn()} onDownload={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    unmount();

    const onDelete = vi.fn();
    renderWithProviders(
      <MaterialCard material={pdf} onView={vi.fn()} onDownload={vi.fn()} onDelete={onDelete} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Irregular verbs' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('names the course when the screen gives one, in Spanish too', () => {
    renderWithProviders(
      <MaterialCard
        material={pdf}
        onView={vi.fn()}
        onDownload={vi.fn()}
        onDelete={vi.fn()}
        course="Español de negocios"
        headingOrder={4}
      />,
      { language: 'es' },
    );
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { level: 4 })).toHaveTextContent('Irregular verbs');
    expect(detail(card, 'Curso')).toBe('Español de negocios');
    expect(detail(card, 'Idioma')).toBe('Español');
    expect(detail(card, 'Tamaño')).toBe('1,5 KB');
    expect(screen.getByRole('button', { name: 'Eliminar Irregular verbs' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Descargar Irregular verbs' })).toBeVisible();
  });
});
