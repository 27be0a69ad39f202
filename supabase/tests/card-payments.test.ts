import { once } from 'node:events';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../local-supabase/src/config';
import { functionSecretsFile } from '../../local-supabase/src/functions-api';
import { fromMinorUnits, toMinorUnits } from '../functions/_shared/stripe';
import { closeDb, createCourse, createPerson, enroll, service, type Person } from './fixtures';

// Online card payment (issue 31, docs/money.md "Card payments"), through the gateway and the real
// functions under Deno: card-checkout opens a Stripe Checkout Session, card-webhook records what Stripe
// says was paid. Stripe's API is not reachable here: the functions' Stripe client is pointed at a stub
// on 127.0.0.1 (STRIPE_API_BASE, test-only) that records the Checkout Session request; the webhook's
// events are signed with the stripe package's own test helper. Serial: it sets the functions' secrets
// for the whole stack (the local `supabase secrets set`), which restarts every function.

const SECRET_KEY = 'sk_test_portal_card_payments';
const WEBHOOK_SECRET = 'whsec_portal_card_payments_test_secret';
const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_portal';
const RETURN_URL = 'http://localhost:3000/billing';
const stripe = new Stripe(SECRET_KEY);

type StubRequest = { method: string; path: string; authorization: string; form: URLSearchParams };
const stubRequests: StubRequest[] = [];
let stub: http.Server;
let stubBase: string;

let student: Person;
let otherStudent: Person;
let admin: Person;
let openInvoice: { id: string; number: string; currency: string; total: number };
let paidInvoiceId: string;
let otherInvoiceId: string;

async function setSecrets(secrets: Record<string, string>): Promise<void> {
  const file = functionSecretsFile();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(secrets));
}

async function tokenOf(person: Person): Promise<string> {
  const { data } = await person.client.auth.getSession();
  return data.session?.access_token ?? '';
}

