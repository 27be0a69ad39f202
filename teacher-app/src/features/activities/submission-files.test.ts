// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fileNameOf, storedFileName, submittedFileMaterial } from './submission-files';

const OLD = 'student-1/activity-1/1700-abc.pdf';
const NEW = 'student-1/activity-1/1701-def.png';

describe('submitted files', () => {
  it('are stored under the last part of their object name', () => {
    expect(storedFileName(OLD)).toBe('1700-abc.pdf');
    expect(storedFileName('plain.txt')).toBe('plain.txt');
    expect(storedFileName('a/b/')).toBe('a/b/');
  });

  it('are named by the name they had when handed in', () => {
    const submission = { fileUrls: [OLD, NEW], fileNames: ['Mi redacción.pdf', 'Mapa (v2).png'] };
    expect(fileNameOf(submission, OLD)).toBe('Mi redacción.pdf');
    expect(fileNameOf(submission, NEW)).toBe('Mapa (v2).png');
  });

  it('fall back to the stored name for work handed in before names were kept', () => {
    expect(fileNameOf({ fileUrls: [OLD], fileNames: [] }, OLD)).toBe('1700-abc.pdf');
    // An object that is not one of the submission's files still gets a name.
    expect(fileNameOf({ fileUrls: [OLD], fileNames: ['a.pdf'] }, NEW)).toBe('1701-def.png');
  });

  it("describe a file for the viewer by its original name, as the student's, handed in at the submission time", () => {
    const submission = {
      fileUrls: ['s/a/1700-abc.bin'],
      fileNames: ['Recording.mp3'],
      studentName: 'Ana García',
      submittedAt: '2026-03-14T18:05:00Z',
    };
    expect(submittedFileMaterial(submission, 's/a/1700-abc.bin')).toEqual({
      title: 'Recording.mp3',
      type: 'audio',
      fileName: 'Recording.mp3',
      size: null,
      uploadedBy: 'Ana García',
      uploadedAt: '2026-03-14T18:05:00Z',
    });
    expect(
      submittedFileMaterial({ ...submission, fileNames: [] }, 's/a/1700-abc.bin'),
    ).toMatchObject({ title: '1700-abc.bin', fileName: '1700-abc.bin' });
  });
});
