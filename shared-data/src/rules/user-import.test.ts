// @vitest-environment node
import { describe, expect, it } from 'vitest';
import * as validationTexts from '../../../shared-ui/src/i18n/namespaces/validation';
import {
  USER_IMPORT_BATCH_SIZE,
  USER_IMPORT_MAX_ROWS,
  importBatches,
  importSummary,
  normalizeColumn,
  parseImportRole,
  previewUserImport,
  rowsToSend,
  userImportReport,
  type UserImportMessageKey,
  type UserImportResult,
} from './user-import';

const HEADER = ['first_name', 'last_name', 'email', 'role', 'phone', 'location'];

type Record_ = Record<string, string>;
const row = (changes: Record_ = {}): Record_ => ({
  first_name: 'Lucía',
  last_name: 'Ortega',
  email: 'lucia@school.test',
  role: 'student',
  phone: '',
  location: '',
  ...changes,
});

describe('previewUserImport: the file', () => {
  it('needs the four required columns, in any case and spelling of spaces', () => {
    expect(previewUserImport(['first_name', 'email'], [])).toEqual({
      rows: [],
      fileProblem: { key: 'userImportMissingColumns', columns: ['last_name', 'role'] },
      valid: 0,
      invalid: 0,
    });
    const preview = previewUserImport(
      ['\uFEFFFirst Name', ' LAST-NAME ', 'Email', 'Role'],
      [
        {
          '\uFEFFFirst Name': 'Ana',
          ' LAST-NAME ': 'Gil',
          Email: 'ana@school.test',
          Role: 'Teacher',
        },
      ],
    );
    expect(preview.fileProblem).toBeNull();
    expect(preview.rows[0]?.input).toEqual({
      email: 'ana@school.test',
      firstName: 'Ana',
      lastName: 'Gil',
      role: 'teacher',
      phone: null,
      location: null,
    });
  });

  it('refuses a file without rows (blank lines do not count)', () => {
    expect(previewUserImport(HEADER, []).fileProblem).toEqual({ key: 'userImportEmpty' });
    expect(
      previewUserImport(HEADER, [row({ first_name: '', last_name: ' ', email: '', role: '' })])
        .fileProblem,
    ).toEqual({ key: 'userImportEmpty' });
  });

  it(`takes ${USER_IMPORT_MAX_ROWS} rows and refuses one more, as a whole`, () => {
    const rows = (count: number) =>
      Array.from({ length: count }, (_, index) => row({ email: `user${index}@school.test` }));
    const largest = previewUserImport(HEADER, rows(500));
    expect(largest.fileProblem).toBeNull();
    expect(largest.valid).toBe(500);

    const tooMany = previewUserImport(HEADER, rows(501));
    expect(tooMany).toEqual({
      rows: [],
      fileProblem: { key: 'userImportTooManyRows', count: 501, max: 500 },
      valid: 0,
      invalid: 0,
    });
  });
});

