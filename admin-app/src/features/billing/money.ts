import { errorMessageKey, moneyErrorOf, type InvoiceStatus } from '@portal/shared-data';
import { toServiceError } from '@portal/shared-data/queries';
import { intlLocale, type Language } from '@portal/shared-ui';

/** An amount in its currency and the reader's language (the database computed it; shown as it is). */
export function formatMoney(amount: number, currency: string, language: Language): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency: currency || 'EUR',
    }).format(Number.isFinite(amount) ? amount : 0);
  } catch {
    return new Intl.NumberFormat(intlLocale(language), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  }
}

export const STATUS_COLORS: Record<InvoiceStatus, string> = {
  open: 'blue',
  overdue: 'red',
  paid: 'teal',
  void: 'gray',
};

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why a money action failed, in the user's language: the database's money error (moneyErrorOf) when
 * it is one, else the general error text. Never the raw message.
 */
export function moneyFailureText(error: unknown, t: Translate): string {
  const service = toServiceError(error);
  const money = moneyErrorOf(service.details);
  return money ? t(`moneyErrors.${money}`) : t(errorMessageKey(service), { ns: 'errors' });
}

/** Today in the browser's calendar (YYYY-MM-DD), a form's default date. */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
