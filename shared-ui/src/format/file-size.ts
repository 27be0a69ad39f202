import type { Language } from '../i18n';
import { numberFormat } from './intl-cache';
import { intlLocale } from './locale';

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const STEP = 1024;

/**
 * A byte count for people: Bytes, KB, MB or GB in steps of 1024, at most two decimals
 * ('1.5 KB', '1.21 KB'). Missing, negative or non-numeric sizes read '0 Bytes'; sizes beyond GB stay
 * in GB. Pass the UI language to get its decimal separator ('1,5 KB' in Spanish).
 */
export function formatFileSize(
  bytes: number | null | undefined,
  language: Language = 'en',
): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) {
    return '0 Bytes';
  }
  const unit = Math.min(
    Math.max(Math.floor(Math.log(bytes) / Math.log(STEP)), 0),
    UNITS.length - 1,
  );
  // Round first so 1048575 bytes reads '1024 KB' (like the spec's toFixed(2)) rather than '1 MB'.
  const value = Number.parseFloat((bytes / STEP ** unit).toFixed(2));
  const number = numberFormat(intlLocale(language), {
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}
