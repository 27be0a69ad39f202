export { currencySymbol, FALLBACK_PRICE_CURRENCY, formatMoney, formatPrice } from './currency';
export {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDateTimeInZone,
  formatDayMonth,
  formatLongDate,
  formatLongDateTime,
  formatMonthName,
  formatMonthYear,
  formatShortMonthYear,
  formatTime,
  formatWeekday,
} from './date';
export { formatFileSize } from './file-size';
export { formatAlternatives } from './list';
export { intlLocale } from './locale';
export { formatDecimal } from './number';
