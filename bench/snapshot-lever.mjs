#!/usr/bin/env node
// Would a startup snapshot (or a V8 code cache) built at install get the helper's spawn → hello under budget? Builds both from the sources and measures them beside the shipped build.
// Usage: node bench/snapshot-lever.mjs [spawns]   (after `npm run build:host`; about a minute)
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const spawns = Number(process.argv[2] ?? 40);
const work = mkdtempSync(join(tmpdir(), 'antidrift-snapshot-lever-'));
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/**
 * A snapshot needs one CommonJS file whose start is deferred to deserialization: the host's entry with
 * its last statement (the start) made snapshot-aware, every import bundled (a snapshot cannot load files).
 */
async function buildSingleFile() {
  const source = readFileSync(join(root, 'native-host', 'src', 'main.ts'), 'utf8');
  const start = source.indexOf('const nativeMode = isBrowserLaunch');
  if (start < 0) throw new Error('native-host/src/main.ts changed: update bench/snapshot-lever.mjs');
  const entry = join(root, 'native-host', 'src', `.snapshot-entry-${process.pid}.ts`);
  writeFileSync(
    entry,
    `${source.slice(0, start)}
import * as v8 from 'node:v8';
function run(): void {
  const nativeMode = isBrowserLaunch(process.argv.slice(2));
  main(process.argv.slice(2)).then((code) => { if (nativeMode) process.exit(code); process.exitCode = code; });
}
if (v8.startupSnapshot?.isBuildingSnapshot()) v8.startupSnapshot.setDeserializeMainFunction(run);
else run();
`,
  );
  try {
    await build({
      entryPoints: [entry],
      outfile: join(work, 'host.cjs'),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: 'error',
      define: { __ANTIDRIFT_HOST_VERSION__: JSON.stringify(version), 'import.meta.url': '__importMetaUrl' },
      banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    });
  } finally {
    rmSync(entry, { force: true });
  }
}

/** A loader that compiles host.cjs with V8's code cache (what `module.enableCompileCache` does from Node 22). */
function writeCodeCacheLoader() {
  writeFileSync(
    join(work, 'loader.cjs'),
    `const fs = require('node:fs'), vm = require('node:vm'), path = require('node:path'), Module = require('node:module');
const file = path.join(__dirname, 'host.cjs');
let cachedData; try { cachedData = fs.readFileSync(file + '.cache'); } catch {}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
const m = { exports: {} };
script.runInThisContext().call(m.exports, m.exports, require, m, file, __dirname);
if (!cachedData || script.cachedDataRejected) fs.writeFileSync(file + '.cache', script.createCachedData());
`,
  );
}

function frame(message) {
  const body = Buffer.from(JSON.stringify(message));
  const header = Buffer.alloc(4);
  header.writeUInt32LE(body.length);
  return Buffer.concat([header, body]);
}

const home = join(work, 'home');
mkdirSync(home);
const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, 'c'), XDG_DATA_HOME: join(home, 'd'), LANG: 'C.UTF-8' };
if (process.env.NODE_EXTRA_CA_CERTS) env.NODE_EXTRA_CA_CERTS = process.env.NODE_EXTRA_CA_CERTS;

/** Spawn → the hello reply (or, for bare node, its one byte). */
async function once(args, bare = false) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let buffered = Buffer.alloc(0);
  if (!bare) child.stdin.write(frame({ id: 1, type: 'hello' }));
  const ms = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from ${args.join(' ')}`)), 15_000);
    const done = () => {
      clearTimeout(timer);
      resolve(performance.now() - started);
    };
    child.stdout.on('data', (chunk) => {
      if (bare) return done();
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4 && buffered.length >= 4 + buffered.readUInt32LE(0)) {
        const message = JSON.parse(buffered.subarray(4, 4 + buffered.readUInt32LE(0)).toString());
        buffered = buffered.subarray(4 + buffered.readUInt32LE(0));
        if (message.type === 'hello') done();
      }
    });
  });
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return ms;
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];

try {
  await buildSingleFile();
  writeCodeCacheLoader();
  const snapshotStarted = performance.now();
  execFileSync(process.execPath, ['--snapshot-blob', join(work, 'snap.blob'), '--build-snapshot', join(work, 'host.cjs')], {
    cwd: work,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const snapshotBuildMs = performance.now() - snapshotStarted;
  await once([join(work, 'loader.cjs'), 'chrome-extension://x/']); // writes the code cache
  const variants = {
    'shipped build (CommonJS entry + ES module chunks)': [join(root, 'native-host', 'dist', 'antidrift-host.cjs'), 'chrome-extension://x/'],
    'one CommonJS file': [join(work, 'host.cjs'), 'chrome-extension://x/'],
    'one CommonJS file + V8 code cache': [join(work, 'loader.cjs'), 'chrome-extension://x/'],
    'startup snapshot (--snapshot-blob)': ['--snapshot-blob', join(work, 'snap.blob'), 'chrome-extension://x/'],
    'bare `node -e` (the floor)': ['-e', "process.stdout.write('x')"],
  };
  const samples = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < spawns + 2; i++) {
    for (const [name, args] of Object.entries(variants)) {
      const ms = await once(args, name.startsWith('bare'));
      if (i >= 2) samples[name].push(ms);
    }
  }
  console.log(`spawn → hello, n = ${spawns} each, interleaved; Node ${process.version}`);
  for (const [name, values] of Object.entries(samples))
    console.log(
      `${name.padEnd(38)} p50 ${quantile(values, 0.5).toFixed(0).padStart(4)} / p95 ${quantile(values, 0.95).toFixed(0).padStart(4)} ms`,
    );
  const size = (file) => `${(statSync(join(work, file)).size / 1e6).toFixed(2)} MB`;
  console.log(
    `snapshot blob ${size('snap.blob')} (built in ${(snapshotBuildMs / 1000).toFixed(1)} s), one file ${size('host.cjs')}, code cache ${size('host.cjs.cache')}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
