/** The first/last name pair an embedded `users` row carries. */
export type EmbeddedPerson = { first_name: string | null; last_name: string | null } | null;

/**
 * A person's name as the database gives it, trimmed; null when the person is unknown (the profile is
 * gone or has no name). Screens show their own translated word for an unknown person.
 */
export function personName(name: unknown): string | null {
  return typeof name === 'string' ? name.trim() || null : null;
}

/** The full name of an embedded person; null when the row is missing or has no name. */
export function fullNameOf(person: EmbeddedPerson | undefined): string | null {
  return personName(
    [person?.first_name, person?.last_name]
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  );
}
