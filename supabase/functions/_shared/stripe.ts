// Card payments through Stripe (card-checkout, card-webhook; docs/money.md "Card payments"). The
// secret key and the webhook's signing secret come only from the function's environment
// (`supabase secrets set STRIPE_SECRET_KEY=… STRIPE_WEBHOOK_SECRET=…`); without both, card payment is
// off. Amounts travel as decimal strings and whole minor units, never as floating-point sums.
import Stripe from 'stripe';
import { env } from './env.ts';

/** Card payment is on only when both keys are set. */
export function cardPaymentsConfigured(): boolean {
  return Boolean(env('STRIPE_SECRET_KEY')?.trim() && env('STRIPE_WEBHOOK_SECRET')?.trim());
}

/**
 * The Stripe client, with the secret key from the environment. STRIPE_API_BASE (test-only: the
 * integration tests' local stub, e.g. http://127.0.0.1:4242) points it elsewhere than api.stripe.com;
 * never set it in a deployment.
 */
export function stripeClient(): Stripe {
  const key = env('STRIPE_SECRET_KEY')?.trim();
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const base = env('STRIPE_API_BASE')?.trim();
  const target = base ? new URL(base) : undefined;
  return new Stripe(key, {
    // fetch works under Deno (Supabase, the local stack) and Node alike.
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? '443' : '80'),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Web Crypto for the webhook's signature check (Deno has no Node crypto for Stripe's default). */
export const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** Digits after the decimal point in a currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A positive decimal string ("121.50") in whole minor units (12150 for EUR), or null. */
export function toMinorUnits(amount: string, currency: string): number | null {
  const match = DECIMAL.exec(amount.trim());
  if (!match) return null;
  const exponent = currencyExponent(currency);
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return null;
  const units = Number(`${whole}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(units) ? units : null;
}

/** Whole minor units as a decimal string for Postgres numeric (12150 EUR → "121.50"). */
export function fromMinorUnits(units: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const digits = String(units).padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

export { Stripe };
