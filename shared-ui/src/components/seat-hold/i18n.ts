import { registerMessages } from '../../i18n';

// A seat held for its payment (docs/money.md "Payment before the seat"): the catalog's card, the course
// page and My Courses.
export const namespace = 'seat-hold';

export const en = {
  title: 'Seat held',
  heldUntil: 'Seat held until {{when}}',
  hint: 'Pay its invoice ({{amount}} due) to confirm your seat. If it is still unpaid then, the seat is released.',
  payByCard: 'Pay by card',
  paying: 'Opening the card payment…',
  toBilling: 'See the invoice in Billing',
  payFailed: 'The card payment could not start: {{message}}',
  enrolledHeld:
    'Your seat in {{title}} is held until {{when}}. Paying its invoice confirms it: you find it in Billing.',
  // My Courses
  sectionTitle: 'Seats held for payment',
  sectionLoadError: 'Your held seats could not be loaded.',
};

export const es: typeof en = {
  title: 'Plaza reservada',
  heldUntil: 'Plaza reservada hasta el {{when}}',
  hint: 'Paga su factura ({{amount}} pendientes) para confirmar tu plaza. Si sigue sin pagar en esa fecha, la plaza se libera.',
  payByCard: 'Pagar con tarjeta',
  paying: 'Abriendo el pago con tarjeta…',
  toBilling: 'Ver la factura en Facturación',
  payFailed: 'No se ha podido iniciar el pago con tarjeta: {{message}}',
  enrolledHeld:
    'Tu plaza en {{title}} queda reservada hasta el {{when}}. Al pagar su factura se confirma: la encontrarás en Facturación.',
  sectionTitle: 'Plazas reservadas a la espera del pago',
  sectionLoadError: 'No se han podido cargar tus plazas reservadas.',
};

registerMessages(namespace, { en, es });
