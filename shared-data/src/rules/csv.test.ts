// @vitest-environment node
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileDate, csvTimestamp, toCsv } from './csv';

/** The cells of the file as a spreadsheet importer reads them (papaparse drops the BOM). */
function cells(text: string): string[][] {
  return Papa.parse<string[]>(text, { header: false }).data;
}

describe('toCsv', () => {
  it('writes a header and rows with Windows line ends, after a byte-order mark', () => {
    const text = toCsv(['Nombre', 'Cursos'], [['Núñez, Sara', 'A; B']]);
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(text).toBe('\ufeffNombre,Cursos\r\n"Núñez, Sara",A; B');
  });

  it.each([
    ['=', '=HYPERLINK("https://evil.test","Click")'],
    ['+', '+1+cmd|"/c calc"!A0'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A9)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
  ])('keeps a cell starting with %s as text', (_, value) => {
    const [, row] = cells(toCsv(['Name'], [[value]]));
    expect(row).toEqual([`'${value}`]);
  });

  it('escapes a formula that spans lines (papaparse’s own pattern misses it)', () => {
    const value = '=1+1\nsecond line';
    const [, row] = cells(toCsv(['Name'], [[value]]));
    expect(row).toEqual([`'${value}`]);
  });

  it('leaves ordinary text, numbers (negative ones too) and empty cells alone', () => {
    const text = toCsv(['a', 'b', 'c', 'd', 'e'], [['Sara', 85, -5, '', null]]);
    expect(text.split('\r\n')[1]).toBe('Sara,85,-5,,');
  });
});

describe('csvTimestamp', () => {
  it('writes every moment in UTC to the second, whatever offset the database gave', () => {
    expect(csvTimestamp('2026-03-10T10:05:00.123+01:00')).toBe('2026-03-10T09:05:00Z');
    expect(csvTimestamp('2026-11-28T23:59:59Z')).toBe('2026-11-28T23:59:59Z');
  });

  it('leaves the cell empty for no date or one it cannot read', () => {
    expect(csvTimestamp(null)).toBe('');
    expect(csvTimestamp(undefined)).toBe('');
    expect(csvTimestamp('not a date')).toBe('');
  });
});

describe('csvFileDate', () => {
  it('writes the local date with two-digit month and day', () => {
    expect(csvFileDate(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });
});
