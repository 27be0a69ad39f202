import { describe, expect, it } from 'vitest';
import { adminDatabaseUrl } from '../../local-supabase/src/config';
import { applyBootstrap, connect } from '../../local-supabase/src/database';
import { auth, freshIp, uniqueEmail } from '../../local-supabase/tests/support';

// The sign-up deadlock (docs/architecture.md, "The local stack"). The local stack's bootstrap
// (local-supabase/sql/bootstrap.sql) runs on every start, and local-supabase/tests/migrations.test.ts
// runs it again on the live database beside the other test files. It took a SHARE lock on auth.users
// (`create index if not exists`, even with the index there), then an ACCESS EXCLUSIVE one (`alter table
// … owner to`, `enable row level security`, even with nothing to change). A sign-up reads auth.users
// (is the address taken?), hashes the password, then inserts: between the two it held the read lock the
// bootstrap's ACCESS EXCLUSIVE waited for, and its insert waited for the bootstrap's SHARE lock. Postgres
// ended the sign-up with "deadlock detected" and the auth API answered 500. The bootstrap now runs a
// statement that locks a table only when it has something to do.

async function authAndStorageTables(): Promise<string[]> {
  const admin = await connect(adminDatabaseUrl());
  try {
    const { rows } = await admin.query<{ name: string }>(
      `select c.oid::regclass::text as name from pg_class c
        where c.relkind in ('r', 'p') and c.relnamespace in ('auth'::regnamespace, 'storage'::regnamespace)
        order by 1`,
    );
    return [...rows.map((row) => row.name), 'supabase_migrations.schema_migrations'];
  } finally {
    await admin.end();
  }
}

describe('the bootstrap run again on a database in use', () => {
  it('takes no lock that waits for the reads and writes of the auth and storage tables', async () => {
    const tables = await authAndStorageTables();
    expect(tables).toContain('auth.users');
    // A writer in the middle of its transaction on every one of those tables.
    const writer = await connect(adminDatabaseUrl());
    const admin = await connect(adminDatabaseUrl());
    try {
      await writer.query('begin');
      await writer.query(`lock table ${tables.join(', ')} in row exclusive mode`);
      await admin.query(`set lock_timeout = '2s'`);
      await expect(applyBootstrap(admin)).resolves.toBeUndefined();
    } finally {
      await writer.query('rollback').catch(() => undefined);
      await Promise.all([writer.end(), admin.end()]);
    }
  });

  it('refuses no sign-up made at the same time', { timeout: 30_000 }, async () => {
    const admin = await connect(adminDatabaseUrl());
    let signingUp = true;
    let runs = 0;
    const refused: string[] = [];
    const bootstrapAgain = async () => {
      while (signingUp) {
        await applyBootstrap(admin).catch((error: unknown) =>
          refused.push(`bootstrap: ${String(error)}`),
        );
        runs += 1;
      }
    };
    // Three at a time, six each: 18 sign-ups while the bootstrap runs again and again.
    const signUps = async () => {
      const answers: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const answer = await auth(freshIp(), 'POST', '/signup', {
          email: uniqueEmail('beside-bootstrap'),
          password: `pw-${crypto.randomUUID()}`,
          data: { first_name: 'Beside', last_name: 'Bootstrap' },
        });
        answers.push(
          answer.status === 200 ? 'ok' : `${answer.status} ${JSON.stringify(answer.body)}`,
        );
      }
      return answers;
    };
    try {
      const bootstrapping = bootstrapAgain();
      const answers = (await Promise.all([signUps(), signUps(), signUps()])).flat();
      signingUp = false;
      await bootstrapping;
      expect([...answers.filter((answer) => answer !== 'ok'), ...refused]).toEqual([]);
      expect(answers).toHaveLength(18);
      // Each sign-up overlapped some run (a run takes a fraction of the time the sign-ups take).
      expect(runs).toBeGreaterThan(2);
    } finally {
      signingUp = false;
      await admin.end();
    }
  });
});
