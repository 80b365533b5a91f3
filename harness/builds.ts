// What a test tier needs built, built in its global setup when missing or older than its sources: a tier never fails halfway on a missing file.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './chromium';

export type Artifact = 'extension' | 'firefox' | 'e2e' | 'host' | 'release';

const EXTENSION_SOURCES = ['background', 'entrypoints', 'ui', 'shared', 'storage', 'modules', 'public', 'test-hooks', 'wxt.config.ts'];
const HOST_SOURCES = ['native-host', 'shared'];
/** A dependency change can change any output. */
const EVERYONE = ['package.json', 'package-lock.json'];

function version(): string {
  return (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Each artifact: the npm script that makes it, the files it makes, and what it is made from. */
function builds(): Record<Artifact, { script: string; outputs: string[]; sources: string[] }> {
  const v = version();
  return {
    extension: { script: 'build:extension', outputs: ['.output/chrome-mv3/manifest.json'], sources: [...EXTENSION_SOURCES, ...EVERYONE] },
    firefox: { script: 'build:firefox', outputs: ['.output/firefox-mv3/manifest.json'], sources: [...EXTENSION_SOURCES, ...EVERYONE] },
    e2e: {
      script: 'build:e2e',
      outputs: ['.output/e2e/chrome-mv3/manifest.json', '.output/e2e/firefox-mv3/manifest.json'],
      sources: [...EXTENSION_SOURCES, ...EVERYONE],
    },
    host: { script: 'build:host', outputs: ['native-host/dist/antidrift-host.cjs'], sources: [...HOST_SOURCES, ...EVERYONE] },
    release: {
      script: 'package',
      outputs: [
        `release/antidrift-${v}-chrome.zip`,
        `release/antidrift-${v}-firefox.zip`,
        `release/antidrift-${v}-sources.zip`,
        `release/antidrift-host-${v}.tgz`,
        'release/SHA256SUMS',
      ],
      // What scripts/package.mjs puts in release/: the sources zip is every tracked file but these (its SOURCES_LEFT_OUT),
      // so a README or docs edit makes release/ stale too.
      sources: ['.', ':!tests', ':!bench', ':!harness', ':!eval', ':!docs/screenshots', ':!docs/store/images', ':!.ci', ':!artifacts'],
    },
  };
}

/** The most recently changed file among `paths` (tracked or new, not ignored: so native-host/dist is not its own source). */
function newestSource(paths: string[]): { file: string; mtimeMs: number } | undefined {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const file of listed.split('\0').filter(Boolean)) {
    const full = join(REPO_ROOT, file);
    if (!existsSync(full)) continue; // deleted in the work tree, not yet in the index
    const { mtimeMs } = statSync(full);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}

/** Why `artifact` must be built, or undefined when it is there and newer than every source. */
function whyBuild(artifact: Artifact): string | undefined {
  const { outputs, sources } = builds()[artifact];
  const missing = outputs.find((o) => !existsSync(join(REPO_ROOT, o)));
  if (missing) return `${missing} is missing`;
  const oldest = outputs.map((o) => ({ file: o, mtimeMs: statSync(join(REPO_ROOT, o)).mtimeMs })).sort((a, b) => a.mtimeMs - b.mtimeMs)[0]!;
  const newest = newestSource(sources);
  if (newest && newest.mtimeMs > oldest.mtimeMs) return `${newest.file} changed after ${oldest.file} was built`;
  return undefined;
}

/** The environment of a build from a shell: vitest's NODE_ENV=test would change the bundles (and no longer match a rebuild from the sources zip). */
function buildEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
}

/**
 * Builds each artifact that is missing or stale, saying why; `npm test` has built them all already. The host
 * comes last: `npm run package` builds it too, so after a release is made the host is found fresh.
 */
export function ensureBuilt(artifacts: readonly Artifact[]): void {
  const all = builds();
  for (const artifact of [...artifacts.filter((a) => a !== 'host'), ...artifacts.filter((a) => a === 'host')]) {
    const why = whyBuild(artifact);
    if (!why) continue;
    const { script } = all[artifact];
    console.log(`building ${artifact} (npm run ${script}): ${why}`);
    try {
      execFileSync('npm', ['run', script], { cwd: REPO_ROOT, stdio: 'inherit', env: buildEnv() });
    } catch {
      throw new Error(`\`npm run ${script}\` failed (output above): fix it, or run it yourself, before this tier`);
    }
  }
}
