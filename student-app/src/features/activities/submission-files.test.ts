import { describe, expect, it } from 'vitest';
import { SUBMISSION_FILE_ACCEPT, ownFileMaterial, withSubmissionType } from './submission-files';

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

  it("describes an own file for the viewer by the name it had, as the student's", () => {
    expect(
      ownFileMaterial(
        { objectName: 'student/activity/1700-abc.mp3', name: 'Mi presentación.mp3' },
        { studentName: 'Emma Collins', submittedAt: '2026-03-14T18:05:00Z' },
      ),
    ).toEqual({
      title: 'Mi presentación.mp3',
      type: 'audio',
      fileName: 'Mi presentación.mp3',
      size: null,
      uploadedBy: 'Emma Collins',
      uploadedAt: '2026-03-14T18:05:00Z',
    });
  });
});
