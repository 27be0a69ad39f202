// Small conversions every mapper needs, so each entity's mapper reads as its fields only.

/** `numeric` columns arrive as strings when they do not fit a JS number exactly; bad values are 0. */
export function toNumber(value: number | string | null | undefined): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Like toNumber, but a missing value stays null (an ungraded grade, a link's size). */
export function toNumberOrNull(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : toNumber(value);
}

/** Optional text as stored: trimmed, and empty becomes null. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The value when it is one of `allowed`, else null. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | null {
  return allowed.find((candidate) => candidate === value) ?? null;
}
