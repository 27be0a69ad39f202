import { registerMessages } from '../../i18n';

// What the invoice and receipt PDFs print (docs/money.md "PDFs"), in the invoice's language whatever the
// reader's: shared-data's builder takes them as plain labels from `documentLabels(language)`.
export const namespace = 'documents';

export const en = {
  invoice: 'Invoice',
  receipt: 'Payment receipt',
  refundReceipt: 'Refund receipt',
  number: 'Number',
  issuedOn: 'Issued',
  dueOn: 'Due date',
  billedTo: 'Billed to',
  taxId: 'Tax ID',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  amount: 'Amount',
  net: 'Net',
  tax: 'Tax ({{rate}}%)',
  total: 'Total',
  forInvoice: 'For invoice',
  date: 'Date',
  method: 'Method',
  reference: 'Reference',
  amountReceived: 'Amount received',
  amountRefunded: 'Amount refunded',
  methods: {
    cash: 'Cash',
    bank_transfer: 'Bank transfer',
    card_terminal: 'Card (terminal)',
    card_online: 'Card (online)',
  },
};

export const es: typeof en = {
  invoice: 'Factura',
  receipt: 'Recibo de pago',
  refundReceipt: 'Recibo de reembolso',
  number: 'Número',
  issuedOn: 'Fecha de emisión',
  dueOn: 'Vencimiento',
  billedTo: 'Facturar a',
  taxId: 'NIF',
  description: 'Descripción',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  discount: 'Descuento',
  amount: 'Importe',
  net: 'Base imponible',
  tax: 'Impuesto ({{rate}} %)',
  total: 'Total',
  forInvoice: 'Factura',
  date: 'Fecha',
  method: 'Forma de pago',
  reference: 'Referencia',
  amountReceived: 'Importe recibido',
  amountRefunded: 'Importe reembolsado',
  methods: {
    cash: 'Efectivo',
    bank_transfer: 'Transferencia bancaria',
    card_terminal: 'Tarjeta (terminal)',
    card_online: 'Tarjeta (en línea)',
  },
};

registerMessages(namespace, { en, es });
