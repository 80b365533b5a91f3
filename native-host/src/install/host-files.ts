// The helper's installed copy: <host home>/<version>/ with its chunks, replaced atomically; older copies pruned.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** In every installed copy, so uninstall and pruning touch only folders install wrote. */
export const HOST_FILES_MARKER = '.antidrift-host.json';
const ENTRY = 'antidrift-host.cjs';
/** The entry's name up to 0.2.0 (an ES module then): a launcher an older install wrote still names it. */
const OLDER_ENTRY = 'antidrift-host.mjs';
const PARTIAL = /\.(partial|old)-\d+$/;

export function versionDir(hostHome: string, version: string): string {
  return join(hostHome, version);
}

export function installedEntry(hostHome: string, version: string): string {
  return join(versionDir(hostHome, version), ENTRY);
}

/** Whether `dir` is a copy install wrote (its marker is there). */
export function isOurHostDir(dir: string): boolean {
  try {
    const marker = JSON.parse(readFileSync(join(dir, HOST_FILES_MARKER), 'utf8')) as { product?: unknown };
    return marker.product === 'antidrift-host';
  } catch {
    return false;
  }
}

/**
 * Copies the running helper (its entry file and chunks/) to <host home>/<version>/. The copy is made
 * beside it first and renamed into place, so a helper the browser is running from the old copy, or an
 * install interrupted midway, never sees half a folder. Copying from the installed copy itself is a no-op.
 */
export function placeHostFiles(sourceEntry: string, hostHome: string, version: string): string {
  const target = versionDir(hostHome, version);
  const source = dirname(sourceEntry);
  if (resolve(source) === resolve(target)) return target;
  mkdirSync(hostHome, { recursive: true, mode: 0o700 });
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { mode: 0o755 });
  cpSync(sourceEntry, join(partial, ENTRY));
  const chunks = join(source, 'chunks');
  // Every frame after hello, the watcher, run and install load from chunks/: a copy without them would
  // answer hello and then nothing. Refused here, with the words, before anything is registered.
  if (!existsSync(chunks)) {
    rmSync(partial, { recursive: true, force: true });
    throw new Error(`this helper is incomplete: ${chunks} is missing beside ${sourceEntry} (unpack the whole package, or build it again)`);
  }
  cpSync(chunks, join(partial, 'chunks'), { recursive: true });
  writeFileSync(join(partial, HOST_FILES_MARKER), `${JSON.stringify({ product: 'antidrift-host', version })}\n`);
  if (existsSync(target)) {
    const old = `${target}.old-${process.pid}`;
    renameSync(target, old);
    renameSync(partial, target);
    rmSync(old, { recursive: true, force: true });
  } else {
    renameSync(partial, target);
  }
  return target;
}

/**
 * Removes installed copies other than `keep` (the new one and the one the browser may still be running),
 * and what an interrupted install left behind. Only folders with our marker are touched.
 */
export function pruneHostFiles(hostHome: string, keep: readonly string[]): string[] {
  if (!existsSync(hostHome)) return [];
  const kept = new Set(keep.map((dir) => resolve(dir)));
  const removed: string[] = [];
  for (const name of readdirSync(hostHome)) {
    const dir = join(hostHome, name);
    if (kept.has(resolve(dir))) continue;
    // A copy of ours (its marker), or one an interrupted install left (named by us, in our folder).
    if (!isOurHostDir(dir) && !PARTIAL.test(name)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/** The version folder a launcher runs (from the entry path it names), if it is one of ours. */
export function versionDirOfEntry(entry: string | undefined): string | undefined {
  if (!entry || (basename(entry) !== ENTRY && basename(entry) !== OLDER_ENTRY)) return undefined;
  return dirname(entry);
}
