import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { usePageTitle } from './use-page-title';

function Screen({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

describe('usePageTitle', () => {
  it('names the tab after the screen, then the school', () => {
    document.title = 'Lingua Academy Portal';
    const { rerender } = renderWithProviders(<Screen title="Course Catalog" />);
    expect(document.title).toBe('Course Catalog · Lingua Academy');
    rerender(<Screen title="Calendar" />);
    expect(document.title).toBe('Calendar · Lingua Academy');
  });

  it('follows the UI language of the screen name it is given', () => {
    renderWithProviders(<Screen title="Catálogo de cursos" />, { language: 'es' });
    expect(document.title).toBe('Catálogo de cursos · Lingua Academy');
  });
});
