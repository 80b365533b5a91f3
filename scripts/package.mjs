#!/usr/bin/env node
// `npm run package`: the release files in release/ — the Chrome and Firefox zips, the sources zip, the helper's npm package, SHA256SUMS.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const release = join(root, 'release');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { version } = pkg;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Files AMO's reviewers need to rebuild the zips: everything tracked except tests, benchmarks, their shared harness, the eval set and
 * pictures (the screenshots, the store images: drawing them again leaves every release file as it was).
 */
const SOURCES_LEFT_OUT = [
  /^tests\//,
  /^bench\//,
  /^harness\//,
  /^eval\//,
  /^docs\/screenshots\//,
  /^docs\/store\/images\//,
  /^\.ci\//,
  /^artifacts\//,
];

function run(command, args, env = {}) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/**
 * How every file goes into a zip: a fixed date, and no folder entries (JSZip would date those now), so a rebuild zips the same
 * bytes; unzip makes the folders from the paths.
 */
const SAME_BYTES = { date: new Date('2000-01-01T00:00:00Z'), createFolders: false };

/** A zip of `dir` with its contents at the root (manifest.json first level). */
async function zipDir(dir, target, keep = () => true) {
  const zip = new JSZip();
  for (const file of filesUnder(dir).sort()) {
    const name = relative(dir, file).split(sep).join('/');
    if (keep(name)) zip.file(name, readFileSync(file), SAME_BYTES);
  }
  writeFileSync(target, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } }));
}

const BUILD_INSTRUCTIONS = `# Building antidrift ${version} from these sources

Requirements: Node.js 20.12 or newer (20.20.2 was used), npm 10 or newer, any OS.

    npm ci
    ANTIDRIFT_RELEASE=1 npx wxt build -b firefox --mv3     # → .output/release/firefox-mv3/
    ANTIDRIFT_RELEASE=1 npx wxt build                      # → .output/release/chrome-mv3/

The folders are what antidrift-${version}-firefox.zip and antidrift-${version}-chrome.zip contain.
\`npm run package\` does both and writes every release file into release/.
`;

async function main() {
  rmSync(release, { recursive: true, force: true });
  mkdirSync(release);

  // The extension, as the stores get it: the release build (no manifest key, no source maps).
  run('npx', ['wxt', 'build'], { ANTIDRIFT_RELEASE: '1' });
  run('npx', ['wxt', 'build', '-b', 'firefox', '--mv3'], { ANTIDRIFT_RELEASE: '1' });
  const noMaps = (name) => !name.endsWith('.map');
  for (const browser of ['chrome', 'firefox']) {
    const built = join(root, '.output', 'release', `${browser}-mv3`);
    const manifest = JSON.parse(readFileSync(join(built, 'manifest.json'), 'utf8'));
    if (manifest.key) throw new Error(`${browser}: the release manifest has a key field`);
    if (manifest.version !== version) throw new Error(`${browser}: manifest ${manifest.version} ≠ package.json ${version}`);
    await zipDir(built, join(release, `antidrift-${version}-${browser}.zip`), noMaps);
  }

  // The sources AMO asks for, with how to rebuild.
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const sources = new JSZip();
  for (const file of tracked.filter((f) => !SOURCES_LEFT_OUT.some((re) => re.test(f))).sort()) {
    if (existsSync(join(root, file))) sources.file(file, readFileSync(join(root, file)), SAME_BYTES);
  }
  sources.file('BUILD.md', BUILD_INSTRUCTIONS, SAME_BYTES);
  writeFileSync(
    join(release, `antidrift-${version}-sources.zip`),
    await sources.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  );

  // The helper as an npm package of its own: the built bundle and nothing else, no install scripts.
  run(process.execPath, [join(root, 'native-host', 'build.mjs')]);
  const staging = join(root, '.output', 'release', 'antidrift-host');
  rmSync(staging, { recursive: true, force: true });
  cpSync(join(root, 'native-host', 'dist'), staging, { recursive: true });
  cpSync(join(root, 'native-host', 'README.md'), join(staging, 'README.md'));
  cpSync(join(root, 'LICENSE'), join(staging, 'LICENSE'));
  const hostPackage = {
    name: 'antidrift-host',
    version,
    description: "The antidrift extension's helper: your active desktop window, and the AI CLIs you use, for the browser.",
    license: pkg.license,
    type: 'module',
    bin: { 'antidrift-host': 'antidrift-host.cjs' },
    engines: { node: pkg.engines.node },
    files: ['antidrift-host.cjs', 'chunks/', 'README.md', 'LICENSE'],
    os: ['linux', 'darwin', 'win32'],
    keywords: ['antidrift', 'native-messaging', 'focus'],
  };
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(hostPackage, null, 2)}\n`);
  execFileSync(npm, ['pack', '--silent', '--pack-destination', release], { cwd: staging, stdio: ['ignore', 'ignore', 'inherit'] });

  // Checksums, in the format `sha256sum -c` reads.
  const files = readdirSync(release)
    .filter((f) => f !== 'SHA256SUMS')
    .sort();
  const sums = files.map(
    (f) =>
      `${createHash('sha256')
        .update(readFileSync(join(release, f)))
        .digest('hex')}  ${f}`,
  );
  writeFileSync(join(release, 'SHA256SUMS'), `${sums.join('\n')}\n`);
  for (const f of [...files, 'SHA256SUMS']) console.log(`release/${f}  ${statSync(join(release, f)).size} bytes`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
