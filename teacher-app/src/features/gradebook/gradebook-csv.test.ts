// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Gradebook } from '@portal/shared-data';
import { gradebookCsv, gradebookCsvFileName } from './gradebook-csv';

const labels = {
  name: 'Student',
  email: 'Email',
  total: 'Total (%)',
  missing: 'Missing',
  submitted: 'Submitted',
};

const book: Gradebook = {
  course: { id: 'c1', title: 'Spanish A1', gradeWeights: {} },
  activities: [
    { id: 'a1', title: 'Quiz 1', type: 'quiz', maxPoints: 10, dueDate: null, classId: null },
    { id: 'a2', title: '=Essay', type: 'assignment', maxPoints: 20, dueDate: null, classId: null },
    { id: 'a3', title: 'Talk', type: 'presentation', maxPoints: 5, dueDate: null, classId: null },
  ],
  students: [
    {
      id: 's1',
      firstName: 'Ana',
      lastName: 'López',
      name: 'Ana López',
      email: 'ana@example.test',
      enrollmentStatus: 'active',
      earned: 7.5,
      possible: 30,
      total: 25,
      cells: [
        { grade: 7.5, state: 'graded', late: true },
        { grade: null, state: 'missing', late: false },
        { grade: null, state: 'submitted', late: false },
      ],
    },
    {
      id: 's2',
      firstName: '@Bo',
      lastName: '',
      name: '@Bo',
      email: 'bo@example.test',
      enrollmentStatus: 'active',
      earned: 0,
      possible: 0,
      total: null,
      cells: [
        { grade: null, state: 'open', late: false },
        { grade: null, state: 'open', late: false },
        { grade: null, state: 'open', late: false },
      ],
    },
  ],
};

describe('gradebookCsv', () => {
  it('writes one row per student: name, email, each activity, total', () => {
    // No cell here holds a comma; a formula-like cell is quoted with a leading apostrophe.
    const parsed = gradebookCsv(book, labels)
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.split(','));
    expect(parsed).toEqual([
      ['Student', 'Email', 'Quiz 1 (/10)', '"\'=Essay (/20)"', 'Talk (/5)', 'Total (%)'],
      ['Ana López', 'ana@example.test', '7.5', 'Missing', 'Submitted', '25'],
      ['"\'@Bo"', 'bo@example.test', '', '', '', ''],
    ]);
  });

  it('starts with a byte-order mark and ends lines with CRLF (the shared writer)', () => {
    const text = gradebookCsv(book, labels);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
  });
});

describe('gradebookCsvFileName', () => {
  it('names the file after the course, in safe characters', () => {
    expect(gradebookCsvFileName('Español: Nivel A1/B1', '2026-03-10')).toBe(
      'gradebook-espanol-nivel-a1-b1-2026-03-10.csv',
    );
    expect(gradebookCsvFileName('***', '2026-03-10')).toBe('gradebook-course-2026-03-10.csv');
  });
});
