import { extensionOf } from './material-preview';

/** The name a downloaded file gets: the material's title, with the stored file's extension. */
export function downloadName(material: {
  title: string;
  storagePath?: string | null;
  url: string;
}): string {
  const extension = extensionOf(material.storagePath ?? material.url);
  const title = material.title.trim() || 'material';
  return extension && !title.toLowerCase().endsWith(`.${extension}`)
    ? `${title}.${extension}`
    : title;
}

/**
 * Starts the browser's download of a signed storage URL. The `download` parameter makes Storage answer
 * with `Content-Disposition: attachment`, so the page stays where it is (an anchor's own `download`
 * attribute is ignored for another origin).
 */
export function startDownload(signedUrl: string, fileName: string): void {
  const url = new URL(signedUrl, window.location.href);
  url.searchParams.set('download', fileName);
  const anchor = document.createElement('a');
  anchor.href = url.toString();
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
