import { describe, expect, it } from 'vitest';
import {
  MATERIAL_MAX_BYTES,
  MATERIAL_TEXT_LIMITS,
  emptyMaterialForm,
  materialFileError,
  validateMaterialForm,
  type MaterialFormValues,
} from './material-form';

const MB = 1024 * 1024;

function file(name: string, size = 1000): File {
  const chosen = new File(['x'], name);
  Object.defineProperty(chosen, 'size', { value: size });
  return chosen;
}

const form = (values: Partial<MaterialFormValues>): MaterialFormValues => ({
  ...emptyMaterialForm(),
  ...values,
});

describe('materialFileError', () => {
  it('needs a file', () => {
    expect(materialFileError(null)).toBe('materialFileRequired');
  });

  it.each([
    'notes.pdf',
    'Unit 1.DOC',
    'essay.docx',
    'clip.mp4',
    'song.mp3',
    'take.wav',
    'a.jpg',
    'b.png',
  ])('accepts %s', (name) => {
    expect(materialFileError(file(name))).toBeUndefined();
  });

  it.each(['setup.exe', 'slides.pptx', 'photo.jpeg', 'notes', 'archive.zip'])(
    'refuses %s',
    (name) => {
      expect(materialFileError(file(name))).toBe('materialFileType');
    },
  );

  it('takes 50 MB and refuses a byte more', () => {
    expect(MATERIAL_MAX_BYTES).toBe(50 * MB);
    expect(materialFileError(file('big.mp4', 50 * MB))).toBeUndefined();
    expect(materialFileError(file('big.mp4', 50 * MB + 1))).toBe('materialFileTooLarge');
  });
});

describe('validateMaterialForm, File tab', () => {
  it('needs only an accepted file; title, course, language and skill are optional', () => {
    expect(validateMaterialForm('file', form({}))).toEqual({ file: 'materialFileRequired' });
    expect(validateMaterialForm('file', form({ file: file('verbs.pdf') }))).toEqual({});
  });

  it('ignores the Link tab fields', () => {
    expect(
      validateMaterialForm('file', form({ file: file('verbs.pdf'), url: 'not a link' })),
    ).toEqual({});
  });

  it('limits an optional title to 300 characters', () => {
    const values = form({ file: file('verbs.pdf'), title: 'a'.repeat(301) });
    expect(validateMaterialForm('file', values)).toEqual({ title: 'materialTitleTooLong' });
    expect(MATERIAL_TEXT_LIMITS.title).toBe(300);
  });
});

describe('validateMaterialForm, Link tab', () => {
  it('needs a title and a URL', () => {
    expect(validateMaterialForm('link', form({}))).toEqual({
      title: 'materialTitleRequired',
      url: 'materialUrlRequired',
    });
    expect(validateMaterialForm('link', form({ title: '   ', url: '  ' }))).toEqual({
      title: 'materialTitleRequired',
      url: 'materialUrlRequired',
    });
  });

  it('accepts an http(s) address without a file', () => {
    expect(
      validateMaterialForm('link', form({ title: 'RAE', url: ' https://dle.rae.es/ ' })),
    ).toEqual({});
    expect(validateMaterialForm('link', form({ title: 'Old', url: 'http://example.org' }))).toEqual(
      {},
    );
  });

  it('refuses other addresses and over-long ones', () => {
    for (const url of [
      'dle.rae.es',
      'javascript:alert(1)',
      'ftp://files.example.org',
      'https://',
    ]) {
      expect(validateMaterialForm('link', form({ title: 'x', url })), url).toEqual({
        url: 'materialUrlInvalid',
      });
    }
    const long = `https://example.org/${'a'.repeat(2000)}`;
    expect(validateMaterialForm('link', form({ title: 'x', url: long }))).toEqual({
      url: 'materialUrlTooLong',
    });
  });

  it('counts characters, not UTF-16 units, after trimming', () => {
    expect(
      validateMaterialForm('link', form({ title: ` ${'é'.repeat(300)} `, url: 'https://a.es' })),
    ).toEqual({});
    expect(
      validateMaterialForm('link', form({ title: '😀'.repeat(300), url: 'https://a.es' })),
    ).toEqual({});
    expect(
      validateMaterialForm('link', form({ title: '😀'.repeat(301), url: 'https://a.es' })),
    ).toEqual({
      title: 'materialTitleTooLong',
    });
  });
});
