import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../i18n';
import { renderWithProviders } from '../../test-utils';
import { CourseWaitingLine } from './course-waiting-line';

// A course's waiting line for its teacher and administrators. Issue 30: in Spanish the headers broke
// mid-word ("Puest/o", "Estudia/nte") in a fixed-layout table whose cells broke words anywhere.

const ENTRIES = [
  {
    id: 'w-1',
    name: 'María José Fernández-Castellanos',
    joinedAt: '2026-11-20T10:00:00Z',
    position: 1,
  },
  { id: 'w-2', name: 'Li Wu', joinedAt: '2026-11-21T10:00:00Z', position: 2 },
];

function renderLine(language: Language) {
  return renderWithProviders(<CourseWaitingLine entries={ENTRIES} />, { language });
}

describe('CourseWaitingLine', () => {
  it.each([
    ['en', ['Place', 'Student', 'Joined']],
    ['es', ['Puesto', 'Estudiante', 'Desde']],
  ] as const)(
    'sizes its columns to their content, never breaking a word (%s)',
    (language, headers) => {
      renderLine(language);
      const table = screen.getByRole('table');
      // Automatic layout (columns follow their content) and no rule that breaks words anywhere.
      expect(table.getAttribute('style') ?? '').not.toMatch(/anywhere/);
      expect(table.getAttribute('data-layout') ?? '').not.toBe('fixed');
      expect(table.getAttribute('style') ?? '').not.toMatch(/table-layout:\s*fixed/);
      const columnHeaders = screen.getAllByRole('columnheader');
      expect(columnHeaders.map((header) => header.textContent)).toEqual(headers);
      // Headers, places and dates stay on one line; no header has a fixed width.
      for (const header of columnHeaders) {
        expect(header.style.width).toBe('');
        expect(header.style.whiteSpace).toBe('nowrap');
      }
      // A name may wrap (at its spaces first); the headers above are not allowed to.
      const name = screen.getByRole('cell', { name: 'María José Fernández-Castellanos' });
      expect(name.style.whiteSpace).not.toBe('nowrap');
      expect(screen.getAllByRole('row')).toHaveLength(3);
    },
  );
});
