import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A variant build of one app, as the team that owns it would make it: a copy of the workspace's
 * layout in a temp folder (the app and shared-data copied, everything else linked), changed there
 * and built with the app's own Rsbuild. Nothing in the workspace, and no built file, is edited.
 */
export class VariantWorkspace {
  readonly root = mkdtempSync(join(tmpdir(), 'portal-variant-'));

  constructor() {
    // The root files an app's config reads (module-federation.shared.ts, tsconfig.base.json).
    for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
      if (entry.isFile() && /\.(ts|json)$/.test(entry.name))
        cpSync(join(ROOT, entry.name), join(this.root, entry.name));
    }
    symlinkSync(join(ROOT, 'node_modules'), join(this.root, 'node_modules'));
    symlinkSync(join(ROOT, 'shared-ui'), join(this.root, 'shared-ui'));
    // The team's own copy of shared-data, which an app's variant may add an export to.
    this.copyPackage('shared-data');
  }

  /** Copies a package's sources; its node_modules link to the workspace's, shared-data to the copy. */
  copyPackage(name: string): string {
    const folder = join(this.root, name);
    cpSync(join(ROOT, name), folder, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|@mf-types)$/.test(source),
    });
    const modules = join(ROOT, name, 'node_modules');
    mkdirSync(join(folder, 'node_modules'));
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      const isScope = entry.name.startsWith('@') && entry.isDirectory();
      if (!isScope) {
        symlinkSync(join(modules, entry.name), join(folder, 'node_modules', entry.name));
        continue;
      }
      mkdirSync(join(folder, 'node_modules', entry.name));
      for (const scoped of readdirSync(join(modules, entry.name))) {
        const own = `${entry.name}/${scoped}` === '@portal/shared-data' && name !== 'shared-data';
        symlinkSync(
          own ? join(this.root, 'shared-data') : join(modules, entry.name, scoped),
          join(folder, 'node_modules', entry.name, scoped),
        );
      }
    }
    return folder;
  }

  /** Writes (or overwrites) a file of the copy. */
  write(path: string, text: string): void {
    mkdirSync(dirname(join(this.root, path)), { recursive: true });
    writeFileSync(join(this.root, path), text);
  }

  /** Changes a file of the copy; fails when `find` is not there (the source moved on). */
  edit(path: string, find: string | RegExp, replace: string): void {
    const file = join(this.root, path);
    const text = readFileSync(file, 'utf8');
    const changed = text.replace(find, replace);
    if (changed === text) throw new Error(`${path}: ${String(find)} not found`);
    writeFileSync(file, changed);
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  /** `rsbuild build` of a copied app; returns its dist folder. */
  build(app: string): string {
    const folder = join(this.root, app);
    const rsbuild = join(folder, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js');
    execFileSync(process.execPath, [rsbuild, 'build'], {
      cwd: folder,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'pipe',
    });
    return join(folder, 'dist');
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
