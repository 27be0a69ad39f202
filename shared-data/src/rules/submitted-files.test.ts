// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  SUBMITTED_FILE_NAME_MAX_LENGTH,
  fileNamesFor,
  storedFileName,
  fileNameToKeep,
  submittedFileType,
  submittedFiles,
} from './submitted-files';

const OBJECT = 'student-1/activity-1/1732000000000-ab12cd34.pdf';

describe('storedFileName', () => {
  it('is the last segment of the object name', () => {
    expect(storedFileName(OBJECT)).toBe('1732000000000-ab12cd34.pdf');
    expect(storedFileName('plain.pdf')).toBe('plain.pdf');
    expect(storedFileName('folder/')).toBe('folder/');
  });
});

describe('fileNameToKeep', () => {
  it('keeps the name the file had, trimmed', () => {
    expect(fileNameToKeep('  Mi redacción final.pdf ', OBJECT)).toBe('Mi redacción final.pdf');
  });

  it('uses the stored name for a blank name', () => {
    expect(fileNameToKeep('   ', OBJECT)).toBe('1732000000000-ab12cd34.pdf');
  });

  it('cuts a name longer than 255 characters before its extension', () => {
    const long = `${'á'.repeat(300)}.docx`;
    const kept = fileNameToKeep(long, OBJECT);
    expect([...kept]).toHaveLength(SUBMITTED_FILE_NAME_MAX_LENGTH);
    expect(kept.endsWith('.docx')).toBe(true);
    expect(kept.startsWith('ááá')).toBe(true);
  });

  it('counts characters as the database does (an emoji is one)', () => {
    const emoji = `${'😀'.repeat(255)}`;
    expect(fileNameToKeep(emoji, OBJECT)).toBe(emoji);
    expect([...fileNameToKeep(`${emoji}😀`, OBJECT)]).toHaveLength(255);
  });

  it('cuts a long name without an extension at 255 characters', () => {
    expect(fileNameToKeep('x'.repeat(400), OBJECT)).toBe('x'.repeat(255));
  });
});

describe('fileNamesFor', () => {
  const urls = [OBJECT, 'student-1/activity-1/1732000000001-ef56gh78.png'];

  it('gives one kept name per file, in order', () => {
    expect(fileNamesFor(urls, [' essay.pdf', 'diagram.png '])).toEqual([
      'essay.pdf',
      'diagram.png',
    ]);
  });

  it('gives none when the names do not match the files one to one, or are missing', () => {
    expect(fileNamesFor(urls, ['essay.pdf'])).toEqual([]);
    expect(fileNamesFor(urls, undefined)).toEqual([]);
    expect(fileNamesFor([], [])).toEqual([]);
  });
});

describe('submittedFiles', () => {
  it('names each file by its original name', () => {
    expect(submittedFiles({ fileUrls: [OBJECT], fileNames: ['Mi redacción final.pdf'] })).toEqual([
      { objectName: OBJECT, name: 'Mi redacción final.pdf' },
    ]);
  });

  it('falls back to the stored name for work without names', () => {
    expect(submittedFiles({ fileUrls: [OBJECT], fileNames: [] })).toEqual([
      { objectName: OBJECT, name: '1732000000000-ab12cd34.pdf' },
    ]);
  });

  it('falls back for a blank name, and when the names do not match the files', () => {
    const other = 'student-1/activity-1/1732000000001-ef56gh78.png';
    expect(submittedFiles({ fileUrls: [OBJECT, other], fileNames: [' ', 'b.png'] })).toEqual([
      { objectName: OBJECT, name: '1732000000000-ab12cd34.pdf' },
      { objectName: other, name: 'b.png' },
    ]);
    expect(submittedFiles({ fileUrls: [OBJECT, other], fileNames: ['only-one.pdf'] })).toEqual([
      { objectName: OBJECT, name: '1732000000000-ab12cd34.pdf' },
      { objectName: other, name: '1732000000001-ef56gh78.png' },
    ]);
  });
});

describe('the file_names checks of activity_submissions', () => {
  it('allow the same length as SUBMITTED_FILE_NAME_MAX_LENGTH', () => {
    const migration = readFileSync(
      resolve(
        dirname(fileURLToPath(import.meta.url)),
        '../../../supabase/migrations/20261122000700_activities.sql',
      ),
      'utf8',
    );
    expect(migration).toContain(
      `char_length(btrim(n)) between 1 and ${SUBMITTED_FILE_NAME_MAX_LENGTH}`,
    );
  });
});

describe('submittedFileType', () => {
  it.each([
    ['essay.pdf', 'pdf'],
    ['talk.MP3', 'audio'],
    ['clip.mp4', 'video'],
    ['notes.docx', 'document'],
    ['notes.txt', 'document'],
    ['photo.jpg', 'document'],
    ['work.zip', 'other'],
    ['table.csv', 'other'],
  ])('%s is shown in the viewer as %s', (name, type) => {
    expect(submittedFileType(name)).toBe(type);
  });
});
