import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { documentLabels } from '@portal/shared-ui';
import type { InvoiceDocument } from '@portal/shared-data';
import { billingQueries } from '@portal/shared-data/queries';
import type { ReceiptEntry } from '@portal/shared-data/invoice-pdf';

/** What a Download PDF button asks for: an invoice, or the receipt of one payment or refund. */
export type PdfRequest =
  | { kind: 'invoice'; invoiceId: string }
  | { kind: 'receipt'; invoiceId: string; entry: ReceiptEntry };

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
 * Makes and saves a PDF when a button is pressed: the invoice as issued (one read, cached by TanStack
 * Query) and the PDF builder with pdf-lib (a dynamic import: loaded on the first press only). The PDF
 * prints in the invoice's language (its snapshot), whatever the screen's.
 */
export function usePdfDownload(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);

  const download = async (request: PdfRequest, busyKey: string) => {
    setBusyId(busyKey);
    try {
      const [builder, doc] = await Promise.all([
        import('@portal/shared-data/invoice-pdf'),
        queryClient.fetchQuery(billingQueries.invoice(request.invoiceId)),
      ]);
      if (!doc) throw new Error('invoice not found');
      const labels = documentLabels(doc.invoice.student_language);
      const bytes =
        request.kind === 'invoice'
          ? await builder.buildInvoicePdf(doc as InvoiceDocument, labels)
          : await builder.buildReceiptPdf(doc as InvoiceDocument, request.entry, labels);
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
