import type { Language } from '@portal/shared-ui';

// The due date field reads and writes a day the way each UI language writes dates: month first in
// English (06/01/2026), day first in Spanish (01/06/2026). The form keeps it as `YYYY-MM-DD`.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const THREE_PARTS = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The field's text for a form date ('2026-06-01' → '06/01/2026' in English); '' for none. */
export function formatDueDateField(value: string | null | undefined, language: Language): string {
  const match = value ? ISO_DAY.exec(value) : null;
  if (!match) return '';
  const [, year, month, day] = match;
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/**
 * What a person typed as a form date: in the language's order ('6/1/2026' in English, '1/6/2026' in
 * Spanish; '/', '.' or '-' between the parts) or already 'YYYY-MM-DD'. Null until it names a real day.
 */
export function parseDueDateField(text: string, language: Language): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const parts = THREE_PARTS.exec(value);
  if (!parts) return null;
  const [first, second, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return language === 'es' ? isoDay(year, second, first) : isoDay(year, first, second);
}
