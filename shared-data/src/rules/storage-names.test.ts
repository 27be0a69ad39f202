// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  avatarObjectName,
  avatarPublicUrl,
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
    ['me.PNG', 'user-1/1700000000000-k3j9x2ab.png'],
    ['photo.jpeg', 'user-1/1700000000000-k3j9x2ab.jpeg'],
    ['photo', 'user-1/1700000000000-k3j9x2ab.bin'],
  ])('%s → %s', (name, objectName) => {
    expect(avatarObjectName('user-1', name, source)).toBe(objectName);
  });

  it('is a new name for every picture', () => {
    expect(avatarObjectName('user-1', 'me.png')).not.toBe(avatarObjectName('user-1', 'me.png'));
  });
});

describe('avatarPublicUrl', () => {
  const id = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
  const project = 'https://abc.supabase.co';

  it("builds the public URL from the project's own address", () => {
    expect(avatarPublicUrl(project, `${id}/1700000000000-k3j9x2ab.png`)).toBe(
      `${project}/storage/v1/object/public/avatars/${id}/1700000000000-k3j9x2ab.png`,
    );
    expect(avatarPublicUrl('http://127.0.0.1:54321/', `${id}/avatar.webp`)).toBe(
      `http://127.0.0.1:54321/storage/v1/object/public/avatars/${id}/avatar.webp`,
    );
  });

  it.each([
    ['no picture', null],
    [
      'an address on another host',
      `https://evil.example/storage/v1/object/public/avatars/${id}/a.png`,
    ],
    ['a protocol-relative address', `//evil.example/${id}/a.png`],
    ['a script', `javascript:alert(1)//${id}/a.png`],
    ['a climb out of the folder', `${id}/../other/a.png`],
    ['a nested path', `${id}/nested/a.png`],
    ['no owner folder', 'a.png'],
  ])('shows nothing for %s', (_, stored) => {
    expect(avatarPublicUrl(project, stored)).toBeNull();
  });

  it('shows nothing before the project is configured', () => {
    expect(avatarPublicUrl(null, `${id}/a.png`)).toBeNull();
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
