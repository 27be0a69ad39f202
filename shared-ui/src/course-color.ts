import type { MantineColor } from '@mantine/core';

/**
 * Colours that tell courses apart on a calendar or planner, in an order where neighbours differ
 * in hue. Red is left out (it reads as an error), grey too (it reads as disabled).
 */
export const COURSE_COLORS = [
  'blue',
  'orange',
  'teal',
  'grape',
  'lime',
  'cyan',
  'pink',
  'indigo',
  'yellow',
  'violet',
  'green',
] as const satisfies readonly MantineColor[];

/**
 * A course's colour, the same on every screen and every visit: chosen from its id (FNV-1a hash),
 * so no setting is needed and two courses of one week rarely share one. The title still names it.
 */
export function courseColor(courseKey: string): MantineColor {
  let hash = 0x811c9dc5;
  for (let index = 0; index < courseKey.length; index += 1) {
    hash ^= courseKey.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return COURSE_COLORS[(hash >>> 0) % COURSE_COLORS.length] ?? 'blue';
}
