import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentExport } from '@portal/shared-data';
import { i18n, initI18n, type Language } from '@portal/shared-ui';
import { enrolmentsCsv, fileNamePart } from './enrolments-csv';
import { namespace as exportNamespace } from './export-i18n';

// The rows of Course Management's CSV exports (a roster, all enrolments).

beforeAll(() => {
  initI18n({ lng: 'en' });
});

const tIn = (language: Language) => i18n.getFixedT(language, exportNamespace);

/** The cells of the file as a spreadsheet importer reads them (papaparse drops the BOM). */
const cells = (text: string) => Papa.parse<string[]>(text, { header: false }).data;

const enrolment: EnrollmentExport = {
  id: 'enrolment-1',
  courseId: 'course-1',
  userId: 'student-1',
  status: 'completed',
  progress: 87.5,
  enrolledAt: '2026-02-01T09:00:00+01:00',
  createdAt: '2026-02-01T08:00:00+00:00',
  updatedAt: '2026-02-01T08:00:00+00:00',
  student: {
    id: 'student-1',
    firstName: '=cmd',
    lastName: 'Fischer',
    email: 'lena@school.test',
    avatar: null,
  },
  courseTitle: 'Business Spanish',
};

describe('enrolmentsCsv', () => {
  it('writes the course, the student, the status in words, the progress as a number and the date in UTC', () => {
    expect(cells(enrolmentsCsv([enrolment], tIn('en')))).toEqual([
      ['Course', 'First name', 'Last name', 'Email', 'Enrolment', 'Progress (%)', 'Enrolled (UTC)'],
      [
        'Business Spanish',
        "'=cmd",
        'Fischer',
        'lena@school.test',
        'Completed',
        '87.5',
        '2026-02-01T08:00:00Z',
      ],
    ]);
  });

  it('writes Spanish headers and statuses, and empty cells for a student no longer visible', () => {
    const [header, row] = cells(
      enrolmentsCsv([{ ...enrolment, student: null, status: 'dropped' }], tIn('es')),
    );
    expect(header).toEqual([
      'Curso',
      'Nombre',
      'Apellido',
      'Correo',
      'Inscripción',
      'Progreso (%)',
      'Fecha de inscripción (UTC)',
    ]);
    expect(row).toEqual([
      'Business Spanish',
      '',
      '',
      '',
      'Abandonada',
      '87.5',
      '2026-02-01T08:00:00Z',
    ]);
  });
});

describe('fileNamePart', () => {
  it('keeps letters and digits of a title, without accents', () => {
    expect(fileNamePart('Español A1: Conversación')).toBe('espanol-a1-conversacion');
    expect(fileNamePart('¿?')).toBe('course');
  });
});
