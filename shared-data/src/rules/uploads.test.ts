// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_MATERIAL_EXTENSIONS,
  AVATAR_MIME_TYPES,
  classifyUploadType,
  fileExtension,
  isAcceptedAvatar,
  isAcceptedMaterialFile,
  isSizeProblem,
  MATERIAL_CONTENT_TYPES,
  MATERIAL_DROPZONE_ACCEPT,
  MATERIAL_FILE_ACCEPT,
  MATERIAL_MIME_TYPES,
  materialContentType,
  sizeProblem,
  SUBMISSION_MIME_TYPES,
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

describe('classifyUploadType', () => {
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
  it('accepts exactly the Add Material extensions', () => {
    expect(ACCEPTED_MATERIAL_EXTENSIONS).toEqual([
      'pdf',
      'doc',
      'docx',
      'mp4',
      'mp3',
      'wav',
      'jpg',
      'png',
      'txt',
      'md',
    ]);
    expect(MATERIAL_FILE_ACCEPT).toBe('.pdf,.doc,.docx,.mp4,.mp3,.wav,.jpg,.png,.txt,.md');
  });

  it.each([
    ['a.pdf', true],
    ['a.DOCX', true],
    ['a.jpg', true],
    ['a.jpeg', false],
    ['notes.txt', true],
    ['Unit 3 vocabulary.MD', true],
    ['page.html', false],
    ['a.avi', false],
    ['a.exe', false],
    ['pdf', false],
  ])('%s → %s', (name, accepted) => {
    expect(isAcceptedMaterialFile(name)).toBe(accepted);
  });
});

describe('upload limits (as the storage buckets declare them)', () => {
  it('has 50 MB for materials, 2 MB for avatars and 20 MB for submissions and message attachments', () => {
    expect(UPLOAD_LIMITS).toEqual({
      materials: 52428800,
      avatars: 2097152,
      'activity-submissions': 20971520,
      'message-attachments': 20971520,
      'feedback-audio': 20971520,
    });
  });

  it.each([
    ['materials', 52428800, null],
    ['materials', 52428801, { code: 'too_large', limitBytes: 52428800 }],
    ['avatars', 2097152, null],
    ['avatars', 2097153, { code: 'too_large', limitBytes: 2097152 }],
    ['activity-submissions', 0, null],
    ['activity-submissions', 30000000, { code: 'too_large', limitBytes: 20971520 }],
  ] as const)('%s, %i bytes → %j', (bucket, size, problem) => {
    expect(sizeProblem(bucket, size)).toEqual(problem);
  });

  it('recognises a size problem in failure details', () => {
    expect(isSizeProblem({ code: 'too_large', limitBytes: 2097152, size: 3000000 })).toBe(true);
    expect(isSizeProblem(sizeProblem('avatars', 2097153))).toBe(true);
    expect(isSizeProblem({ size: 3000000 })).toBe(false);
    expect(isSizeProblem({ code: 'too_large' })).toBe(false);
    expect(isSizeProblem(null)).toBe(false);
    expect(isSizeProblem('too_large')).toBe(false);
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

describe('bucket MIME types match the storage migration', () => {
  const migration = readFileSync(
    resolve(
      dirname(fileURLToPath(import.meta.url)),
      '../../../supabase/migrations/20261122001100_storage.sql',
    ),
    'utf8',
  );

  /** The `allowed_mime_types` array of one bucket's row in the migration's insert. */
  function allowedMimeTypes(bucket: string): string[] {
    const row = new RegExp(
      `\\(\\s*'${bucket}',\\s*'${bucket}',\\s*(?:true|false),\\s*\\d+,\\s*array\\[([^\\]]*)\\]`,
    ).exec(migration);
    if (!row?.[1]) throw new Error(`bucket ${bucket} not found in the storage migration`);
    return [...row[1].matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
  }

  it.each([
    ['activity-submissions', SUBMISSION_MIME_TYPES],
    ['materials', MATERIAL_MIME_TYPES],
    ['avatars', AVATAR_MIME_TYPES],
  ] as const)('%s', (bucket, types) => {
    const allowed = allowedMimeTypes(bucket);
    expect(allowed.length).toBeGreaterThan(0);
    expect([...types].sort()).toEqual([...allowed].sort());
  });
});

describe('material content types', () => {
  it('has a type the bucket accepts for every accepted extension', () => {
    for (const extension of ACCEPTED_MATERIAL_EXTENSIONS) {
      expect(MATERIAL_MIME_TYPES).toContain(MATERIAL_CONTENT_TYPES[extension]);
    }
  });

  it("keeps the browser's type when the bucket accepts it, else uses the extension's", () => {
    expect(materialContentType({ name: 'take.wav', type: 'audio/x-wav' })).toBe('audio/x-wav');
    expect(materialContentType({ name: 'Unit 3.DOCX', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(materialContentType({ name: 'song.mp3', type: 'application/octet-stream' })).toBe(
      'audio/mpeg',
    );
    // Browsers name Markdown text/markdown, text/x-markdown or nothing; the bucket takes text/markdown.
    expect(materialContentType({ name: 'vocabulary.md', type: '' })).toBe('text/markdown');
    expect(materialContentType({ name: 'vocabulary.md', type: 'text/x-markdown' })).toBe(
      'text/markdown',
    );
    expect(materialContentType({ name: 'notes.txt', type: '' })).toBe('text/plain');
    expect(materialContentType({ name: 'setup.exe', type: 'application/x-msdownload' })).toBe(
      'application/x-msdownload',
    );
  });

  it('offers the dropzone each accepted extension under its type', () => {
    expect(Object.values(MATERIAL_DROPZONE_ACCEPT).flat().sort()).toEqual(
      ACCEPTED_MATERIAL_EXTENSIONS.map((ext) => `.${ext}`).sort(),
    );
    expect(MATERIAL_DROPZONE_ACCEPT['application/pdf']).toEqual(['.pdf']);
  });
});
