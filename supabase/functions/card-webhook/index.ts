// Online card payment, Stripe's side (docs/money.md "Card payments"): Stripe posts its events here, with
// no user token (supabase/config.toml: verify_jwt = false). The `Stripe-Signature` header is checked
// with STRIPE_WEBHOOK_SECRET before anything else; a bad one is 400 and touches nothing. A paid Checkout
// Session (`checkout.session.completed` with payment_status paid, or
// `checkout.session.async_payment_succeeded`) is recorded through `record_online_payment` with the
// service role, keyed by the event's id: the database records one payment however often Stripe delivers
// the event, and this function answers 200 each time. A session whose currency or amount does not match
// the invoice (or that would pay more than is due) is refused, logged and not recorded. Any other event
// is answered 200 and ignored. Runs under Deno (Supabase, the local stack) and Node (tests).
import { createClient } from '@supabase/supabase-js';
import { env, requiredEnv, serve } from '../_shared/env.ts';
import {
  type ErrorCode as CommonErrorCode,
  FunctionError as SharedFunctionError,
  errorResponse,
  json,
  messageOf,
} from '../_shared/http.ts';
import { cryptoProvider, fromMinorUnits, stripeClient, toMinorUnits } from '../_shared/stripe.ts';
import { CLIENT_OPTIONS } from '../_shared/supabase-client.ts';

class FunctionError extends SharedFunctionError<
  CommonErrorCode | 'CARD_PAYMENTS_UNAVAILABLE' | 'INVALID_SIGNATURE'
> {}

const NAME = 'card-webhook';
/** Stripe calls this function, never a browser. */
const HEADERS: Record<string, string> = {};

/** The events that mean a Checkout Session's money was received. */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Session = {
  id: string;
  amount_total: number | null;
  currency: string | null;
  payment_status: string;
  payment_intent: string | { id: string } | null;
  metadata: Record<string, string> | null;
};

type Outcome =
  | { recorded: true; paymentId: string }
  | { recorded: false; reason: 'ignored' | 'already recorded' | 'refused'; paymentId?: string };

function refuse(event: { id: string }, why: string): Outcome {
  console.error(`[${NAME}] event ${event.id} not recorded: ${why}`);
  return { recorded: false, reason: 'refused' };
}

async function recordPayment(
  event: { id: string; type: string },
  session: Session,
): Promise<Outcome> {
  if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') {
    // Paid later (a bank debit): async_payment_succeeded brings it.
    return { recorded: false, reason: 'ignored' };
  }
  const invoiceId = session.metadata?.invoice_id ?? '';
  if (!UUID.test(invoiceId)) return refuse(event, 'the session names no invoice');

  const db = createClient(
    requiredEnv('SUPABASE_URL'),
    requiredEnv('SUPABASE_SERVICE_ROLE_KEY'),
    CLIENT_OPTIONS,
  );
  const { data: invoice, error: readError } = await db
    .from('invoices')
    .select('id, currency')
    .eq('id', invoiceId)
    .maybeSingle();
  if (readError) throw readError;
  if (!invoice) return refuse(event, `no invoice ${invoiceId}`);

  const currency = String(invoice.currency);
  if ((session.currency ?? '').toUpperCase() !== currency) {
    return refuse(event, `currency ${session.currency} is not the invoice's ${currency}`);
  }
  const paid = session.amount_total;
  const asked = toMinorUnits(session.metadata?.amount_due ?? '', currency);
  if (typeof paid !== 'number' || !Number.isSafeInteger(paid) || paid <= 0 || paid !== asked) {
    return refuse(event, `amount ${paid} is not the ${asked} the session asked for`);
  }
  const intent = session.payment_intent;
  const reference = (typeof intent === 'string' ? intent : intent?.id) ?? session.id;

  const { data, error } = await db.rpc('record_online_payment', {
    invoice_uuid: invoice.id,
    amount: fromMinorUnits(paid, currency),
    provider_event_id: event.id,
    reference,
  });
  if (error) {
    // More than is still due (paid twice, or the office recorded a payment meanwhile): the database
    // refuses it; retrying would not change that, so the money is left for the office to refund.
    if (error.code === 'MN002' || error.code === 'MN001') return refuse(event, error.message);
    throw error;
  }
  const reply = data as { payment_id: string; recorded: boolean };
  return reply.recorded
    ? { recorded: true, paymentId: reply.payment_id }
    : { recorded: false, reason: 'already recorded', paymentId: reply.payment_id };
}

export default async function handler(request: Request): Promise<Response> {
  try {
    if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const secret = env('STRIPE_WEBHOOK_SECRET')?.trim();
    if (!secret || !env('STRIPE_SECRET_KEY')?.trim()) {
      throw new FunctionError(
        503,
        'CARD_PAYMENTS_UNAVAILABLE',
        'Online card payment is not set up',
      );
    }
    const payload = await request.text();
    const signature = request.headers.get('stripe-signature');
    if (!signature)
      throw new FunctionError(400, 'INVALID_SIGNATURE', 'Stripe-Signature is missing');
    let event: { id: string; type: string; data: { object: unknown } };
    try {
      event = await stripeClient().webhooks.constructEventAsync(
        payload,
        signature,
        secret,
        undefined,
        cryptoProvider,
      );
    } catch (error) {
      throw new FunctionError(
        400,
        'INVALID_SIGNATURE',
        `Signature not verified: ${messageOf(error)}`,
      );
    }
    if (!PAID_EVENTS.has(event.type))
      return json(200, { received: true, recorded: false }, HEADERS);
    const outcome = await recordPayment(event, event.data.object as Session);
    return json(200, { received: true, ...outcome }, HEADERS);
  } catch (error) {
    // Anything unexpected is 500: Stripe delivers the event again later.
    return errorResponse(NAME, error, HEADERS);
  }
}

serve(handler);
