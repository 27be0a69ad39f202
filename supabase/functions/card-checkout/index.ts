// Online card payment, the student's side (docs/money.md "Card payments"): opens a Stripe Checkout
// Session for what is due on one of the caller's own invoices and answers its page. The invoice is read
// with the caller's own token, so RLS decides whose it is; the amount is the database's `due`, in the
// invoice's currency. `{ check: true }` (or GET) answers whether card payment is set up at all: the
// app shows the option only then. The payment itself is recorded by card-webhook when Stripe says it
// was paid, never here. Runs under Deno (Supabase, the local stack) and Node (tests); see ../README.md.
import { createClient } from '@supabase/supabase-js';
import { env, requiredEnv, serve } from '../_shared/env.ts';
import {
  type ErrorCode as CommonErrorCode,
  FunctionError as SharedFunctionError,
  errorResponse,
  json,
  messageOf,
  readJsonObject,
} from '../_shared/http.ts';
import { cardPaymentsConfigured, stripeClient, toMinorUnits } from '../_shared/stripe.ts';
import { CLIENT_OPTIONS } from '../_shared/supabase-client.ts';

type ErrorCode =
  | CommonErrorCode
  | 'CARD_PAYMENTS_UNAVAILABLE'
  | 'INVOICE_NOT_FOUND'
  | 'NOTHING_DUE'
  | 'RETURN_URL_NOT_ALLOWED'
  | 'PAYMENT_PROVIDER_ERROR';

class FunctionError extends SharedFunctionError<ErrorCode> {}

const NAME = 'card-checkout';

// --- HTTP -------------------------------------------------------------------------------------------

const LOCAL_APP_ORIGINS = [3000, 3001, 3002, 3003].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/** The apps' origins: ALLOWED_ORIGINS (comma-separated) in production, else the local apps (as admin-users). */
function appOrigins(): string[] {
  const configured = env('ALLOWED_ORIGINS')
    ?.split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return configured?.length ? configured : LOCAL_APP_ORIGINS;
}

function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get('origin');
  return {
    'access-control-allow-headers':
      'authorization, x-client-info, apikey, content-type, x-retry-count',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    vary: 'Origin',
    ...(origin && appOrigins().includes(origin) ? { 'access-control-allow-origin': origin } : {}),
  };
}

// --- input ------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where Stripe sends the student back: a page of one of the apps, with `card=success|cancel` added. */
export function returnUrlsOf(returnUrl: unknown): { success: string; cancel: string } {
  let url: URL;
  try {
    if (typeof returnUrl !== 'string' || returnUrl.length > 2000) throw new Error('not a text');
    url = new URL(returnUrl);
  } catch {
    throw new FunctionError(400, 'VALIDATION_ERROR', 'returnUrl must be a web address', {
      field: 'returnUrl',
    });
  }
  if (!appOrigins().includes(url.origin)) {
    throw new FunctionError(
      400,
      'RETURN_URL_NOT_ALLOWED',
      'returnUrl is not a page of the portal',
      {
        field: 'returnUrl',
      },
    );
  }
  url.hash = '';
  const withResult = (result: 'success' | 'cancel') => {
    const target = new URL(url);
    target.searchParams.set('card', result);
    return target.toString();
  };
  return { success: withResult('success'), cancel: withResult('cancel') };
}

const STRIPE_LOCALES = new Set(['en', 'es', 'fr', 'de']);

// --- the work ---------------------------------------------------------------------------------------

type InvoiceRow = {
  id: string;
  number: string;
  student_id: string | null;
  currency: string;
  due: string;
  status: string;
};

async function startCheckout(request: Request, body: Record<string, unknown>): Promise<string> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) throw new FunctionError(401, 'UNAUTHENTICATED', 'Sign in to pay an invoice');
  const invoiceId = body.invoiceId;
  if (typeof invoiceId !== 'string' || !UUID.test(invoiceId)) {
    throw new FunctionError(400, 'VALIDATION_ERROR', 'invoiceId must be an invoice id', {
      field: 'invoiceId',
    });
  }
  const urls = returnUrlsOf(body.returnUrl);

  // The database as the caller: RLS lets a student read only their own invoices.
  const db = createClient(requiredEnv('SUPABASE_URL'), requiredEnv('SUPABASE_ANON_KEY'), {
    ...CLIENT_OPTIONS,
    global: { headers: { authorization: `Bearer ${token}` } },
  });
  const { data: userData, error: userError } = await db.auth.getUser(token);
  const user = userData?.user;
  if (userError || !user)
    throw new FunctionError(401, 'UNAUTHENTICATED', 'Sign in to pay an invoice');

  const [balance, snapshot] = await Promise.all([
    db
      .from('invoice_balances')
      .select('id, number, student_id, currency, due::text, status')
      .eq('id', invoiceId)
      .maybeSingle<InvoiceRow>(),
    db.from('invoices').select('student_language').eq('id', invoiceId).maybeSingle(),
  ]);
  if (balance.error) throw balance.error;
  if (snapshot.error) throw snapshot.error;
  const invoice = balance.data;
  // Someone else's invoice reads as none at all (RLS), and so does an administrator paying for a student.
  if (!invoice || invoice.student_id !== user.id) {
    throw new FunctionError(404, 'INVOICE_NOT_FOUND', 'No such invoice of yours');
  }
  const amount = toMinorUnits(invoice.due, invoice.currency);
  if (invoice.status === 'void' || invoice.status === 'paid' || amount === null || amount <= 0) {
    throw new FunctionError(409, 'NOTHING_DUE', 'Nothing is due on this invoice');
  }
  const language = String(snapshot.data?.student_language ?? 'en');

  let session: { url: string | null };
  try {
    session = await stripeClient().checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: invoice.currency.toLowerCase(),
            unit_amount: amount,
            product_data: { name: `Invoice ${invoice.number}` },
          },
        },
      ],
      // card-webhook checks the paid amount against this one and the invoice before recording it.
      metadata: { invoice_id: invoice.id, invoice_number: invoice.number, amount_due: invoice.due },
      payment_intent_data: { metadata: { invoice_id: invoice.id } },
      client_reference_id: invoice.id,
      ...(user.email ? { customer_email: user.email } : {}),
      success_url: urls.success,
      cancel_url: urls.cancel,
      locale: (STRIPE_LOCALES.has(language) ? language : 'auto') as 'auto',
    });
  } catch (error) {
    console.error(`[${NAME}] Stripe refused the Checkout Session:`, messageOf(error));
    throw new FunctionError(
      502,
      'PAYMENT_PROVIDER_ERROR',
      'The card payment page could not be opened',
    );
  }
  if (!session.url) {
    throw new FunctionError(
      502,
      'PAYMENT_PROVIDER_ERROR',
      'The card payment page could not be opened',
    );
  }
  return session.url;
}

export default async function handler(request: Request): Promise<Response> {
  const headers = corsHeaders(request);
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers });
  try {
    if (request.method === 'GET')
      return json(200, { available: cardPaymentsConfigured() }, headers);
    if (request.method !== 'POST') throw new FunctionError(405, 'METHOD_NOT_ALLOWED', 'Use POST');
    const body = await readJsonObject(request);
    if (body.check === true) return json(200, { available: cardPaymentsConfigured() }, headers);
    if (!cardPaymentsConfigured()) {
      throw new FunctionError(
        503,
        'CARD_PAYMENTS_UNAVAILABLE',
        'Online card payment is not set up',
      );
    }
    return json(200, { url: await startCheckout(request, body) }, headers);
  } catch (error) {
    return errorResponse(NAME, error, headers);
  }
}

serve(handler);
