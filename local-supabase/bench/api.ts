// `pnpm bench:api`: generates a large school in a database of its own, times each role's screens through
// the gateway beside a plain PostgREST read, and checks that every list query uses indexes.
//
// The benchmark always runs its own stack: ports shifted by BENCH_PORT_OFFSET (default 900) and data in
// .data/bench, which it wipes. Those are fixed here, before any module reads the configuration, so the
// development database (or a DATABASE_URL) is never touched. BENCH_RUNS sets the timed runs (default 100).
// BENCH_CASES=<substring> times and plans only the screens whose name contains it (case-insensitive;
// e.g. BENCH_CASES=gradebook); the plain read is always timed beside them. With fewer screens between its
// samples the plain read comes out faster, so a filtered run's ratios are harsher than a full run's.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.BENCH_PORT_OFFSET ?? '900';
process.env.LOCAL_SUPABASE_DATA_DIR = path.join(repoRoot, '.data', 'bench');
delete process.env.DATABASE_URL;
// PostgREST inherits the environment: this lets the benchmark ask it for the plans of its own queries.
process.env.PGRST_DB_PLAN_ENABLED = 'true';

const { runBenchmark } = await import('./run');
process.exit(await runBenchmark());
