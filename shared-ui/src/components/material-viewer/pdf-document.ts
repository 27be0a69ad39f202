import type { PDFPageProxy } from 'pdfjs-dist';

// The viewer's one door to pdf.js (docs/security.md "Stored files: types, serving and previews").
// A PDF is drawn on canvases by pdf.js instead of the browser's own viewer, because the browser will
// not show a PDF inside a sandboxed frame, and an unsandboxed frame of an uploaded file can run
// whatever the file really is (HTML posing as a PDF). pdf.js is loaded only when a PDF is shown.

/** A page's size in PDF points (1/72 inch) at scale 1. */
export interface PdfPageSize {
  width: number;
  height: number;
}

/** A drawing in progress; `done` rejects when it fails (not when it is cancelled). */
export interface PdfDrawing {
  done: Promise<void>;
  cancel(): void;
}

export interface PdfPage extends PdfPageSize {
  /** Draws the page onto `canvas` at `scale` CSS pixels per point, sharp on the screen's pixels. */
  draw(canvas: HTMLCanvasElement, scale: number): PdfDrawing;
}

/** An open PDF: its page count, the first page's size (for the pages not yet read) and its pages. */
export interface PdfFile {
  pageCount: number;
  pageSize: PdfPageSize;
  page(pageNumber: number): Promise<PdfPage>;
  /** Ends the download and frees the worker's copy. */
  close(): void;
}

/** Why a PDF cannot be shown. */
export type PdfProblem = 'password' | 'damaged' | 'unreachable';

type PdfJs = typeof import('pdfjs-dist');

let library: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  library ??= import('pdfjs-dist').then((pdfjs) => {
    // The worker is a file of this app's own build (the bundler emits it beside the chunks), so its
    // address follows this app's public path. When this app is a remote on another origin, pdf.js
    // starts it through a small same-origin module that imports it (which needs the remote's CORS).
    pdfjs.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).href;
    return pdfjs;
  });
  // A failed download (a deploy since, the network) may be tried again by the next PDF.
  library.catch(() => {
    library = null;
  });
  return library;
}

function pageOf(proxy: PDFPageProxy): PdfPage {
  const { width, height } = proxy.getViewport({ scale: 1 });
  return {
    width,
    height,
    draw(canvas, scale) {
      const pixelRatio = window.devicePixelRatio || 1;
      const viewport = proxy.getViewport({ scale: scale * pixelRatio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / pixelRatio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / pixelRatio)}px`;
      const task = proxy.render({ canvas, viewport });
      return {
        done: task.promise.catch((error: unknown) => {
          if ((error as { name?: string } | null)?.name !== 'RenderingCancelledException') {
            throw error;
          }
        }),
        cancel: () => task.cancel(),
      };
    },
  };
}

async function openWithPdfJs(url: string): Promise<PdfFile> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    url,
    // Never turn font programs into JavaScript functions: a crafted font cannot become code.
    isEvalSupported: false,
    // The signed address is the credential: no cookies go to the storage origin.
    withCredentials: false,
  });
  try {
    const document = await task.promise;
    const first = pageOf(await document.getPage(1));
    return {
      pageCount: document.numPages,
      pageSize: { width: first.width, height: first.height },
      page: async (pageNumber) =>
        pageNumber === 1 ? first : pageOf(await document.getPage(pageNumber)),
      close: () => void task.destroy(),
    };
  } catch (error) {
    void task.destroy();
    throw error;
  }
}

let opener: (url: string) => Promise<PdfFile> = openWithPdfJs;

/** Opens the PDF at `url` (a signed storage address) with pdf.js. */
export function openPdf(url: string): Promise<PdfFile> {
  return opener(url);
}

/**
 * Unit tests stand in for pdf.js, which needs a real canvas (test-utils' `stubPdfDocuments`);
 * null puts pdf.js back. The browser tests use the real one.
 */
export function setPdfOpenerForTests(stand: ((url: string) => Promise<PdfFile>) | null): void {
  opener = stand ?? openWithPdfJs;
}

/** What to tell the reader about a PDF that failed to open or draw, from pdf.js's error names. */
export function pdfProblemOf(error: unknown): PdfProblem {
  switch ((error as { name?: unknown } | null)?.name) {
    case 'PasswordException':
      return 'password';
    case 'InvalidPDFException':
    case 'FormatError':
    case 'UnknownErrorException':
      return 'damaged';
    default:
      // ResponseException (the storage answered 4xx/5xx), a failed fetch, a failed chunk download.
      return 'unreachable';
  }
}
