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

/** What tells a class's course apart: its course id, else its course title, else the class itself. */
export function courseKey(item: {
  id: string;
  courseId?: string | null;
  courseTitle?: string | null;
}): string {
  return item.courseId || item.courseTitle || item.id;
}

/**
 * The colours of the courses shown together (a month, a planner's week): the courses sorted by key
 * take the palette's colours in turn, so up to COURSE_COLORS.length courses never share one (a hash
 * of each id let two courses of one week share a colour). A course keeps its colour while the
 * same courses are shown; the event's text still names the course.
 */
export function courseColors(keys: Iterable<string>): Map<string, MantineColor> {
  const sorted = [...new Set(keys)].sort();
  return new Map(
    sorted.map((key, index) => [key, COURSE_COLORS[index % COURSE_COLORS.length] ?? 'blue']),
  );
}
