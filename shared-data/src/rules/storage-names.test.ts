// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  avatarObjectName,
  materialObjectName,
  randomToken,
  submissionObjectName,
} from './storage-names';

const source = { now: 1_700_000_000_000, random: 'k3j9x2ab' };

describe('materialObjectName', () => {
  const general = { uploaderId: 'teacher-1' };
  const inCourse = { courseId: 'course-9', uploaderId: 'teacher-1' };

  it.each([
    ['Grammar Notes.PDF', 'general/teacher-1/1700000000000-k3j9x2ab.pdf'],
    ['lesson.mp4', 'general/teacher-1/1700000000000-k3j9x2ab.mp4'],
    ['README', 'general/teacher-1/1700000000000-k3j9x2ab.bin'],
  ])('general material: %s → %s', (name, objectName) => {
    expect(materialObjectName(general, name, source)).toBe(objectName);
  });

  it("stores a course's material in the course's folder, under its uploader", () => {
    expect(materialObjectName(inCourse, 'a.pdf', source)).toBe(
      'course-9/teacher-1/1700000000000-k3j9x2ab.pdf',
    );
    expect(materialObjectName({ courseId: null, uploaderId: 'u' }, 'a.pdf', source)).toBe(
      'general/u/1700000000000-k3j9x2ab.pdf',
    );
  });

  it('differs between two uploads of the same file', () => {
    expect(materialObjectName(general, 'a.pdf')).not.toBe(materialObjectName(general, 'a.pdf'));
    expect(materialObjectName(general, 'a.pdf')).toMatch(
      /^general\/teacher-1\/\d{13}-[a-z0-9]{8}\.pdf$/,
    );
  });
});

describe('avatarObjectName', () => {
  it.each([
    ['me.PNG', 'user-1/avatar.png'],
    ['photo.jpeg', 'user-1/avatar.jpeg'],
    ['photo', 'user-1/avatar.bin'],
  ])('%s → %s', (name, objectName) => {
    expect(avatarObjectName('user-1', name)).toBe(objectName);
  });
});

describe('submissionObjectName', () => {
  it.each([
    ['essay.docx', 'student-1/activity-9/1700000000000-k3j9x2ab.docx'],
    ['Essay Final.PDF', 'student-1/activity-9/1700000000000-k3j9x2ab.pdf'],
  ])('%s → %s', (name, objectName) => {
    expect(submissionObjectName('student-1', 'activity-9', name, source)).toBe(objectName);
  });
});

describe('randomToken', () => {
  it('is eight letters or digits', () => {
    for (let i = 0; i < 50; i += 1) expect(randomToken()).toMatch(/^[a-z0-9]{8}$/);
  });
});
