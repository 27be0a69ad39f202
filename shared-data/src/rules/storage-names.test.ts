import { describe, expect, it } from 'vitest';
import {
  avatarObjectName,
  materialObjectName,
  randomToken,
  submissionObjectName,
} from './storage-names';

const source = { now: 1_700_000_000_000, random: 'k3j9x2ab' };

describe('materialObjectName', () => {
  it.each([
    ['Grammar Notes.PDF', '1700000000000-k3j9x2ab.pdf'],
    ['lesson.mp4', '1700000000000-k3j9x2ab.mp4'],
    ['README', '1700000000000-k3j9x2ab.bin'],
  ])('%s → %s', (name, objectName) => {
    expect(materialObjectName(name, source)).toBe(objectName);
  });

  it('differs between two uploads of the same file', () => {
    expect(materialObjectName('a.pdf')).not.toBe(materialObjectName('a.pdf'));
    expect(materialObjectName('a.pdf')).toMatch(/^\d{13}-[a-z0-9]{8}\.pdf$/);
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
