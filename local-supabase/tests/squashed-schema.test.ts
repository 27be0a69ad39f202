import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDatabaseUrl } from '../src/config';
import { applyMigrations, applySeed, connect } from '../src/database';
import {
  CHECK_COMMAND,
  compareFingerprints,
  fingerprintOf,
  readPreSquashFingerprint,
  schemaBuiltBy,
  squashedMigrationsDir,
} from '../src/schema-fingerprint';

// Each case builds two scratch databases (the bootstrap alone, then with the migrations).
const BUILD_TIMEOUT_MS = 120_000;

/** Every role's own settings (`alter role … set`), which belong to the cluster, not to a database. */
async function roleSettings(): Promise<string[]> {
  const client = await connect(adminDatabaseUrl());
  try {
    const { rows } = await client.query<{ setting: string }>(
      `select r.rolname || ': ' || unnest(s.setconfig) as setting
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where s.setdatabase = 0 order by 1`,
    );
    return rows.map((row) => row.setting);
  } finally {
    await client.end();
  }
}

describe('the squashed migrations (one file per domain)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await squashedMigrationsDir();
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'build exactly the schema of the pre-squash chain, and the seed loads on it and the later migrations',
    async () => {
      // The migrations set the API role's settings (authenticator's pre-request hook), which are
      // the cluster's: building them in a scratch database must leave the stack's as they were.
      const settingsBefore = await roleSettings();
      expect(settingsBefore).toContain('authenticator: pgrst.db_pre_request=private.check_request');
      let seeded = false;
      // The seed is written for the whole chain (it fills columns added after the squash), so it
      // loads once the later migrations run on top of the squashed files, as on a fresh stack.
      const objects = await schemaBuiltBy(dir, async (client) => {
        await applyMigrations(client);
        seeded = await applySeed(client);
      });
      expect(await roleSettings()).toEqual(settingsBefore);
      const differences = compareFingerprints(
        await readPreSquashFingerprint(),
        fingerprintOf(objects),
      );
      if (differences.length > 0) {
        expect.fail(
          `The squashed migrations build another schema than the pre-squash chain:\n${differences.join('\n')}\n` +
            `See the definitions side by side with the local stack running:\n  ${CHECK_COMMAND} --diff`,
        );
      }
      expect(seeded).toBe(true);
    },
    BUILD_TIMEOUT_MS,
  );

  it(
    'notice a one-character change in a function body',
    async () => {
      const original = "coalesce(current_setting('role', true), 'none')";
      const files = (await readdir(dir)).filter((name) => name.endsWith('.sql'));
      let changed = 0;
      for (const name of files) {
        const file = path.join(dir, name);
        const sql = await readFile(file, 'utf8');
        if (!sql.includes(original)) continue;
        await writeFile(file, sql.replace(original, original.replace("'none'", "'nonE'")));
        changed += 1;
      }
      expect(changed).toBe(1);

      const differences = compareFingerprints(
        await readPreSquashFingerprint(),
        fingerprintOf(await schemaBuiltBy(dir)),
      );
      expect(differences).toEqual(['different function private.is_trusted_caller()']);
    },
    BUILD_TIMEOUT_MS,
  );
});
