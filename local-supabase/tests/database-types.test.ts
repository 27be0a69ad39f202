import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../src/config';
import { connect } from '../src/database';
import { REGENERATE_COMMAND, TYPES_FILE, generateDatabaseTypes } from '../src/gen-types';

/** The first differing line, so a failure says where the drift is. */
function firstDifference(expected: string, actual: string): string {
  const want = expected.split('\n');
  const have = actual.split('\n');
  const index = want.findIndex((line, i) => line !== have[i]);
  const at = index === -1 ? want.length : index;
  return `line ${at + 1}: generated ${JSON.stringify(want[at])}, checked in ${JSON.stringify(have[at])}`;
}

describe('shared-data/src/database.types.ts', () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = await connect(databaseUrl());
  });

  afterAll(async () => {
    await client.end();
  });

  it('matches the schema the migrations build', async () => {
    const generated = await generateDatabaseTypes(client);
    const checkedIn = await readFile(TYPES_FILE, 'utf8');
    if (generated !== checkedIn) {
      expect.fail(
        `The generated database types drifted from the migrations (${firstDifference(generated, checkedIn)}).\n` +
          `Regenerate them from the repository root with the local stack running:\n  ${REGENERATE_COMMAND}`,
      );
    }
  });
});
