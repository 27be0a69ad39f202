import { parse } from 'content-type';
import { storageError } from './storage-errors';

// An object's type decides how a browser treats its bytes when they come from the API origin. Storage
// keeps only the bare `type/subtype` of one valid media type: a browser splits a Content-Type on commas
// and takes the last type it knows, so `image/png;x=,text/html` stored and served back whole would open
// as a page whose script runs on the API origin.

export const OPAQUE_TYPE = 'application/octet-stream';

/**
 * The `type/subtype` of a Content-Type value, lower case and without parameters; undefined when the
 * value is not exactly one valid media type (RFC 9110: a list, a bare word, a stray character).
 */
export function mediaTypeOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return parse(value).type;
  } catch {
    return undefined;
  }
}

// The JavaScript MIME types of the WHATWG MIME Sniffing standard.
const JAVASCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/**
 * Types a browser can run script in: HTML, every XML type (SVG, XHTML, XSLT…), JavaScript, and
 * multipart/x-mixed-replace (whose parts a browser renders as pages).
 */
export function isScriptCapable(type: string): boolean {
  const [top = '', subtype = ''] = type.split('/');
  return (
    type === 'text/html' ||
    subtype === 'xml' ||
    subtype.endsWith('+xml') ||
    subtype === 'xsl' ||
    subtype === 'xslt' ||
    JAVASCRIPT_TYPES.has(type) ||
    top === 'multipart'
  );
}

/** Types a browser shows in place (images, audio, video, PDF); every other object is a download. */
export function isShownInline(type: string): boolean {
  if (isScriptCapable(type)) return false;
  return (
    type.startsWith('image/') ||
    type.startsWith('audio/') ||
    type.startsWith('video/') ||
    type === 'application/pdf'
  );
}

function invalidMimeType(contentType: string) {
  return storageError(415, 'invalid_mime_type', `mime type ${contentType} is not supported`);
}

/**
 * The type an upload is stored with: the bare `type/subtype` of `contentType` when the bucket takes
 * it, else 415 invalid_mime_type (Storage's answer). A bucket takes what its allow-list names, exactly
 * or by a `type/*` wildcard, or anything without an allow-list; a script-capable type only when the
 * allow-list names it exactly, so `image/*` or no list never lets SVG or HTML in.
 */
export function acceptedMimeType(contentType: string, allowed: string[] | null): string {
  const type = mediaTypeOf(contentType);
  if (!type) throw invalidMimeType(contentType);
  const entries = (allowed ?? []).map((entry) => entry.trim().toLowerCase());
  if (entries.includes(type)) return type;
  if (isScriptCapable(type)) throw invalidMimeType(type);
  if (entries.length === 0) return type;
  const wildcard = entries.some(
    (entry) =>
      entry === '*' ||
      entry === '*/*' ||
      (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))),
  );
  if (!wildcard) throw invalidMimeType(type);
  return type;
}

/**
 * The type a stored object is served with: its bare stored type (an unreadable one, as an older stack
 * stored whole headers, is opaque bytes). Text gets `charset=utf-8`: without it a browser reads the
 * bytes as windows-1252 and a previewed Markdown note shows "conversaciÃ³n".
 */
export function servedContentType(mimetype: string | undefined): string {
  const type = mediaTypeOf(mimetype) ?? OPAQUE_TYPE;
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/**
 * Headers that keep a served object from running as a page on the API origin: no type sniffing; a
 * download for everything a browser would not just show (so text, HTML, SVG, archives and office
 * files are saved, not opened); and a sandbox (no script, an opaque origin) for anything opened all
 * the same. PDF goes without the sandbox: Chromium's viewer does not open a sandboxed document, and a
 * PDF runs no script of this origin.
 */
export function servingHeaders(
  mimetype: string | undefined,
  name: string,
  download: string | null,
): Record<string, string> {
  const type = mediaTypeOf(mimetype) ?? OPAQUE_TYPE;
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (download !== null || !isShownInline(type)) {
    const filename = download || name.split('/').pop() || 'download';
    // RFC 8187's value characters: encodeURIComponent leaves ' ( ) * as they are.
    const encoded = encodeURIComponent(filename).replace(
      /['()*]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encoded}`;
  }
  if (type !== 'application/pdf') headers['content-security-policy'] = 'sandbox';
  return headers;
}
