import type { AppUser } from '@portal/shared-data';
import { csvTimestamp, toCsv } from '@portal/shared-data/csv';

/** The export's `t` (its namespace; `ns` reaches `common` for role names). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

// User Management's CSV export: headers and words in the UI language, moments as csvTimestamp
// writes them (UTC, to the second), so a spreadsheet reads them whatever its locale. Names and
// places are typed by people: shared-data's `toCsv` keeps any that looks like a formula as text.

const COLUMNS = [
  'firstName',
  'lastName',
  'email',
  'role',
  'account',
  'phone',
  'location',
  'joined',
  'lastSignIn',
] as const;

function cellOf(user: AppUser, column: (typeof COLUMNS)[number], t: Translate) {
  switch (column) {
    case 'firstName':
      return user.firstName;
    case 'lastName':
      return user.lastName;
    case 'email':
      return user.email;
    case 'role':
      return t(`roles.${user.role}`, { ns: 'common' });
    case 'account':
      return user.isActive ? t('values.active') : t('values.inactive');
    case 'phone':
      return user.phone;
    case 'location':
      return user.location;
    case 'joined':
      return csvTimestamp(user.createdAt);
    case 'lastSignIn':
      return csvTimestamp(user.lastLogin);
  }
}

/** User Management's list as a CSV file's text, one row per user. */
export function usersCsv(users: readonly AppUser[], t: Translate): string {
  return toCsv(
    COLUMNS.map((column) => t(`columns.${column}`)),
    users.map((user) => COLUMNS.map((column) => cellOf(user, column, t))),
  );
}
