import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from './config';
import { invalidKey, objectNotFound } from './storage-errors';

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * Object bytes on disk at `<dataDir>/storage/<bucket>/<name>`. New bytes are written to a staging
 * folder on the same file system first, so putting them in place is one atomic rename.
 */
export class ObjectFiles {
  readonly root: string;
  readonly staging: string;
  /** One file per used upload token (its `jti`), holding its expiry, so a token uploads once. */
  readonly usedTokens: string;
  private lastSweep = 0;

  constructor(base = dataDir()) {
    this.root = path.join(base, 'storage');
    this.staging = path.join(base, 'storage-staging');
    this.usedTokens = path.join(base, 'storage-used-upload-tokens');
  }

  /**
   * Marks an upload token as used; false when it already was (or is being used right now). The
   * marker is created exclusively, so two uploads racing with one token cannot both get it, and it
   * outlives a restart of the stack until the token has expired.
   */
  async claimUploadToken(jti: string, expiresAt: number): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(jti)) return false;
    await mkdir(this.usedTokens, { recursive: true });
    try {
      await writeFile(path.join(this.usedTokens, jti), String(expiresAt), { flag: 'wx' });
    } catch (error) {
      if (errnoCode(error) === 'EEXIST') return false;
      throw error;
    }
    void this.sweepUsedTokens();
    return true;
  }

  /** Gives a token back after an upload that stored nothing, so the same URL may be tried again. */
  async releaseUploadToken(jti: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(jti)) return;
    await rm(path.join(this.usedTokens, jti), { force: true });
  }

  /** Forgets used tokens that have expired anyway (at most every ten minutes). */
  private async sweepUsedTokens(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now;
    const names = await readdir(this.usedTokens).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(this.usedTokens, name);
      const expiresAt = Number(await readFile(file, 'utf8').catch(() => '0'));
      if (!(expiresAt * 1000 > now)) await rm(file, { force: true }).catch(() => undefined);
    }
  }

  bucketDir(bucketId: string): string {
    return this.inside(path.join(this.root, bucketId), bucketId);
  }

  filePath(bucketId: string, name: string): string {
    return this.inside(path.join(this.root, bucketId, ...name.split('/')), name);
  }

  /** Writes bytes to a new staging file and returns its path. */
  async stage(bytes: Uint8Array): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    const file = this.stagingFile();
    await writeFile(file, bytes);
    return file;
  }

  async stageCopy(source: string): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    const file = this.stagingFile();
    try {
      await copyFile(source, file);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') throw objectNotFound();
      throw error;
    }
    return file;
  }

  async discard(stagedFile: string): Promise<void> {
    await rm(stagedFile, { force: true });
  }

  /** Size and a reader for an object's bytes; a row whose file is gone reads as not found. */
  async open(
    bucketId: string,
    name: string,
  ): Promise<{
    size: number;
    modified: Date;
    read: (range?: { start: number; end: number }) => ReadStream;
  }> {
    const file = this.filePath(bucketId, name);
    const info = await stat(file).catch((error: unknown) => {
      if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') throw objectNotFound();
      throw error;
    });
    if (!info.isFile()) throw objectNotFound();
    return {
      size: info.size,
      modified: info.mtime,
      read: (range) => createReadStream(file, range),
    };
  }

  async removeBucket(bucketId: string): Promise<void> {
    await rm(this.bucketDir(bucketId), { recursive: true, force: true });
  }

  changes(): DiskChanges {
    return new DiskChanges(this);
  }

  stagingFile(): string {
    return path.join(this.staging, randomUUID());
  }

  private inside(candidate: string, key: string): string {
    const resolved = path.resolve(candidate);
    if (!resolved.startsWith(this.root + path.sep)) throw invalidKey(key);
    return resolved;
  }
}

/**
 * File changes that belong to one database transaction: applied while the transaction holds the row
 * locks (so concurrent writers to one key cannot interleave), undone if it rolls back, and their
 * leftovers (replaced or removed bytes) deleted only once it has committed.
 */
export class DiskChanges {
  private readonly undo: Array<() => Promise<void>> = [];
  private readonly cleanup: Array<() => Promise<void>> = [];

  constructor(private readonly files: ObjectFiles) {}

  /** Moves a staged (or existing) file to `target`, keeping what was there until commit. */
  async place(source: string, target: string): Promise<void> {
    const backup = await this.keepAside(target, 'link');
    await this.renameInto(source, target);
    this.undo.push(async () => {
      if (backup) await rename(backup, target);
      else await rm(target, { force: true });
    });
    if (backup) this.cleanup.push(() => rm(backup, { force: true }));
  }

  async move(source: string, target: string): Promise<void> {
    const backup = await this.keepAside(target, 'link');
    try {
      await this.renameInto(source, target);
    } catch (error) {
      if (backup) await rm(backup, { force: true });
      if (errnoCode(error) === 'ENOENT') throw objectNotFound();
      throw error;
    }
    this.undo.push(async () => {
      await mkdir(path.dirname(source), { recursive: true });
      await rename(target, source);
      if (backup) await rename(backup, target);
    });
    if (backup) this.cleanup.push(() => rm(backup, { force: true }));
    this.cleanup.push(() => this.pruneEmptyFolders(source));
  }

  async remove(target: string): Promise<void> {
    const trash = await this.keepAside(target, 'rename');
    if (!trash) return;
    this.undo.push(async () => {
      await mkdir(path.dirname(target), { recursive: true });
      await rename(trash, target);
    });
    this.cleanup.push(async () => {
      await rm(trash, { force: true });
      await this.pruneEmptyFolders(target);
    });
  }

  async commit(): Promise<void> {
    for (const step of this.cleanup.splice(0)) await step().catch(() => undefined);
    this.undo.length = 0;
  }

  async rollback(): Promise<void> {
    for (const step of this.undo.splice(0).reverse()) await step().catch(() => undefined);
    this.cleanup.length = 0;
  }

  /** Hard-links (or moves) the current file at `target` into staging; undefined when there is none. */
  private async keepAside(target: string, how: 'link' | 'rename'): Promise<string | undefined> {
    await mkdir(this.files.staging, { recursive: true });
    const aside = this.files.stagingFile();
    try {
      await (how === 'link' ? link(target, aside) : rename(target, aside));
      return aside;
    } catch (error) {
      if (errnoCode(error) === 'ENOENT' || errnoCode(error) === 'ENOTDIR') return undefined;
      if (errnoCode(error) === 'EISDIR' || errnoCode(error) === 'EPERM') throw folderClash(target);
      throw error;
    }
  }

  private async renameInto(source: string, target: string): Promise<void> {
    // A folder emptied by a concurrent removal may vanish between mkdir and rename: try once more.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(source, target);
        return;
      } catch (error) {
        const code = errnoCode(error);
        if (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY') {
          throw folderClash(target);
        }
        if (code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  /** Removes the folders a removed file leaves empty, up to its bucket's folder. */
  private async pruneEmptyFolders(file: string): Promise<void> {
    let folder = path.dirname(file);
    while (
      path.dirname(folder) !== this.files.root &&
      folder.startsWith(this.files.root + path.sep)
    ) {
      try {
        await rmdir(folder);
      } catch {
        return;
      }
      folder = path.dirname(folder);
    }
  }
}

function folderClash(target: string) {
  return invalidKey(
    `${path.basename(target)} (a file and a folder cannot share one name in the local stack)`,
  );
}
