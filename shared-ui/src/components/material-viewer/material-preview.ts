import type { MaterialType } from '../type-badge/type-styles';

/** Extensions the online office viewer renders. */
export const OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
/** Text files, fetched and shown as UTF-8 text by the viewer. */
export const TEXT_EXTENSIONS = ['txt', 'rtf', 'md'] as const;
/** Text files the viewer draws as Markdown. */
const MARKDOWN_EXTENSIONS = ['md'];
/** Pictures, shown in an image element (which runs nothing, whatever the file holds). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
/** Recordings a document or other file may be (a submission keeps the type its upload was given). */
const VIDEO_EXTENSIONS = ['mp4', 'webm', 'mov'];
const AUDIO_EXTENSIONS = ['mp3', 'wav', 'ogg', 'm4a', 'weba'];

export const OFFICE_VIEWER_URL = 'https://view.officeapps.live.com/op/embed.aspx';

/** What the viewer's body shows for a material. */
export type MaterialPreview =
  /** Word, Excel and PowerPoint files, through the online office viewer in a sandboxed frame. */
  | { kind: 'office'; src: string }
  /** Drawn by pdf.js on canvases, never framed. */
  | { kind: 'pdf'; src: string }
  | { kind: 'image'; src: string }
  /** Fetched and shown as plain text, or drawn as Markdown. */
  | { kind: 'text'; src: string; markdown: boolean }
  | { kind: 'video'; src: string }
  | { kind: 'audio'; src: string }
  /** An http(s) link, embedded in a sandboxed frame. */
  | { kind: 'web'; src: string }
  /** Any other link: shown, and opened outside; `href` is null when it is not safe to open. */
  | { kind: 'external'; text: string; href: string | null }
  | { kind: 'unavailable'; href: string | null };

/** The lower-case extension of a file name or of a URL's path ('' when there is none). */
export function extensionOf(name: string | null | undefined): string {
  if (!name) return '';
  let path = name.trim();
  try {
    // Signed URLs carry the object name in the path and a token in the query.
    if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    // Not a parseable URL: treat the text as a plain name.
  }
  path = path.split(/[?#]/)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

const UNSAFE_SCHEME = /^(?:javascript|data|vbscript|file|blob):/i;
const ANY_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * An address a new tab may open: script-like schemes are refused (null), addresses without a
 * scheme ('www.example.com/page') are taken as https.
 */
export function safeExternalHref(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed || UNSAFE_SCHEME.test(trimmed)) return null;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  if (ANY_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

export function officeViewerUrl(url: string): string {
  return `${OFFICE_VIEWER_URL}?src=${encodeURIComponent(url)}`;
}

const isOneOf = (list: readonly string[], extension: string) => list.includes(extension);

/**
 * Links: embedded in a sandbox when http(s), else shown as an external link. Video and audio:
 * players. Files: office documents through the online office viewer; txt/rtf as text and md as
 * Markdown; PDFs through pdf.js; pictures as images; recordings by their extension. Anything else has no preview:
 * an uploaded file is never framed as it is, since it could be a page that runs (docs/security.md).
 */
export function materialPreview(
  type: MaterialType,
  url: string,
  fileName?: string | null,
): MaterialPreview {
  const extension = extensionOf(fileName) || extensionOf(url);
  switch (type) {
    case 'link':
      return isHttpUrl(url)
        ? { kind: 'web', src: url.trim() }
        : { kind: 'external', text: url, href: safeExternalHref(url) };
    case 'video':
      return { kind: 'video', src: url };
    case 'audio':
      return { kind: 'audio', src: url };
  }
  if ((type === 'pdf' || type === 'document') && isOneOf(OFFICE_EXTENSIONS, extension)) {
    return { kind: 'office', src: officeViewerUrl(url) };
  }
  if (isOneOf(TEXT_EXTENSIONS, extension)) {
    return { kind: 'text', src: url, markdown: isOneOf(MARKDOWN_EXTENSIONS, extension) };
  }
  if (type === 'pdf' || extension === 'pdf') return { kind: 'pdf', src: url };
  if (isOneOf(IMAGE_EXTENSIONS, extension)) return { kind: 'image', src: url };
  if (isOneOf(VIDEO_EXTENSIONS, extension)) return { kind: 'video', src: url };
  if (isOneOf(AUDIO_EXTENSIONS, extension)) return { kind: 'audio', src: url };
  return { kind: 'unavailable', href: safeExternalHref(url) };
}