describe('previewUserImport: each row', () => {
  it('checks every row and numbers it by its line in the file (header = 1)', () => {
    const preview = previewUserImport(HEADER, [
      row(),
      row({ first_name: '', email: 'no-name@school.test' }),
      row({ email: 'not-an-email', role: 'principal' }),
      row({ last_name: '', role: '', email: '' }),
    ]);
    expect(preview.valid).toBe(1);
    expect(preview.invalid).toBe(3);
    expect(preview.rows.map((entry) => [entry.line, entry.problems])).toEqual([
      [2, []],
      [3, [{ column: 'first_name', key: 'userFirstNameRequired' }]],
      [
        4,
        [
          { column: 'email', key: 'userEmailInvalid' },
          { column: 'role', key: 'userRoleInvalid' },
        ],
      ],
      [
        5,
        [
          { column: 'last_name', key: 'userLastNameRequired' },
          { column: 'email', key: 'userEmailRequired' },
          { column: 'role', key: 'userRoleRequired' },
        ],
      ],
    ]);
    expect(preview.rows.slice(1).every((entry) => entry.input === null)).toBe(true);
  });

  it('keeps line numbers true when blank lines are skipped', () => {
    const preview = previewUserImport(HEADER, [
      row(),
      row({ first_name: '', last_name: '', email: '', role: '' }),
      row({ email: 'second@school.test' }),
    ]);
    expect(preview.rows.map((entry) => entry.line)).toEqual([2, 4]);
  });

  it('refuses the same email twice in the file, whatever its case, naming the first line', () => {
    const preview = previewUserImport(HEADER, [
      row({ email: 'Ana@School.test' }),
      row({ email: 'other@school.test' }),
      row({ email: 'ana@school.TEST' }),
    ]);
    expect(preview.rows[0]?.problems).toEqual([]);
    expect(preview.rows[2]?.problems).toEqual([
      { column: 'email', key: 'userImportDuplicateEmail', line: 2 },
    ]);
    expect(preview.valid).toBe(2);
  });

  it('reads an optional language column (en/es or the language named in either language, any case)', () => {
    const preview = previewUserImport(
      [...HEADER, 'Language'],
      [
        row({ email: 'a@school.test', Language: 'es' }),
        row({ email: 'b@school.test', Language: ' English ' }),
        row({ email: 'c@school.test', Language: 'Español' }),
        row({ email: 'd@school.test', Language: 'ingles' }),
        row({ email: 'e@school.test', Language: '' }),
      ],
    );
    expect(preview.valid).toBe(5);
    expect(preview.rows.map((entry) => entry.input?.language)).toEqual([
      'es',
      'en',
      'es',
      'en',
      undefined,
    ]);
    // A file without the column: the school's default language, as before.
    expect(previewUserImport(HEADER, [row()]).rows[0]?.input?.language).toBeUndefined();
  });

  it('refuses a row whose language the portal has no screens in, naming the column', () => {
    const preview = previewUserImport(
      [...HEADER, 'language'],
      [row({ language: 'fr' }), row({ email: 'ok@school.test', language: 'en' })],
    );
    expect(preview.rows[0]?.problems).toEqual([
      { column: 'language', key: 'userImportLanguageInvalid' },
    ]);
    expect(preview.rows[0]?.input).toBeNull();
    expect(preview.rows[0]?.values.language).toBe('fr');
    expect(preview.valid).toBe(1);
  });

  it('holds texts to the users table limits', () => {
    const preview = previewUserImport(HEADER, [
      row({ first_name: 'a'.repeat(101), phone: '1'.repeat(41), location: 'x'.repeat(121) }),
    ]);
    expect(preview.rows[0]?.problems).toEqual([
      { column: 'first_name', key: 'userTextTooLong', max: 100 },
      { column: 'phone', key: 'userTextTooLong', max: 40 },
      { column: 'location', key: 'userTextTooLong', max: 120 },
    ]);
  });

  it('trims cells and sends optional blanks as null, phone and location when given', () => {
    const preview = previewUserImport(HEADER, [
      row({
        first_name: '  Ana ',
        email: ' ana@school.test ',
        phone: ' +34 600 ',
        location: 'Lima',
      }),
    ]);
    expect(preview.rows[0]?.input).toEqual({
      email: 'ana@school.test',
      firstName: 'Ana',
      lastName: 'Ortega',
      role: 'student',
      phone: '+34 600',
      location: 'Lima',
    });
  });

  it('works without the optional columns', () => {
    const preview = previewUserImport(
      ['first_name', 'last_name', 'email', 'role'],
      [{ first_name: 'Ana', last_name: 'Gil', email: 'ana@school.test', role: 'admin' }],
    );
    expect(preview.rows[0]?.input).toMatchObject({ role: 'admin', phone: null, location: null });
  });
});

