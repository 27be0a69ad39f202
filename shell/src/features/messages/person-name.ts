import type { MessagePerson } from '@portal/shared-data';

/** "First Last", or the role's word when the profile has no name. */
export function personName(person: MessagePerson, fallback: string): string {
  return `${person.firstName} ${person.lastName}`.trim() || fallback;
}
