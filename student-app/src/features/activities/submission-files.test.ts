import { SUBMISSION_MIME_TYPES } from '@portal/shared-data';
import { describe, expect, it } from 'vitest';
import {
  SUBMISSION_FILE_ACCEPT,
  SUBMISSION_MAX_BYTES,
  SUBMISSION_TYPES_BY_EXTENSION,
  storedFileName,
  submissionContentType,
  submissionFileProblems,
  withSubmissionType,
} from './submission-files';

function file(name: string, type: string, size = 10): File {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
}

describe('submission files', () => {
  it('allows 20 MB per file, as the bucket does', () => {
    expect(SUBMISSION_MAX_BYTES).toBe(20 * 1024 * 1024);
  });

  it('accepts the bucket types, and infers a missing type from the extension', () => {
    expect(submissionContentType(file('essay.pdf', 'application/pdf'))).toBe('application/pdf');
    expect(submissionContentType(file('notes.md', ''))).toBe('text/markdown');
    expect(submissionContentType(file('talk.m4a', 'application/octet-stream'))).toBe('audio/mp4');
    expect(submissionContentType(file('song.mp3', 'audio/mp3'))).toBe('audio/mp3');
    expect(submissionContentType(file('run.exe', 'application/x-msdownload'))).toBeNull();
    expect(submissionContentType(file('mystery', ''))).toBeNull();
  });

  it('infers only types the bucket accepts', () => {
    for (const type of Object.values(SUBMISSION_TYPES_BY_EXTENSION)) {
      expect(SUBMISSION_MIME_TYPES).toContain(type);
    }
  });

  it('names what is wrong with each file, size first', () => {
    const big = file('video.mp4', 'video/mp4', SUBMISSION_MAX_BYTES + 1);
    const script = file('hack.js', 'text/javascript');
    const fine = file('essay.docx', '');
    expect(submissionFileProblems([big, script, fine])).toEqual([
      { file: big, kind: 'tooLarge' },
      { file: script, kind: 'wrongType' },
    ]);
  });

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
  });
});
