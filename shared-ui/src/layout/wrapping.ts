// Narrow screens (375 px phones, Spanish labels): titles and button labels wrap instead of being
// cut off ("Open cou") or widening the page.

/**
 * A title that wraps between words; only a single word wider than its box breaks (`break-word`,
 * unlike `anywhere`, keeps the min-content width at the longest word, so a flex row never squeezes
 * the title letter by letter). `minWidth: 0` lets it shrink inside a flex row.
 */
export const wrappingTitle = {
  overflowWrap: 'break-word',
  wordBreak: 'normal',
  minWidth: 0,
} as const;

/** Mantine Button `styles`: the label wraps onto more lines rather than being truncated. */
export const wrappingButtonStyles = {
  root: { height: 'auto', minHeight: 'var(--button-height)', flex: '1 1 auto' },
  label: { whiteSpace: 'normal', lineHeight: 1.25, paddingBlock: 6 },
} as const;