describe('parseImportRole and normalizeColumn', () => {
  it('reads the roles in English and Spanish, any case', () => {
    expect(['Student', 'ESTUDIANTE', 'alumna'].map(parseImportRole)).toEqual([
      'student',
      'student',
      'student',
    ]);
    expect(['teacher', 'Profesor', 'docente'].map(parseImportRole)).toEqual([
      'teacher',
      'teacher',
      'teacher',
    ]);
    expect(['admin', 'Administrador'].map(parseImportRole)).toEqual(['admin', 'admin']);
    expect(['', 'owner', 'stud ent'].map(parseImportRole)).toEqual([null, null, null]);
  });

  it('reads column names the way people write them', () => {
    expect(['First Name', 'last-name', ' EMAIL ', '\uFEFFrole'].map(normalizeColumn)).toEqual([
      'first_name',
      'last_name',
      'email',
      'role',
    ]);
  });
});

describe('sending and the report', () => {
  const preview = previewUserImport(HEADER, [
    row({ email: 'a@school.test' }),
    row({ email: 'bad' }),
    row({ email: 'b@school.test' }),
    row({ email: 'c@school.test' }),
  ]);

  it('sends only the rows without problems, in file order', () => {
    expect(rowsToSend(preview).map((input) => input.email)).toEqual([
      'a@school.test',
      'b@school.test',
      'c@school.test',
    ]);
  });

  it('pairs each answer with its row and keeps the rows never sent with their problems', () => {
    const results: UserImportResult[] = [
      { status: 'created', userId: 'u-a', temporaryPassword: 'Pw-a' },
      {
        status: 'failed',
        error: {
          code: 'CREATE_USERS_ERROR',
          message: 'A user with this email already exists',
          details: { code: 'EMAIL_TAKEN' },
        },
      },
      { status: 'created', userId: 'u-c', temporaryPassword: 'Pw-c' },
    ];
    const report = userImportReport(preview, results);
    expect(report.map((outcome) => [outcome.line, outcome.values.email, outcome.status])).toEqual([
      [2, 'a@school.test', 'created'],
      [3, 'bad', 'invalid'],
      [4, 'b@school.test', 'failed'],
      [5, 'c@school.test', 'created'],
    ]);
    expect(report[0]).toMatchObject({ userId: 'u-a', temporaryPassword: 'Pw-a' });
    expect(report[1]).toMatchObject({
      problems: [{ column: 'email', key: 'userEmailInvalid' }],
    });
    expect(report[2]).toMatchObject({ error: { details: { code: 'EMAIL_TAKEN' } } });
    expect(importSummary(report)).toEqual({ created: 2, failed: 2 });
  });

  it('reports a row the server never answered as failed', () => {
    const report = userImportReport(preview, [
      { status: 'created', userId: 'u-a', temporaryPassword: 'Pw-a' },
    ]);
    expect(report.map((outcome) => outcome.status)).toEqual([
      'created',
      'invalid',
      'failed',
      'failed',
    ]);
  });

  it(`sends at most ${USER_IMPORT_BATCH_SIZE} rows per call (the function takes 100)`, () => {
    expect(USER_IMPORT_BATCH_SIZE).toBeLessThanOrEqual(100);
    const items = Array.from({ length: 120 }, (_, index) => index);
    expect(importBatches(items).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(importBatches(items, 100).map((batch) => batch.length)).toEqual([100, 20]);
    expect(importBatches([])).toEqual([]);
  });
});

describe('the import messages', () => {
  it('exist in both languages', () => {
    const keys: UserImportMessageKey[] = [
      'userImportDuplicateEmail',
      'userImportEmpty',
      'userImportTooManyRows',
      'userImportMissingColumns',
      'userRoleInvalid',
      'userImportLanguageInvalid',
    ];
    for (const key of keys) {
      expect(validationTexts.en[key]).toBeTruthy();
      expect(validationTexts.es[key]).toBeTruthy();
    }
  });
});
