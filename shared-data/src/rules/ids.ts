// Ids in links (a course page, a Grade link) are typed by people: anything but a uuid names nothing,
// and asking the database would only answer with a cast error.
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of a database id (a uuid). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
