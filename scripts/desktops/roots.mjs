// Builds (once) and caches the Debian trixie and sid roots the desktops tier runs newer desktops in, with mmdebstrap.
// Usage: node scripts/desktops/roots.mjs [trixie|sid ...]   Prints one line per root: "<suite> <path>".
// A root is keyed by its suite and package list: a change rebuilds it; older roots of that suite are removed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What every desktop needs: buses, gdbus/gsettings, setpriv, two terminals (foot, weston-terminal), the desktop's own Node. */
const COMMON = ['dbus', 'procps', 'util-linux', 'psmisc', 'libglib2.0-bin', 'foot', 'weston', 'nodejs'];
export const SUITES = {
  trixie: { packages: [...COMMON, 'gnome-shell', 'kwin-wayland', 'labwc', 'wlrctl'], gigabytes: 2.2 },
  sid: { packages: [...COMMON, 'gnome-shell', 'kwin-wayland', 'sway'], gigabytes: 2.2 },
};
/** Bumped when the way a root is built changes (not only its packages). */
const RECIPE = 1;
export const CACHE_DIR = process.env.ANTIDRIFT_DESKTOPS_CACHE || '/var/cache/antidrift-desktops';

function key(suite) {
  const spec = JSON.stringify({ suite, packages: [...SUITES[suite].packages].sort(), recipe: RECIPE });
  return createHash('sha256').update(spec).digest('hex').slice(0, 12);
}

export function rootPath(suite) {
  return join(CACHE_DIR, `${suite}-${key(suite)}`);
}

function fail(message) {
  console.error(`desktops: ${message}`);
  process.exit(1);
}

/** Root, or passwordless sudo re-running this script; otherwise stop now with the command to run. */
function ensureRoot() {
  if (process.getuid?.() === 0) return;
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  if (sudo.status === 0) {
    const again = spawnSync('sudo', ['-n', '-E', process.execPath, ...process.argv.slice(1)], { stdio: 'inherit' });
    process.exit(again.status ?? 1);
  }
  fail(
    `building the desktop roots (mmdebstrap, chroot) needs root. Run once:\n  sudo ${process.execPath} ${process.argv.slice(1).join(' ')}\n` +
      `or run the tests as root or with passwordless sudo.`,
  );
}

function mirror() {
  try {
    const text = readFileSync('/etc/apt/sources.list.d/debian.sources', 'utf8');
    const m = /^URIs:\s*(\S+)/m.exec(text);
    if (m) return m[1];
  } catch {
    // the one-line format below
  }
  try {
    const m = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/m.exec(readFileSync('/etc/apt/sources.list', 'utf8'));
    if (m) return m[1];
  } catch {
    // no apt sources at all
  }
  return 'http://deb.debian.org/debian';
}

function freeGigabytes(dir) {
  const s = statfsSync(dir);
  return (s.bavail * s.bsize) / 1024 ** 3;
}

/** Never delete a root something is still mounted in (a bind of /dev or /tmp would take the machine's files with it). */
function removeRoot(dir) {
  const mounts = readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map((l) => l.split(' ')[1] ?? '')
    .filter((m) => m === dir || m.startsWith(`${dir}/`));
  if (mounts.length > 0) fail(`not removing ${dir}: still mounted there: ${mounts.join(', ')} (umount -R them first)`);
  rmSync(dir, { recursive: true, force: true });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `pid` is still a roots build (a pid the system gave to something else since is not). */
function builderAlive(pid) {
  if (!pid) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('roots.mjs');
  } catch {
    return false;
  }
}

/** One builder per suite: another test run building the same root is waited for, a dead one's lock taken over. */
async function lock(suite) {
  const dir = join(CACHE_DIR, `.lock-${suite}`);
  for (let waited = 0; ; waited += 2_000) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    } catch {
      // being written, or its builder died between mkdir and write: looked at again below
    }
    if (!builderAlive(holder)) {
      // A stopped run leaves its lock behind; a lock with no pid yet gets one more look first.
      if (waited > 0 || holder) rmSync(dir, { recursive: true, force: true });
      await sleep(waited > 0 || holder ? 0 : 2_000);
      continue;
    }
    if (waited === 0) console.error(`desktops: waiting for another build of the ${suite} root (pid ${holder})`);
    if (waited > 40 * 60_000) fail(`the ${suite} root is still being built by pid ${holder} after 40 minutes`);
    await sleep(2_000);
  }
}

async function build(suite) {
  const target = rootPath(suite);
  if (existsSync(join(target, '.antidrift-root'))) return { target, built: false };
  mkdirSync(CACHE_DIR, { recursive: true });
  const unlock = await lock(suite);
  try {
    return await buildLocked(suite, target);
  } finally {
    unlock();
  }
}

async function buildLocked(suite, target) {
  if (existsSync(join(target, '.antidrift-root'))) return { target, built: false };
  const need = SUITES[suite].gigabytes + 0.5;
  const free = freeGigabytes(CACHE_DIR);
  if (free < need)
    fail(
      `the ${suite} root needs about ${need.toFixed(1)} GB in ${CACHE_DIR}; only ${free.toFixed(1)} GB free. ` +
        'Free space there or point ANTIDRIFT_DESKTOPS_CACHE at a disk with room.',
    );
  const partial = `${target}.partial`;
  removeRoot(partial);
  const started = Date.now();
  console.error(`desktops: building the ${suite} root (${SUITES[suite].packages.join(' ')}) in ${target}; a few minutes, once`);
  const args = [
    '--variant=minbase',
    '--mode=root',
    '--quiet',
    `--include=${SUITES[suite].packages.join(',')}`,
    // sid's Release file carries a Valid-Until this machine's clock may be past.
    '--aptopt=Acquire::Check-Valid-Until "false"',
    '--dpkgopt=path-exclude=/usr/share/doc/*',
    '--dpkgopt=path-exclude=/usr/share/man/*',
    '--dpkgopt=path-exclude=/usr/share/locale/*',
    suite,
    partial,
    mirror(),
  ];
  // Asynchronous: both roots are built at once (each mostly waits on downloads and the disk).
  const r = await new Promise((resolve) => {
    const child = spawn('mmdebstrap', args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (error) => resolve({ error }));
    child.on('close', (status) => resolve({ status }));
  });
  if (r.error) fail(`mmdebstrap: ${r.error.message} (npm test installs it: bash scripts/install-system-deps.sh)`);
  if (r.status !== 0) fail(`mmdebstrap ${suite} failed (exit ${r.status})`);
  const versions = execFileSync('chroot', [partial, 'dpkg-query', '-W', '-f=${Package} ${Version}\\n'], { encoding: 'utf8' });
  writeFileSync(join(partial, '.antidrift-root'), `${suite} built ${new Date().toISOString()} in ${Date.now() - started} ms\n${versions}`);
  renameSync(partial, target);
  // Older roots of this suite (another package list) are not used again.
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith(`${suite}-`) && join(CACHE_DIR, name) !== target) removeRoot(join(CACHE_DIR, name));
  }
  console.error(`desktops: ${suite} root built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { target, built: true };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(SUITES);
  for (const suite of wanted) if (!(suite in SUITES)) fail(`unknown suite ${suite}; known: ${Object.keys(SUITES).join(', ')}`);
  const missing = wanted.filter((s) => !existsSync(join(rootPath(s), '.antidrift-root')));
  if (missing.length > 0) ensureRoot();
  const built = await Promise.all(wanted.map((suite) => build(suite)));
  wanted.forEach((suite, i) => console.log(`${suite} ${built[i].target}`));
}
