import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvoiceDocument } from '../mappers/billing';
import type { DocumentLabels, ReceiptEntry } from '../documents/invoice-pdf';
import { billingQueries } from './billing-queries';

/**
 * What a Download PDF button asks for: an invoice, or the receipt of one payment or refund. A screen
 * that already holds the invoice as issued (the office's drawer) passes it as `document`; otherwise
 * it is read (once, cached) when the button is pressed.
 */
export type PdfRequest =
  | { kind: 'invoice'; invoiceId: string; document?: InvoiceDocument }
  | { kind: 'receipt'; invoiceId: string; entry: ReceiptEntry; document?: InvoiceDocument };

/** Hands the browser a file to save (the e2e test waits for this download). */
function saveFile(bytes: Uint8Array, fileName: string): void {
  const blob = new Blob([bytes as BlobPart], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the time to start reading the blob before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Makes and saves a PDF when a button is pressed: the invoice as issued (given, or one read cached by
 * TanStack Query) and the PDF builder with pdf-lib (a dynamic import: loaded on the first press only).
 * The PDF prints in the invoice's language (its snapshot), whatever the screen's: `labelsFor` is
 * shared-ui's `documentLabels` (shared-ui cannot be imported from here, so the screen hands it over).
 */
export function usePdfDownload(
  labelsFor: (language: string) => DocumentLabels,
  onError: (error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);

  const download = async (request: PdfRequest, busyKey: string) => {
    setBusyId(busyKey);
    try {
      const [builder, doc] = await Promise.all([
        import('../documents/invoice-pdf'),
        request.document ?? queryClient.fetchQuery(billingQueries.invoice(request.invoiceId)),
      ]);
      if (!doc) throw new Error('invoice not found');
      const labels = labelsFor(doc.invoice.student_language);
      const bytes =
        request.kind === 'invoice'
          ? await builder.buildInvoicePdf(doc, labels)
          : await builder.buildReceiptPdf(doc, request.entry, labels);
      const prefix =
        request.kind === 'invoice'
          ? labels.invoice
          : request.entry.kind === 'refund'
            ? labels.refundReceipt
            : labels.receipt;
      saveFile(
        bytes,
        builder.pdfFileName(
          prefix.toLowerCase(),
          request.kind === 'invoice'
            ? doc.invoice.number
            : `${doc.invoice.number}-${request.entry.date}`,
        ),
      );
    } catch (error) {
      onError(error);
    } finally {
      setBusyId(null);
    }
  };

  return { download, busyId };
}
