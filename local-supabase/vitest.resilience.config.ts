import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// `pnpm test:resilience`: kills and freezes the stack's own processes, so it runs a stack of its own
// (ports shifted by RESILIENCE_PORT_OFFSET, default 900; data in .data/resilience/test, wiped), never
// the development or test stack. Loopback only; about a minute.
const root = path.dirname(fileURLToPath(import.meta.url));
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.RESILIENCE_PORT_OFFSET ?? '900';
process.env.LOCAL_SUPABASE_DATA_DIR = path.join(root, '..', '.data', 'resilience', 'test');
process.env.LOCAL_SUPABASE_RESILIENCE = '1';
delete process.env.DATABASE_URL;

/** One stack, killed and revived in turn: files run one after another, in name order (a-… to e-…). */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineProject({
  test: {
    name: 'resilience',
    environment: 'node',
    include: ['tests/resilience/**/*.test.ts'],
    globalSetup: ['tests/resilience/global-setup.ts'],
    env: {
      LOCAL_SUPABASE_PORT_OFFSET: process.env.LOCAL_SUPABASE_PORT_OFFSET,
      LOCAL_SUPABASE_DATA_DIR: process.env.LOCAL_SUPABASE_DATA_DIR,
      LOCAL_SUPABASE_RESILIENCE: '1',
    },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { sequencer: ByName },
  },
});
