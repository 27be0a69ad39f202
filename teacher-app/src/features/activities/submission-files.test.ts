import { describe, expect, it } from 'vitest';
import { storedFileName, submittedFileMaterial, viewerTypeOf } from './submission-files';

describe('submitted files', () => {
  it('are named by the last part of their object name', () => {
    expect(storedFileName('student-1/activity-1/1700-abc.pdf')).toBe('1700-abc.pdf');
    expect(storedFileName('plain.txt')).toBe('plain.txt');
    expect(storedFileName('a/b/')).toBe('a/b/');
  });

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
    expect(viewerTypeOf(name)).toBe(type);
  });

  it("describe a file for the viewer as the student's, handed in at the submission time", () => {
    expect(submittedFileMaterial('s/a/1700-abc.pdf', 'Ana García', '2026-03-14T18:05:00Z')).toEqual(
      {
        title: '1700-abc.pdf',
        type: 'pdf',
        fileName: '1700-abc.pdf',
        size: null,
        uploadedBy: 'Ana García',
        uploadedAt: '2026-03-14T18:05:00Z',
      },
    );
  });
});
