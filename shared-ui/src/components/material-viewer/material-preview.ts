import type { MaterialType } from '../type-badge/type-styles';

/** Extensions the online office viewer renders. */
export const OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
/** Text files, fetched and shown as UTF-8 text by the viewer. */
export const TEXT_EXTENSIONS = ['txt', 'rtf', 'md'] as const;

export const OFFICE_VIEWER_URL = 'https://view.officeapps.live.com/op/embed.aspx';

/** What the viewer's body shows for a material. */
export type MaterialPreview =
  | { kind: 'office'; src: string }
  | { kind: 'document'; src: string }
  | { kind: 'text'; src: string }
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

/**
 * Pdf/document → office viewer for office files, else embedded; video and audio players;
 * links embedded in a sandbox when http(s), else shown as an external link; txt/rtf/md embedded;
 * anything else has no preview.
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
    case 'pdf':
    case 'document':
      if ((OFFICE_EXTENSIONS as readonly string[]).includes(extension)) {
        return { kind: 'office', src: officeViewerUrl(url) };
      }
      return (TEXT_EXTENSIONS as readonly string[]).includes(extension)
        ? { kind: 'text', src: url }
        : { kind: 'document', src: url };
    default:
      return (TEXT_EXTENSIONS as readonly string[]).includes(extension)
        ? { kind: 'text', src: url }
        : { kind: 'unavailable', href: safeExternalHref(url) };
  }
}
