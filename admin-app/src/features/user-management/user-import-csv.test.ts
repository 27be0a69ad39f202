import { describe, expect, it } from 'vitest';
import { previewUserImport, type UserImportOutcome } from '@portal/shared-data';
import { parseUserCsv, userImportReportCsv, userImportTemplateCsv } from './user-import-csv';

/** Echoes keys, so the test reads what the report asks for. */
const t = (key: string) => key;

const values = (changes: Partial<Record<string, string>> = {}) => ({
  first_name: 'Ana',
  last_name: 'Gil',
  email: 'ana@school.test',
  role: 'student',
  phone: '',
  location: '',
  language: '',
  ...changes,
});

describe('parseUserCsv', () => {
  it('reads a header and its rows, with quoted commas, a BOM and Windows line ends', async () => {
    const parsed = await parseUserCsv(
      '\uFEFFfirst_name,last_name,email,role,location\r\n"Ana, María",Gil,ana@school.test,teacher,"Lima, Perú"\r\n',
    );
    expect(parsed?.columns).toEqual(['first_name', 'last_name', 'email', 'role', 'location']);
    const preview = previewUserImport(parsed!.columns, parsed!.records);
    expect(preview.rows).toHaveLength(1);
    expect(preview.rows[0]?.input).toMatchObject({
      firstName: 'Ana, María',
      location: 'Lima, Perú',
      role: 'teacher',
    });
  });

  it('keeps blank lines out of the rows but counts them in the line numbers', async () => {
    const parsed = await parseUserCsv(
      'first_name,last_name,email,role\nAna,Gil,ana@school.test,student\n\nBo,Li,bo@school.test,admin\n',
    );
    const preview = previewUserImport(parsed!.columns, parsed!.records);
    expect(preview.rows.map((row) => [row.line, row.values.email])).toEqual([
      [2, 'ana@school.test'],
      [4, 'bo@school.test'],
    ]);
  });

  it('reads a file too', async () => {
    const file = new File(
      ['first_name,last_name,email,role\nAna,Gil,a@school.test,admin\n'],
      'u.csv',
    );
    const parsed = await parseUserCsv(file);
    expect(parsed?.records[0]).toMatchObject({ first_name: 'Ana', role: 'admin' });
  });

  it('is null for an empty file', async () => {
    expect(await parseUserCsv('')).toBeNull();
  });
});

describe('the template', () => {
  it('is a file the import accepts as it is', async () => {
    const parsed = await parseUserCsv(userImportTemplateCsv());
    const preview = previewUserImport(parsed!.columns, parsed!.records);
    expect(preview.fileProblem).toBeNull();
    expect(preview.valid).toBe(1);
  });

  it('shows the optional language column, filled in (issue 29 item 10)', async () => {
    const parsed = await parseUserCsv(userImportTemplateCsv());
    expect(parsed!.columns).toContain('language');
    const preview = previewUserImport(parsed!.columns, parsed!.records);
    expect(preview.rows[0]?.input?.language).toBe('es');
  });
});

describe('userImportReportCsv', () => {
  const outcomes: UserImportOutcome[] = [
    {
      line: 2,
      values: values(),
      status: 'created',
      userId: 'u-1',
      temporaryPassword: 'Ab3!cd-EF9gh+Jk2',
    },
    {
      line: 3,
      values: values({ first_name: '=HYPERLINK("http://evil.test")', email: 'x@school.test' }),
      status: 'invalid',
      problems: [],
    },
  ];

  it('has a row per line with the password of each created account, and no formula a spreadsheet would run', async () => {
    const csv = userImportReportCsv(outcomes, t, () => 'why');
    const parsed = await parseUserCsv(csv);
    const [created, refused] = parsed!.records;
    expect(parsed!.columns).toEqual([
      'import.columns.line',
      'import.columns.firstName',
      'import.columns.lastName',
      'import.columns.email',
      'import.columns.role',
      'import.columns.result',
      'import.columns.reason',
      'import.columns.temporaryPassword',
    ]);
    expect(created).toMatchObject({
      'import.columns.line': '2',
      'import.columns.result': 'import.created',
      'import.columns.reason': '',
      'import.columns.temporaryPassword': 'Ab3!cd-EF9gh+Jk2',
    });
    expect(refused).toMatchObject({
      'import.columns.firstName': `'=HYPERLINK("http://evil.test")`,
      'import.columns.result': 'import.notCreated',
      'import.columns.reason': 'why',
      'import.columns.temporaryPassword': '',
    });
  });
});
