import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_MATERIAL_EXTENSIONS,
  classifyUploadType,
  fileExtension,
  isAcceptedMaterialFile,
  MATERIAL_FILE_ACCEPT,
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
