// Every date field of the portal reads and shows a day the same way, whatever the UI language: day
// first (DD/MM/YYYY). Dates that are only read are written per language (format/date.ts). The form
// keeps the day as `YYYY-MM-DD`; what is sent from it (local time → ISO) is shared-data's business.

/** The dayjs format of every date field: what Mantine's DateInput shows for a `YYYY-MM-DD` value. */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a person typed in a date field as a form day (`YYYY-MM-DD`): day first ('1/12/2026',
 * '01-12-2026', '1.12.2026') or already 'YYYY-MM-DD'. Null until it names a real day, so
 * '31/02/2026' is refused instead of rolling over into March.
 */
export function parseDateInput(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DAY.exec(value);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) return isoDay(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  return null;
}
