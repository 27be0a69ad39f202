import { onTestFinished } from 'vitest';
import { setPdfOpenerForTests, type PdfFile } from '../components/material-viewer/pdf-document';

export interface PdfStub {
  /** The addresses the viewer asked to open. */
  opened: string[];
  /** Every page drawn, with its scale (CSS pixels per PDF point), in order. */
  drawn: Array<{ page: number; scale: number }>;
  /** How many times an open document was let go. */
  closed: number;
}

/**
 * Stands in for pdf.js for the rest of the test (happy-dom draws nothing on a canvas): every PDF
 * opened has `pages` pages of 600 × 800 points, or fails to open with `error`, or fails to draw a page
 * with `drawError`. The e2e tests use the real pdf.js.
 */
export function stubPdfDocuments({
  pages = 3,
  error,
  drawError,
}: { pages?: number; error?: unknown; drawError?: unknown } = {}): PdfStub {
  const stub: PdfStub = { opened: [], drawn: [], closed: 0 };
  const size = { width: 600, height: 800 };
  setPdfOpenerForTests(async (url) => {
    stub.opened.push(url);
    if (error !== undefined) throw error;
    const file: PdfFile = {
      pageCount: pages,
      pageSize: size,
      page: async (page) => ({
        ...size,
        draw: (_canvas, scale) => {
          stub.drawn.push({ page, scale });
          return {
            done: drawError === undefined ? Promise.resolve() : Promise.reject(drawError),
            cancel: () => {},
          };
        },
      }),
      close: () => {
        stub.closed += 1;
      },
    };
    return file;
  });
  onTestFinished(() => setPdfOpenerForTests(null));
  return stub;
}
