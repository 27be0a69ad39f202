const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const STEP = 1024;

/**
 * A byte count for people (SPEC §9): Bytes, KB, MB or GB in steps of 1024, at most two decimals
 * (trailing zeros dropped: '1.5 KB'). Missing, negative or non-numeric sizes read '0 Bytes';
 * sizes beyond GB stay in GB.
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes <= 0) {
    return '0 Bytes';
  }
  const unit = Math.min(Math.max(Math.floor(Math.log(bytes) / Math.log(STEP)), 0), UNITS.length - 1);
  const value = Number.parseFloat((bytes / STEP ** unit).toFixed(2));
  return `${value} ${UNITS[unit]}`;
}
