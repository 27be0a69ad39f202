import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadName, startDownload } from './download-file';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadName', () => {
  it("is the title with the stored file's extension", () => {
    expect(
      downloadName({ title: 'Irregular verbs', storagePath: '1700-abc.pdf', url: '1700-abc.pdf' }),
    ).toBe('Irregular verbs.pdf');
  });

  it('does not repeat an extension the title already has, and falls back to the url', () => {
    expect(downloadName({ title: 'notes.MD', storagePath: null, url: '1700-x.md' })).toBe(
      'notes.MD',
    );
    expect(downloadName({ title: '  ', storagePath: 'a.mp3', url: 'a.mp3' })).toBe('material.mp3');
    expect(downloadName({ title: 'No extension', storagePath: 'blob', url: 'blob' })).toBe(
      'No extension',
    );
  });
});

describe('startDownload', () => {
  it('follows the signed URL asking Storage for an attachment, without leaving an anchor behind', () => {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push(this.href);
    });

    startDownload(
      'http://api.test/storage/v1/object/sign/materials/a.pdf?token=t',
      'Verbs & more.pdf',
    );

    expect(followed).toHaveLength(1);
    const url = new URL(followed[0] ?? '');
    expect(url.searchParams.get('token')).toBe('t');
    expect(url.searchParams.get('download')).toBe('Verbs & more.pdf');
    expect(document.querySelector('a')).toBeNull();
  });
});
