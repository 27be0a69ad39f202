// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MAX_LENGTH,
  gradeFormFromSubmission,
  toGradeInput,
  validateGrade,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  SUBMISSION_TEXT_MAX_LENGTH,
  SUBMISSION_TYPES_BY_EXTENSION,
  submissionContentType,
  submissionFileProblems,
  submissionTextLength,
  validateSubmission,
} from './submission';
import { SUBMISSION_MIME_TYPES } from './uploads';

const MB = 1024 * 1024;

function file(name: string, type = 'application/pdf', size = 10) {
  return { name, type, size };
}

describe('validateSubmission', () => {
  it('accepts an answer alone, files alone, or kept files alone', () => {
    expect(validateSubmission({ text: 'My essay', files: [] })).toEqual({});
    expect(validateSubmission({ text: '', files: [file('essay.pdf')] })).toEqual({});
    expect(validateSubmission({ text: '  ', files: [], keptFiles: ['s/a/1-x.pdf'] })).toEqual({});
  });

  it('refuses sending nothing, spaces counting as nothing', () => {
    expect(validateSubmission({ text: '', files: [] })).toEqual({ text: 'submissionEmpty' });
    expect(validateSubmission({ text: ' \n\t ', files: [], keptFiles: [] })).toEqual({
      text: 'submissionEmpty',
    });
  });

  it('allows 20,000 characters of answer, as the database does, and refuses one more', () => {
    expect(SUBMISSION_TEXT_MAX_LENGTH).toBe(20_000);
    expect(validateSubmission({ text: 'a'.repeat(20_000), files: [] })).toEqual({});
    expect(validateSubmission({ text: 'a'.repeat(20_001), files: [] })).toEqual({
      text: 'submissionTextTooLong',
    });
    // Surrounding spaces are trimmed before saving; an emoji is one character for the database.
    expect(validateSubmission({ text: ` ${'a'.repeat(20_000)} `, files: [] })).toEqual({});
    expect(submissionTextLength('😀😀 ')).toBe(2);
  });

  it('allows 20 files in all, kept ones included', () => {
    expect(SUBMISSION_MAX_FILES).toBe(20);
    const ten = Array.from({ length: 10 }, (_, index) => file(`part-${index}.pdf`));
    const kept = Array.from({ length: 10 }, (_, index) => `s/a/${index}.pdf`);
    expect(validateSubmission({ text: '', files: ten, keptFiles: kept })).toEqual({});
    expect(
      validateSubmission({ text: '', files: [...ten, file('one-more.pdf')], keptFiles: kept }),
    ).toEqual({ files: 'submissionTooManyFiles' });
  });

  it('refuses files over 20 MB and files the bucket does not accept', () => {
    expect(SUBMISSION_MAX_BYTES).toBe(20 * MB);
    expect(
      validateSubmission({ text: 'x', files: [file('big.pdf', 'application/pdf', 20 * MB)] }),
    ).toEqual({});
    expect(
      validateSubmission({ text: 'x', files: [file('big.pdf', 'application/pdf', 20 * MB + 1)] }),
    ).toEqual({ files: 'submissionFileTooLarge' });
    expect(
      validateSubmission({ text: 'x', files: [file('run.exe', 'application/x-msdownload')] }),
    ).toEqual({ files: 'submissionFileType' });
  });
});

describe('submission files', () => {
  it('accepts the bucket types, and infers a missing type from the extension', () => {
    expect(submissionContentType(file('essay.pdf', 'application/pdf'))).toBe('application/pdf');
    expect(submissionContentType(file('notes.md', ''))).toBe('text/markdown');
    expect(submissionContentType(file('talk.m4a', 'application/octet-stream'))).toBe('audio/mp4');
    expect(submissionContentType(file('run.exe', 'application/x-msdownload'))).toBeNull();
    expect(submissionContentType(file('mystery', ''))).toBeNull();
  });

  it('maps every extension to a type the bucket accepts', () => {
    for (const type of Object.values(SUBMISSION_TYPES_BY_EXTENSION)) {
      expect(SUBMISSION_MIME_TYPES).toContain(type);
    }
  });

  it('names each refused file once, size first', () => {
    const big = file('video.exe', 'application/x-msdownload', 21 * MB);
    const odd = file('run.exe', 'application/x-msdownload');
    expect(submissionFileProblems([file('ok.pdf'), big, odd])).toEqual([
      { file: big, kind: 'tooLarge' },
      { file: odd, kind: 'wrongType' },
    ]);
  });

  it('uses the limits of the activity_submissions table', () => {
    const migration = readFileSync(
      resolve(
        dirname(fileURLToPath(import.meta.url)),
        '../../../supabase/migrations/20261122000700_activities.sql',
      ),
      'utf8',
    );
    expect(migration).toContain(`char_length(submission_text) <= ${SUBMISSION_TEXT_MAX_LENGTH}`);
    expect(migration).toContain(`cardinality(file_urls) <= ${SUBMISSION_MAX_FILES}`);
  });
});

