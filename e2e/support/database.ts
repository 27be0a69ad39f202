import pg from 'pg';
import { PORT_OFFSET } from './backend';

// The local stack's Postgres, as its superuser: only for loading volume a test needs and removing it
// afterwards (local-supabase/src/config.ts holds the same port and credentials).
const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${54322 + PORT_OFFSET}/postgres`;

/** Runs `work` with a superuser connection, closed afterwards. */
export async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** The email domain of the accounts `addStudents` creates, so `removeStudents` finds only those. */
const LOAD_DOMAIN = 'load.e2e.test';

/**
 * Adds `count` student accounts in one statement (auth.users; the sign-up trigger makes their
 * profiles), each with a distinct name and join date. They cannot sign in (no usable password).
 */
export async function addStudents(db: pg.Client, count: number): Promise<void> {
  await db.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
       email_change_token_new, email_change
     )
     select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
            'authenticated', format('student-%s@%s', n, $2::text), '', now(),
            '{"provider":"email","providers":["email"]}',
            jsonb_build_object('first_name', 'Load', 'last_name', format('Student %s', n)),
            now() - make_interval(days => n % 700), now(), '', '', '', ''
       from generate_series(1, $1::integer) n`,
    [count, LOAD_DOMAIN],
  );
}

/** Removes what `addStudents` added (their profiles go with them). */
export async function removeStudents(db: pg.Client): Promise<void> {
  await db.query(`delete from auth.users where email like $1`, [`%@${LOAD_DOMAIN}`]);
}
