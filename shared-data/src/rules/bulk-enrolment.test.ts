import { describe, expect, it } from 'vitest';
import { emailsFromCsvRows } from './bulk-enrolment';

describe('emailsFromCsvRows', () => {
  it('reads the column headed email, whatever its place and case', () => {
    expect(
      emailsFromCsvRows([
        ['First name', 'EMAIL'],
        ['Ana', ' ana@example.com '],
        ['Ben', 'ben@example.com'],
      ]),
    ).toEqual(['ana@example.com', 'ben@example.com']);
  });

  it('reads the first column of a file without a header, skipping blank rows', () => {
    expect(
      emailsFromCsvRows([['ana@example.com'], [''], ['  '], ['ben@example.com', 'x']]),
    ).toEqual(['ana@example.com', 'ben@example.com']);
  });

  it('keeps a cell that is not an address, so the report can name it', () => {
    expect(emailsFromCsvRows([['email'], ['not an email']])).toEqual(['not an email']);
  });

  it('an empty file has no emails', () => {
    expect(emailsFromCsvRows([])).toEqual([]);
    expect(emailsFromCsvRows([['email']])).toEqual([]);
  });
});