describe('validateGrade', () => {
  it.each<[number | string, string | undefined]>([
    ['', 'gradeRequired'],
    ['  ', 'gradeRequired'],
    ['ten', 'gradeRequired'],
    [-0.5, 'gradeNegative'],
    ['-1', 'gradeNegative'],
    [0, undefined],
    ['0', undefined],
    [17.5, undefined],
    ['17.25', undefined],
    [17.125, 'gradeDecimals'],
    [20, undefined],
    [20.01, 'gradeAboveMax'],
    [21, 'gradeAboveMax'],
  ])('a grade of %j out of 20 → %s', (grade, key) => {
    expect(validateGrade({ grade, feedback: '' }, 20).grade).toBe(key);
  });

  it('limits the feedback to 5000 characters after trimming', () => {
    expect(FEEDBACK_MAX_LENGTH).toBe(5000);
    expect(validateGrade({ grade: 5, feedback: ` ${'a'.repeat(5000)} ` }, 10)).toEqual({});
    expect(validateGrade({ grade: 5, feedback: 'a'.repeat(5001) }, 10)).toEqual({
      feedback: 'feedbackTooLong',
    });
  });
});

describe('grading form values', () => {
  it('start from the saved grade and feedback, or empty', () => {
    expect(gradeFormFromSubmission({ grade: 17.5, feedback: 'Good' })).toEqual({
      grade: 17.5,
      feedback: 'Good',
      feedbackAudio: null,
    });
    expect(
      gradeFormFromSubmission({ grade: null, feedback: null, feedbackAudio: 'a/s/f.webm' }),
    ).toEqual({
      grade: '',
      feedback: '',
      feedbackAudio: 'a/s/f.webm',
    });
  });

  it('send the recorded feedback only when the form has one to say (null removes it)', () => {
    expect(toGradeInput('sub-1', { grade: 3, feedback: '', feedbackAudio: 'a/s/f.webm' })).toEqual({
      id: 'sub-1',
      grade: 3,
      feedback: null,
      feedbackAudio: 'a/s/f.webm',
    });
    expect(toGradeInput('sub-1', { grade: 3, feedback: '', feedbackAudio: null })).toMatchObject({
      feedbackAudio: null,
    });
    expect(toGradeInput('sub-1', { grade: 3, feedback: '' })).not.toHaveProperty('feedbackAudio');
  });

  it('are sent as a number and trimmed feedback, empty feedback as none', () => {
    expect(toGradeInput('sub-1', { grade: '18.5', feedback: '  Well argued ' })).toEqual({
      id: 'sub-1',
      grade: 18.5,
      feedback: 'Well argued',
    });
    expect(toGradeInput('sub-1', { grade: 0, feedback: '   ' })).toEqual({
      id: 'sub-1',
      grade: 0,
      feedback: null,
    });
  });
});

describe('grading with a rubric (issue 32)', () => {
  const rubric = {
    title: 'Speaking',
    criteria: [
      {
        id: 'c1',
        title: 'Fluency',
        levels: [
          { id: 'l1', title: 'Hesitant', points: 1 },
          { id: 'l2', title: 'Fluent', points: 4.5 },
        ],
      },
    ],
  };

  it('needs a level of every criterion, and no typed grade', () => {
    const empty = gradeFormFromSubmission({ grade: null, feedback: null }, rubric);
    expect(empty).toEqual({ grade: '', feedback: '', feedbackAudio: null, rubricScores: {} });
    expect(validateGrade(empty, 10, rubric)).toEqual({ rubricScores: 'gradeRubricIncomplete' });
    expect(validateGrade({ ...empty, rubricScores: { c1: 'l2' } }, 10, rubric)).toEqual({});
  });

  it('sends the chosen levels (the database sums them into the grade)', () => {
    expect(
      toGradeInput('s1', { grade: '', feedback: ' Good ', rubricScores: { c1: 'l2' } }),
    ).toEqual({ id: 's1', grade: 0, feedback: 'Good', rubricScores: { c1: 'l2' } });
  });
});
