export { formatPrice } from './currency';
export { formatDate, formatTime } from './date';
export { formatFileSize } from './file-size';
export { formatAlternatives } from './list';
export { intlLocale } from './locale';
export { formatDecimal } from './number';
