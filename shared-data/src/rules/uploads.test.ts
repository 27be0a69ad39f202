import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_MATERIAL_EXTENSIONS,
  AVATAR_MIME_TYPES,
  classifyUploadType,
  fileExtension,
  isAcceptedAvatar,
  isAcceptedMaterialFile,
  MATERIAL_FILE_ACCEPT,
  sizeProblem,
  UPLOAD_LIMITS,
} from './uploads';

describe('fileExtension', () => {
  it.each([
    ['notes.pdf', 'pdf'],
    ['Notes.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    [' lesson.mp3 ', 'mp3'],
    ['README', ''],
    ['.env', ''],
    ['trailing.', ''],
    ['', ''],
  ])('%j → %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('classifyUploadType (SPEC §5)', () => {
  it.each([
    ['grammar.pdf', 'pdf'],
    ['GRAMMAR.PDF', 'pdf'],
    ['lesson.mp4', 'video'],
    ['lesson.avi', 'video'],
    ['lesson.mov', 'video'],
    ['lesson.wmv', 'video'],
    ['dialogue.mp3', 'audio'],
    ['dialogue.wav', 'audio'],
    ['dialogue.ogg', 'audio'],
    ['dialogue.m4a', 'audio'],
    ['essay.doc', 'document'],
    ['essay.docx', 'document'],
    ['photo.jpg', 'document'],
    ['diagram.png', 'document'],
    ['slides.pptx', 'document'],
    ['no-extension', 'document'],
    ['pdf', 'document'],
  ])('%s → %s', (name, type) => {
    expect(classifyUploadType(name)).toBe(type);
  });
});

describe('isAcceptedMaterialFile', () => {
  it('accepts exactly the SPEC §5 extensions', () => {
    expect(ACCEPTED_MATERIAL_EXTENSIONS).toEqual([
      'pdf',
      'doc',
      'docx',
      'mp4',
      'mp3',
      'wav',
      'jpg',
      'png',
    ]);
    expect(MATERIAL_FILE_ACCEPT).toBe('.pdf,.doc,.docx,.mp4,.mp3,.wav,.jpg,.png');
  });

  it.each([
    ['a.pdf', true],
    ['a.DOCX', true],
    ['a.jpg', true],
    ['a.jpeg', false],
    ['a.avi', false],
    ['a.exe', false],
    ['pdf', false],
  ])('%s → %s', (name, accepted) => {
    expect(isAcceptedMaterialFile(name)).toBe(accepted);
  });
});

describe('upload limits (as the storage buckets declare them)', () => {
  it('has 50 MB for materials, 2 MB for avatars and 20 MB for submissions', () => {
    expect(UPLOAD_LIMITS).toEqual({
      materials: 52428800,
      avatars: 2097152,
      'activity-submissions': 20971520,
    });
  });

  it.each([
    ['materials', 52428800, null],
    ['materials', 52428801, 'The file is larger than 50 MB'],
    ['avatars', 2097152, null],
    ['avatars', 2097153, 'The file is larger than 2 MB'],
    ['activity-submissions', 0, null],
    ['activity-submissions', 30000000, 'The file is larger than 20 MB'],
  ] as const)('%s, %i bytes → %j', (bucket, size, problem) => {
    expect(sizeProblem(bucket, size)).toBe(problem);
  });

  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/webp', true],
    ['image/gif', true],
    ['image/svg+xml', false],
    ['application/pdf', false],
    ['', false],
  ])('avatar of type %j → %s', (type, accepted) => {
    expect(isAcceptedAvatar({ type })).toBe(accepted);
    expect(AVATAR_MIME_TYPES).toHaveLength(4);
  });
});
