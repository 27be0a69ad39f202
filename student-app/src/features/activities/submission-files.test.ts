import { describe, expect, it } from 'vitest';
import { SUBMISSION_FILE_ACCEPT, storedFileName, withSubmissionType } from './submission-files';

function file(name: string, type: string): File {
  return new File(['x'], name, { type });
}

describe('submission files', () => {
  it('gives a typeless file the type the bucket expects', () => {
    const typed = withSubmissionType(file('notes.txt', ''));
    expect(typed.type).toBe('text/plain');
    expect(typed.name).toBe('notes.txt');
    const pdf = file('a.pdf', 'application/pdf');
    expect(withSubmissionType(pdf)).toBe(pdf);
  });

  it('offers the extensions in the picker', () => {
    expect(SUBMISSION_FILE_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.docx', '.png', '.mp3', '.zip']),
    );
  });

  it('shows the last part of a stored object name', () => {
    expect(storedFileName('student/activity/1700-abc.pdf')).toBe('1700-abc.pdf');
    expect(storedFileName('plain.pdf')).toBe('plain.pdf');
  });
});
