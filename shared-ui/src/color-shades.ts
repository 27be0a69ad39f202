import type { MantineColorsTuple } from '@mantine/core';
import { generateColors } from '@mantine/colors-generator';
import { isHexColor } from './hex-color';

/**
 * Ten shades (light to dark) of a hex colour, from `@mantine/colors-generator`: the colour itself sits
 * at the step whose lightness is closest to its own, the others are the same hue made lighter and
 * darker, so any admin-picked colour yields a usable Mantine palette. The theme imports this module
 * only for colours other than the defaults (theme.ts), so a page of an untouched portal does not load
 * the generator.
 */
export function colorShades(hex: string): MantineColorsTuple {
  if (!isHexColor(hex)) throw new RangeError(`Not a hex colour: ${hex}`);
  return generateColors(hex) as unknown as MantineColorsTuple;
}