async function checkout(person: Person | null, body: unknown) {
  const response = await fetch(`${API_URL}/functions/v1/card-checkout`, {
    method: 'POST',
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${person ? await tokenOf(person) : ANON_KEY}`,
      'content-type': 'application/json',
      origin: 'http://localhost:3000',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts an event to the webhook as Stripe does: no key, no token, the body signed (or not). */
async function deliver(
  event: object,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string } = {},
) {
  const payload = JSON.stringify(event);
  const response = await fetch(`${API_URL}/functions/v1/card-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let eventCount = 0;
function paidSessionEvent(overrides: {
  invoiceId?: string;
  amountDue?: string;
  amountTotal?: number;
  currency?: string;
  type?: string;
  paymentStatus?: string;
  id?: string;
}) {
  eventCount += 1;
  const suffix = `${Date.now().toString(36)}_${eventCount}`;
  return {
    id: overrides.id ?? `evt_test_${suffix}`,
    object: 'event',
    type: overrides.type ?? 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${suffix}`,
        object: 'checkout.session',
        amount_total: overrides.amountTotal ?? 5000,
        currency: overrides.currency ?? openInvoice.currency.toLowerCase(),
        payment_status: overrides.paymentStatus ?? 'paid',
        payment_intent: `pi_test_${suffix}`,
        metadata: {
          invoice_id: overrides.invoiceId ?? openInvoice.id,
          amount_due: overrides.amountDue ?? '50.00',
        },
      },
    },
  };
}

async function balanceOf(id: string) {
  const { data, error } = await service
    .from('invoice_balances')
    .select('paid, due, status')
    .eq('id', id)
    .single();
  expect(error).toBeNull();
  return { paid: Number(data!.paid), due: Number(data!.due), status: String(data!.status) };
}

async function paymentsOfEvent(eventId: string) {
  const { data, error } = await service
    .from('payments')
    .select('amount, method, reference, provider_event_id')
    .eq('provider_event_id', eventId);
  expect(error).toBeNull();
  return data ?? [];
}

async function invoiceOf(studentId: string, courseId: string) {
  const { data, error } = await service
    .from('invoices')
    .select('id, number, currency, total')
    .eq('student_id', studentId)
    .eq('course_id', courseId)
    .single();
  expect(error).toBeNull();
  return { ...data!, total: Number(data!.total) } as typeof openInvoice;
}

beforeAll(async () => {
  stub = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      stubRequests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: String(request.headers.authorization ?? ''),
        form: new URLSearchParams(text),
      });
      response.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_stub' });
      response.end(
        JSON.stringify({ id: 'cs_test_portal', object: 'checkout.session', url: CHECKOUT_URL }),
      );
    });
  });
  stub.listen(0, '127.0.0.1');
  await once(stub, 'listening');
  stubBase = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

  [student, otherStudent, admin] = await Promise.all([
    createPerson('student', 'Carla'),
    createPerson('student', 'Otto'),
    createPerson('admin', 'Ana'),
  ]);
  const [course, paidCourse] = await Promise.all([
    createCourse({ price: 120.5, max_students: 10 }),
    createCourse({ price: 40, max_students: 10 }),
  ]);
  await Promise.all([
    enroll(student.id, course.id),
    enroll(student.id, paidCourse.id),
    enroll(otherStudent.id, course.id),
  ]);
  openInvoice = await invoiceOf(student.id, course.id);
  const paid = await invoiceOf(student.id, paidCourse.id);
  paidInvoiceId = paid.id;
  otherInvoiceId = (await invoiceOf(otherStudent.id, course.id)).id;
  const { error } = await admin.client.rpc('record_payment', {
    invoice_uuid: paid.id,
    amount: paid.total,
    method: 'cash',
  });
  expect(error).toBeNull();
});

afterAll(async () => {
  await rm(functionSecretsFile(), { force: true });
  stub?.close();
  await closeDb();
});

describe('without the Stripe keys', () => {
  beforeAll(async () => {
    // Empty values win over whatever the stack was started with.
    await setSecrets({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
  });

  it('answers unavailable, refuses to start a payment and records nothing', async () => {
    expect(await checkout(student, { check: true })).toEqual({
      status: 200,
      body: { available: false },
    });
    const start = await checkout(student, { invoiceId: openInvoice.id, returnUrl: RETURN_URL });
    expect(start).toMatchObject({ status: 503, body: { code: 'CARD_PAYMENTS_UNAVAILABLE' } });

    const event = paidSessionEvent({});
    expect((await deliver(event)).status).toBe(503);
    expect(await paymentsOfEvent(event.id)).toEqual([]);
  });

  it('with only one of the two keys, still unavailable', async () => {
    await setSecrets({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: '' });
    expect((await checkout(student, { check: true })).body).toEqual({ available: false });
  });
});

describe('with the Stripe keys', () => {
  beforeAll(async () => {
    await setSecrets({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stubBase,
    });
  });

  it('answers available', async () => {
    expect(await checkout(student, { check: true })).toEqual({
      status: 200,
      body: { available: true },
    });
  });

  describe('card-checkout', () => {
    it("refuses another student's invoice and a paid one without calling Stripe", async () => {
      stubRequests.length = 0;
      expect(
        await checkout(student, { invoiceId: otherInvoiceId, returnUrl: RETURN_URL }),
      ).toMatchObject({ status: 404, body: { code: 'INVOICE_NOT_FOUND' } });
      expect(
        await checkout(admin, { invoiceId: openInvoice.id, returnUrl: RETURN_URL }),
      ).toMatchObject({ status: 404, body: { code: 'INVOICE_NOT_FOUND' } });
      expect(
        await checkout(student, { invoiceId: paidInvoiceId, returnUrl: RETURN_URL }),
      ).toMatchObject({ status: 409, body: { code: 'NOTHING_DUE' } });
      expect(stubRequests).toEqual([]);
    });

    it('refuses a caller without a session, a bad invoice id and a return page off the portal', async () => {
      stubRequests.length = 0;
      expect(
        await checkout(null, { invoiceId: openInvoice.id, returnUrl: RETURN_URL }),
      ).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
      expect(
        await checkout(student, { invoiceId: 'not-an-id', returnUrl: RETURN_URL }),
      ).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      expect(
        await checkout(student, {
          invoiceId: openInvoice.id,
          returnUrl: 'https://evil.example/billing',
        }),
      ).toMatchObject({ status: 400, body: { code: 'RETURN_URL_NOT_ALLOWED' } });
      expect(stubRequests).toEqual([]);
    });

    it("opens a Checkout Session for the student's own open invoice: what is due, in minor units", async () => {
      stubRequests.length = 0;
      const { due } = await balanceOf(openInvoice.id);
      const answer = await checkout(student, {
        invoiceId: openInvoice.id,
        returnUrl: `${RETURN_URL}?tab=all#top`,
      });

      expect(answer).toEqual({ status: 200, body: { url: CHECKOUT_URL } });
      expect(stubRequests).toHaveLength(1);
      const [sent] = stubRequests;
      expect(sent!.method).toBe('POST');
      expect(sent!.path).toBe('/v1/checkout/sessions');
      expect(sent!.authorization).toBe(`Bearer ${SECRET_KEY}`);
      const form = Object.fromEntries(sent!.form);
      expect(form).toMatchObject({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': openInvoice.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(Math.round(due * 100)),
        'line_items[0][price_data][product_data][name]': `Invoice ${openInvoice.number}`,
        'metadata[invoice_id]': openInvoice.id,
        'metadata[amount_due]': due.toFixed(2),
        client_reference_id: openInvoice.id,
        customer_email: student.email,
        success_url: `${RETURN_URL}?tab=all&card=success`,
        cancel_url: `${RETURN_URL}?tab=all&card=cancel`,
        locale: 'en',
      });
    });

    it('says so when Stripe refuses, without its message', async () => {
      await setSecrets({
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Nothing listens there.
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      });
      try {
        const answer = await checkout(student, {
          invoiceId: openInvoice.id,
          returnUrl: RETURN_URL,
        });
        expect(answer).toMatchObject({ status: 502, body: { code: 'PAYMENT_PROVIDER_ERROR' } });
      } finally {
        await setSecrets({
          STRIPE_SECRET_KEY: SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_API_BASE: stubBase,
        });
      }
    });
  });

  describe('card-webhook', () => {
    it("records a paid session once: the invoice's balance moves by exactly its amount", async () => {
      const before = await balanceOf(openInvoice.id);
      const event = paidSessionEvent({ amountDue: '50.00', amountTotal: 5000 });

      const first = await deliver(event);
      expect(first).toMatchObject({ status: 200, body: { received: true, recorded: true } });
      const after = await balanceOf(openInvoice.id);
      expect(after.paid).toBeCloseTo(before.paid + 50, 2);
      expect(after.due).toBeCloseTo(before.due - 50, 2);
      expect(await paymentsOfEvent(event.id)).toEqual([
        {
          amount: 50,
          method: 'card_online',
          reference: event.data.object.payment_intent,
          provider_event_id: event.id,
        },
      ]);

      // Stripe delivers the same event again: 200, and nothing more is recorded.
      const replay = await deliver(event);
      expect(replay).toMatchObject({
        status: 200,
        body: { received: true, recorded: false, reason: 'already recorded' },
      });
      expect(await paymentsOfEvent(event.id)).toHaveLength(1);
      expect(await balanceOf(openInvoice.id)).toEqual(after);
    });

    it('records one payment when Stripe delivers the same event twice at once', async () => {
      const before = await balanceOf(openInvoice.id);
      const event = paidSessionEvent({ amountDue: '1.50', amountTotal: 150 });
      const answers = await Promise.all([deliver(event), deliver(event)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers.filter((answer) => answer.body.recorded === true)).toHaveLength(1);
      expect(await paymentsOfEvent(event.id)).toHaveLength(1);
      expect((await balanceOf(openInvoice.id)).paid).toBeCloseTo(before.paid + 1.5, 2);
    });

    it('records a delayed payment when it succeeds, not when the session completes unpaid', async () => {
      const before = await balanceOf(openInvoice.id);
      const unpaid = paidSessionEvent({
        amountDue: '10.25',
        amountTotal: 1025,
        paymentStatus: 'unpaid',
      });
      expect((await deliver(unpaid)).body).toMatchObject({ recorded: false, reason: 'ignored' });
      expect(await paymentsOfEvent(unpaid.id)).toEqual([]);

      const succeeded = paidSessionEvent({
        type: 'checkout.session.async_payment_succeeded',
        amountDue: '10.25',
        amountTotal: 1025,
      });
      expect((await deliver(succeeded)).body).toMatchObject({ recorded: true });
      expect((await balanceOf(openInvoice.id)).paid).toBeCloseTo(before.paid + 10.25, 2);
    });

    it('refuses a bad signature with 400 and records nothing', async () => {
      const before = await balanceOf(openInvoice.id);
      const event = paidSessionEvent({});
      expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(400);
      expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
      const unsigned = await fetch(`${API_URL}/functions/v1/card-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(unsigned.status).toBe(400);
      expect(await paymentsOfEvent(event.id)).toEqual([]);
      expect(await balanceOf(openInvoice.id)).toEqual(before);
    });

    it('refuses an amount or a currency that does not match, and more than is due', async () => {
      const before = await balanceOf(openInvoice.id);
      const events = [
        // Paid 1 cent less than the session asked.
        paidSessionEvent({ amountDue: '20.00', amountTotal: 1999 }),
        // Another currency than the invoice's.
        paidSessionEvent({
          amountDue: '20.00',
          amountTotal: 2000,
          currency: openInvoice.currency === 'USD' ? 'eur' : 'usd',
        }),
        // More than is still due.
        paidSessionEvent({ amountDue: '5000.00', amountTotal: 500000 }),
        // An invoice that does not exist.
        paidSessionEvent({ invoiceId: '00000000-0000-4000-8000-000000000000' }),
      ];
      for (const event of events) {
        expect(await deliver(event)).toMatchObject({
          status: 200,
          body: { recorded: false, reason: 'refused' },
        });
        expect(await paymentsOfEvent(event.id)).toEqual([]);
      }
      expect(await balanceOf(openInvoice.id)).toEqual(before);
    });

    it('answers 200 to other events and ignores them', async () => {
      const event = paidSessionEvent({ type: 'payment_intent.created' });
      expect(await deliver(event)).toMatchObject({
        status: 200,
        body: { received: true, recorded: false },
      });
      expect(await paymentsOfEvent(event.id)).toEqual([]);
    });

    it('lets nobody else record an online payment', async () => {
      const { error } = await student.client.rpc('record_online_payment', {
        invoice_uuid: openInvoice.id,
        amount: 1,
        provider_event_id: 'evt_forged',
      });
      expect(error?.code).toBe('42501');
    });
  });
});

describe("amounts in minor units (the functions' own conversion, no floating-point sums)", () => {
  it("follows each currency's minor unit", () => {
    expect(toMinorUnits('120.50', 'EUR')).toBe(12050);
    expect(toMinorUnits('0.01', 'USD')).toBe(1);
    expect(toMinorUnits('1234567890.99', 'EUR')).toBe(123456789099);
    expect(toMinorUnits('5000', 'JPY')).toBe(5000);
    expect(toMinorUnits('5000.50', 'JPY')).toBeNull();
    expect(toMinorUnits('1.5', 'KWD')).toBe(1500);
    expect(toMinorUnits('-1.00', 'EUR')).toBeNull();
    expect(toMinorUnits('1e3', 'EUR')).toBeNull();
    expect(fromMinorUnits(12050, 'EUR')).toBe('120.50');
    expect(fromMinorUnits(5, 'EUR')).toBe('0.05');
    expect(fromMinorUnits(5000, 'JPY')).toBe('5000');
  });
});
