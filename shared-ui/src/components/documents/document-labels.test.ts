import { describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n';
import { documentLabels } from './document-labels';

describe('documentLabels', () => {
  it('answers the texts in the document’s language, not the reader’s', () => {
    initI18n({ lng: 'en' });
    const es = documentLabels('es');
    expect(es.invoice).toBe('Factura');
    expect(es.methods.bank_transfer).toBe('Transferencia bancaria');
    // The rate stays a placeholder for the builder to fill.
    expect(es.tax).toBe('Impuesto ({{rate}} %)');
    expect(documentLabels('en').invoice).toBe('Invoice');
  });

  it('prints a language without a catalog in English', () => {
    expect(documentLabels('de').receipt).toBe('Payment receipt');
  });
});
