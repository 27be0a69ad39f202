// The "old" portal of `pnpm bench:web`: another commit (by default a9887a2, the main before issue 28)
// checked out as a detached git worktree under e2e/bench/dist/baseline (ignored like every build
// output), installed and built there with its own scripts. The build is reused while the worktree
// is at that commit and its four apps are built; another ref checks the worktree out again.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APPS, ROOT, run } from '../../scripts/lib.mjs';

export const DEFAULT_BASELINE_REF = 'a9887a2';
const WORKTREE = join(ROOT, 'e2e', 'bench', 'dist', 'baseline');
/** Written after a successful build: the commit the worktree's dist folders come from. */
const BUILT_MARKER = `${WORKTREE}.built`;

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

function commitOf(ref) {
  try {
    return git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(`The baseline ref "${ref}" is not a commit of this repository`);
  }
}

const built = (commit) =>
  existsSync(BUILT_MARKER) &&
  readFileSync(BUILT_MARKER, 'utf8').trim() === commit &&
  APPS.every(({ name }) => existsSync(join(WORKTREE, name, 'dist', 'index.html')));

/**
 * Makes sure the ref is checked out and built; returns { ref, commit, root } where root holds the
 * apps' dist folders (<root>/<app>/dist).
 */
export async function prepareBaseline(ref) {
  const commit = commitOf(ref);
  const short = commit.slice(0, 7);
  const checkedOut = existsSync(join(WORKTREE, '.git'))
    ? execFileSync('git', ['rev-parse', 'HEAD'], { cwd: WORKTREE, encoding: 'utf8' }).trim()
    : null;
  if (checkedOut === commit && built(commit)) {
    console.log(`Old build: ${ref} (${short}), reusing its build in ${WORKTREE}`);
    return { ref, commit, root: WORKTREE };
  }

  const started = performance.now();
  rmSync(BUILT_MARKER, { force: true });
  if (checkedOut === null) {
    // A folder deleted by hand leaves its worktree registered: forget it first.
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', WORKTREE, commit);
  } else if (checkedOut !== commit) {
    execFileSync('git', ['checkout', '--detach', '--force', commit], { cwd: WORKTREE });
  }
  console.log(`Old build: installing and building ${ref} (${short}) in ${WORKTREE} …`);
  await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: WORKTREE });
  await run('pnpm', ['build'], { cwd: WORKTREE });
  writeFileSync(BUILT_MARKER, `${commit}\n`);
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(`Old build: ${ref} (${short}) installed and built in ${minutes} min`);
  return { ref, commit, root: WORKTREE };
}
