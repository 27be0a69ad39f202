import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionSecretsFile } from '../../../local-supabase/src/functions-api';
import { errorMessageKey } from '../../../shared-data/src/rules/error-messages';
import { billingService } from '../../../shared-data/src/services/billing';
import { closeDb } from '../fixtures';
import { installLocalDataClient, signInAs } from './data-client';

installLocalDataClient();

// The card payment client the student's Billing page calls (shared-data billingService), through
// supabase-js, the gateway and the card-checkout function: the availability answer and the refusals,
// translated. The Checkout Session itself and the webhook: supabase/tests/card-payments.test.ts.

const UNKNOWN_INVOICE = '00000000-0000-4000-8000-000000000000';
const RETURN_URL = 'http://localhost:3000/billing';

async function setSecrets(secrets: Record<string, string>): Promise<void> {
  const file = functionSecretsFile();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(secrets));
}

afterAll(async () => {
  await rm(functionSecretsFile(), { force: true });
  await closeDb();
});

describe('billingService card payment against the stack', () => {
  it('without the keys: unavailable, and starting a payment says so in the translated message', async () => {
    await setSecrets({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
    await signInAs('student');

    expect(await billingService.cardPaymentAvailability()).toEqual({
      success: true,
      data: { available: false },
    });
    const start = await billingService.startCardPayment(UNKNOWN_INVOICE, RETURN_URL);
    expect(start.success).toBe(false);
    if (start.success) return;
    expect(start.error.details).toMatchObject({ code: 'CARD_PAYMENTS_UNAVAILABLE', status: 503 });
    expect(errorMessageKey(start.error)).toBe('cardPaymentUnavailable');
  });

  it('with the keys: available; an invoice not the caller’s and a page off the portal are refused', async () => {
    await setSecrets({
      STRIPE_SECRET_KEY: 'sk_test_services',
      STRIPE_WEBHOOK_SECRET: 'whsec_services',
      // Never reached: both calls are refused before Stripe.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    await signInAs('student');

    expect(await billingService.cardPaymentAvailability()).toEqual({
      success: true,
      data: { available: true },
    });
    const notMine = await billingService.startCardPayment(UNKNOWN_INVOICE, RETURN_URL);
    expect(notMine.success).toBe(false);
    if (notMine.success) return;
    expect(notMine.error.details).toMatchObject({ code: 'INVOICE_NOT_FOUND', status: 404 });
    expect(errorMessageKey(notMine.error)).toBe('notFound');

    const elsewhere = await billingService.startCardPayment(
      UNKNOWN_INVOICE,
      'https://evil.example/billing',
    );
    expect(elsewhere.success).toBe(false);
    if (elsewhere.success) return;
    expect(elsewhere.error.details).toMatchObject({ code: 'RETURN_URL_NOT_ALLOWED' });
    expect(errorMessageKey(elsewhere.error)).toBe('invalidValue');
  });
});
