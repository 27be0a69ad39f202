import type { Language } from '../i18n';
import { dateTimeFormat } from './intl-cache';
import { intlLocale } from './locale';

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in the UI language ('Mar 4, 2025' / '4 mar 2025'); unparseable input is shown as is. */
export function formatDate(value: string | Date, language: Language = 'en'): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(date);
}

/** A time of day on the 24-hour clock ('09:05', '14:30') in both languages; unparseable input as is. */
export function formatTime(value: string | Date, language: Language = 'en'): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateTimeFormat(intlLocale(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
