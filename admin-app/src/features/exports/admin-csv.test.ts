import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentExport } from '@portal/shared-data';
import { i18n, initI18n, type Language } from '@portal/shared-ui';
import { aPerson } from '../../test-support/fixtures';
import { enrolmentsCsv, fileNamePart, usersCsv } from './admin-csv';
import { namespace } from './i18n';

// The rows of the admin's CSV exports: headers and words in the UI language, moments in one
// format (UTC, to the second), a typed formula kept as text.

beforeAll(() => {
  initI18n({ lng: 'en' });
});

const tIn = (language: Language) => i18n.getFixedT(language, namespace);

/** The cells of the file as a spreadsheet importer reads them (papaparse drops the BOM). */
const cells = (text: string) => Papa.parse<string[]>(text, { header: false }).data;

const lena = aPerson({
  phone: '+34 600 000 000',
  location: 'Madrid',
  createdAt: '2026-01-15T10:30:00.456+01:00',
  lastLogin: null,
  isActive: false,
});

const enrolment: EnrollmentExport = {
  id: 'enrolment-1',
  courseId: 'course-1',
  userId: 'student-1',
  status: 'completed',
  progress: 87.5,
  enrolledAt: '2026-02-01T08:00:00+00:00',
  createdAt: '2026-02-01T08:00:00+00:00',
  updatedAt: '2026-02-01T08:00:00+00:00',
  student: { id: 'student-1', firstName: '=cmd', lastName: 'Fischer', email: 'lena@school.test', avatar: null },
  courseTitle: 'Business Spanish',
};

describe('usersCsv', () => {
  it('writes one row per user under English headers', () => {
    expect(cells(usersCsv([lena], tIn('en')))).toEqual([
      ['First name', 'Last name', 'Email', 'Role', 'Account', 'Phone', 'Location', 'Joined (UTC)', 'Last sign-in (UTC)'],
      ['Lena', 'Fischer', 'lena@school.test', 'Student', 'Inactive', "'+34 600 000 000", 'Madrid', '2026-01-15T09:30:00Z', ''],
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

describe('enrolmentsCsv', () => {
  it('writes the course, the student, the status in words, the progress as a number and the date in UTC', () => {
    expect(cells(enrolmentsCsv([enrolment], tIn('en')))).toEqual([
      ['Course', 'First name', 'Last name', 'Email', 'Enrolment', 'Progress (%)', 'Enrolled (UTC)'],
      ['Business Spanish', "'=cmd", 'Fischer', 'lena@school.test', 'Completed', '87.5', '2026-02-01T08:00:00Z'],
    ]);
  });

  it('writes Spanish headers and statuses, and empty cells for a student no longer visible', () => {
    const [header, row] = cells(enrolmentsCsv([{ ...enrolment, student: null, status: 'dropped' }], tIn('es')));
    expect(header?.[0]).toBe('Curso');
    expect(row).toEqual(['Business Spanish', '', '', '', 'Abandonada', '87.5', '2026-02-01T08:00:00Z']);
  });
});

describe('fileNamePart', () => {
  it('keeps letters and digits of a title, without accents', () => {
    expect(fileNamePart('Español A1: Conversación')).toBe('espanol-a1-conversacion');
    expect(fileNamePart('¿?')).toBe('course');
  });
});
