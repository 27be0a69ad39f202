/** The first/last name pair an embedded `users` row carries. */
export type EmbeddedPerson = { first_name: string | null; last_name: string | null } | null;

/** A teacher's or uploader's full name, else 'Unknown'. */
export const UNKNOWN_PERSON = 'Unknown';

/** The full name of an embedded person; 'Unknown' when the row is missing or has no name. */
export function fullNameOf(person: EmbeddedPerson | undefined): string {
  const name = [person?.first_name, person?.last_name]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || UNKNOWN_PERSON;
}
