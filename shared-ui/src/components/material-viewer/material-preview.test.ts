// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  OFFICE_EXTENSIONS,
  extensionOf,
  isHttpUrl,
  materialPreview,
  officeViewerUrl,
  safeExternalHref,
} from './material-preview';

const signed = (name: string) =>
  `https://api.example.com/storage/v1/object/sign/materials/${name}?token=abc.def&x=1`;

describe('extensionOf', () => {
  it.each([
    ['notes.TXT', 'txt'],
    ['lesson.final.pptx', 'pptx'],
    ['README', ''],
    ['.env', ''],
    ['trailing.', ''],
    [signed('1712-ab12.docx'), 'docx'],
    ['https://example.com/a.pdf#page=2', 'pdf'],
    ['https://example.com/', ''],
    ['folder.v2/file', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});

describe('safeExternalHref', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['  http://example.com/x  ', 'http://example.com/x'],
    ['www.example.com/page', 'https://www.example.com/page'],
    ['//cdn.example.com/a', 'https://cdn.example.com/a'],
    ['mailto:teacher@example.com', 'mailto:teacher@example.com'],
    ['ftp://files.example.com/a.zip', 'ftp://files.example.com/a.zip'],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['data:text/html;base64,PHNjcmlwdD4=', null],
    ['vbscript:msgbox', null],
    ['', null],
  ])('%j → %j', (url, href) => {
    expect(safeExternalHref(url)).toBe(href);
  });

  it('recognises http and https only, in any case', () => {
    expect(isHttpUrl('HTTPS://example.com')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('www.example.com')).toBe(false);
  });
});

describe('materialPreview', () => {
  it.each(OFFICE_EXTENSIONS)('sends .%s through the online office viewer', (extension) => {
    const url = signed(`file.${extension}`);
    expect(materialPreview('document', url, `Unit 1.${extension}`)).toEqual({
      kind: 'office',
      src: `https://view.officeapps.live.com/op/embed.aspx?src=${encodeURIComponent(url)}`,
    });
  });

  it('encodes the whole address, query included', () => {
    expect(officeViewerUrl('https://x.test/a b.docx?token=1&y=2')).toBe(
      'https://view.officeapps.live.com/op/embed.aspx?src=https%3A%2F%2Fx.test%2Fa%20b.docx%3Ftoken%3D1%26y%3D2',
    );
  });

  it('takes the extension from the URL when no file name is given', () => {
    expect(materialPreview('document', signed('a.xlsx')).kind).toBe('office');
  });

  it('shows a PDF with the PDF renderer, whatever its stored type says', () => {
    const url = signed('a.pdf');
    expect(materialPreview('pdf', url, 'a.pdf')).toEqual({ kind: 'pdf', src: url });
    expect(materialPreview('document', url, 'Unit 1.PDF')).toEqual({ kind: 'pdf', src: url });
    expect(materialPreview('other', url)).toEqual({ kind: 'pdf', src: url });
  });

  it.each(['jpg', 'jpeg', 'png', 'gif', 'webp'])('shows a .%s file as an image', (extension) => {
    const url = signed(`scan.${extension}`);
    expect(materialPreview('document', url, `scan.${extension}`)).toEqual({
      kind: 'image',
      src: url,
    });
  });

  it('plays a recording stored as a document by its extension', () => {
    expect(materialPreview('document', signed('talk.webm'), 'talk.webm').kind).toBe('video');
    expect(materialPreview('document', signed('talk.weba'), 'talk.weba').kind).toBe('audio');
  });

  it('never frames a document it cannot show safely: an HTML page or an unknown file has no preview', () => {
    for (const name of ['lesson.html', 'lesson.svg', 'lesson.odt', 'lesson']) {
      expect(materialPreview('document', signed('x'), name)).toEqual({
        kind: 'unavailable',
        href: signed('x'),
      });
    }
  });

  it.each(['txt', 'rtf', 'md'])(
    'embeds .%s text files, whatever their stored type',
    (extension) => {
      const url = signed(`notes.${extension}`);
      const markdown = extension === 'md';
      expect(materialPreview('document', url, `notes.${extension}`)).toEqual({
        kind: 'text',
        src: url,
        markdown,
      });
      expect(materialPreview('other', url, `notes.${extension}`)).toEqual({
        kind: 'text',
        src: url,
        markdown,
      });
    },
  );

  it('plays video and audio', () => {
    expect(materialPreview('video', signed('a.mp4'))).toEqual({
      kind: 'video',
      src: signed('a.mp4'),
    });
    expect(materialPreview('audio', signed('a.mp3'))).toEqual({
      kind: 'audio',
      src: signed('a.mp3'),
    });
  });

  it('embeds http and https links in the sandbox', () => {
    expect(materialPreview('link', ' https://www.rae.es/ ')).toEqual({
      kind: 'web',
      src: 'https://www.rae.es/',
    });
    expect(materialPreview('link', 'HTTP://example.com').kind).toBe('web');
  });

  it('shows any other link as an external one, refusing script addresses', () => {
    expect(materialPreview('link', 'www.bbc.co.uk/learningenglish')).toEqual({
      kind: 'external',
      text: 'www.bbc.co.uk/learningenglish',
      href: 'https://www.bbc.co.uk/learningenglish',
    });
    expect(materialPreview('link', 'javascript:alert(1)')).toEqual({
      kind: 'external',
      text: 'javascript:alert(1)',
      href: null,
    });
  });

  it('has no preview for other types', () => {
    expect(materialPreview('other', signed('archive.zip'), 'archive.zip')).toEqual({
      kind: 'unavailable',
      href: signed('archive.zip'),
    });
  });
});
