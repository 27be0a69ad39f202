import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, type Language } from '@portal/shared-ui';
import { aPerson } from '../../test-support/fixtures';
import { namespace as exportNamespace } from './export-i18n';
import { usersCsv } from './users-csv';

// The rows of User Management's CSV export: headers and words in the UI language, moments in one
// format (UTC, to the second), a cell a spreadsheet would run kept as text.

beforeAll(() => {
  initI18n({ lng: 'en' });
});

const tIn = (language: Language) => i18n.getFixedT(language, exportNamespace);

/** The cells of the file as a spreadsheet importer reads them (papaparse drops the BOM). */
const cells = (text: string) => Papa.parse<string[]>(text, { header: false }).data;

const lena = aPerson({
  phone: '+34 600 000 000',
  location: '=HYPERLINK("https://evil.test")',
  createdAt: '2026-01-15T10:30:00.456+01:00',
  lastLogin: null,
  isActive: false,
});

describe('usersCsv', () => {
  it('writes one row per user under English headers', () => {
    expect(cells(usersCsv([lena], tIn('en')))).toEqual([
      ['First name', 'Last name', 'Email', 'Role', 'Account', 'Phone', 'Location', 'Joined (UTC)', 'Last sign-in (UTC)'],
      [
        'Lena',
        'Fischer',
        'lena@school.test',
        'Student',
        'Inactive',
        "'+34 600 000 000",
        `'=HYPERLINK("https://evil.test")`,
        '2026-01-15T09:30:00Z',
        '',
      ],
    ]);
  });

  it('writes headers, role and account in Spanish', () => {
    const [header, row] = cells(usersCsv([lena], tIn('es')));
    expect(header).toEqual([
      'Nombre', 'Apellido', 'Correo', 'Rol', 'Cuenta', 'Teléfono', 'Ubicación', 'Alta (UTC)', 'Último acceso (UTC)',
    ]);
    expect(row?.slice(3, 5)).toEqual(['Estudiante', 'Inactiva']);
  });
});
