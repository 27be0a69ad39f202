// @portal/shared-data's main entry: types, services, read models, rules and the session's atoms,
// by subject (each file below says what it holds). Query options and hooks are the `./queries`
// entry; the page's state (the Supabase client, the session atom) is the shared `./session` entry.
// Every name stays exported from here, so a remote built against this entry keeps working.
export * from './exports/foundation';
export * from './exports/auth';
export * from './exports/people';
export * from './exports/courses';
export * from './exports/classes';
export * from './exports/materials';
export * from './exports/activities';
export * from './exports/dashboards';
export * from './exports/settings';
export * from './exports/notifications';
export * from './exports/messages';
export * from './exports/announcements';
export * from './exports/waiting-list';
export * from './exports/billing';
export * from './exports/gradebook';
