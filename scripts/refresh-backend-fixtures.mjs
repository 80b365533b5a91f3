#!/usr/bin/env node
// Captures what the real backend CLIs print to a new user (no credentials) through the built host, as replayable fixtures.
//
//   node scripts/refresh-backend-fixtures.mjs [--only claude,codex] [--keep]
//
// For each npm-installed backend it installs the newest release that runs on this Node (the latest, or the
// newest whose engines allow this Node) into a temp folder, puts a recording shim named like the CLI first
// on PATH, and sends the built host a real `run` frame in an empty HOME, exactly as the extension would.
// The shim passes everything through to the real CLI and writes each call (argv, stdout, stderr, exit code)
// to tests/host/fixtures/real-cli/<backend>-<scenario>.json, which the host tests replay.
// ollama and llm are not on npm (and PyPI is not reachable here): their fixtures are not captured.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = join(root, 'native-host', 'dist', 'antidrift-host.cjs');
const OUT_DIR = join(root, 'tests', 'host', 'fixtures', 'real-cli');
const TEST_PROMPT = 'This is a connection test. Reply with exactly this JSON object and nothing else: {"ok": true}';
const RUN_TIMEOUT_MS = 90_000;

/** What to capture: the npm package and the scenarios (extra environment and host.json each runs with). */
const BACKENDS = {
  claude: { pkg: '@anthropic-ai/claude-code', scenarios: { 'no-credentials': {} } },
  codex: {
    pkg: '@openai/codex',
    scenarios: {
      'no-credentials': {},
      // With a key codex skips the login check and dials OpenAI: offline it retries, then says "Connection failed".
      'key-offline': { env: { CODEX_API_KEY: 'sk-antidrift-fixture-not-a-key' } },
    },
  },
  gemini: { pkg: '@google/gemini-cli', scenarios: { 'no-credentials': {} } },
  qwen: {
    pkg: '@qwen-code/qwen-code',
    // qwen-oauth was the host's default until its free tier ended on 2026-04-15.
    scenarios: { 'no-credentials': {}, 'qwen-oauth': { config: { backends: { qwen: { authType: 'qwen-oauth' } } } } },
  },
};

function parseArgs(argv) {
  const options = { only: Object.keys(BACKENDS), keep: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') options.only = argv[++i].split(',');
    else if (argv[i] === '--keep') options.keep = true;
    else throw new Error(`unknown argument ${argv[i]}; usage: refresh-backend-fixtures.mjs [--only a,b] [--keep]`);
  }
  return options;
}

/** `>=22`, `>=20.0.0`, `^18 || >=20`: enough of semver for the engines fields these CLIs publish. */
function nodeSatisfies(range, version = process.versions.node) {
  if (!range) return true;
  const have = version.split('.').map(Number);
  const atLeast = (want) => {
    for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== (want[i] ?? 0)) return (have[i] ?? 0) > (want[i] ?? 0);
    return true;
  };
  return range.split('||').some((part) =>
    part
      .trim()
      .split(/\s+/)
      .every((clause) => {
        const m = /^(>=|\^|~)?v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(clause);
        if (!m) return false;
        const want = [Number(m[2]), Number(m[3] ?? 0), Number(m[4] ?? 0)];
        if (m[1] === '^') return have[0] === want[0] && atLeast(want);
        if (m[1] === '~') return have[0] === want[0] && have[1] === want[1] && atLeast(want);
        return atLeast(want);
      }),
  );
}

function npmJson(args) {
  return JSON.parse(execFileSync('npm', [...args, '--json'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

/** The newest release whose engines allow this Node (the latest is tried first, whatever its engines say). */
function newestForThisNode(pkg) {
  const versions = npmJson(['view', pkg, 'versions']).filter((v) => !v.includes('-'));
  for (const version of versions.reverse()) {
    const engines = npmJson(['view', `${pkg}@${version}`, 'engines.node']);
    if (nodeSatisfies(typeof engines === 'string' ? engines : '')) return version;
  }
  throw new Error(`${pkg}: no release runs on Node ${process.version}`);
}

function install(pkg, version, prefix) {
  mkdirSync(prefix, { recursive: true });
  writeFileSync(join(prefix, 'package.json'), '{"private":true}');
  execFileSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `${pkg}@${version}`], { stdio: 'inherit' });
}

/** Installs the latest release, or the newest one for this Node when the latest does not start here. */
function installNewestThatRuns(name, pkg, prefix) {
  const latest = npmJson(['view', pkg, 'version']);
  install(pkg, latest, prefix);
  const realBin = join(prefix, 'node_modules', '.bin', name);
  let printed = spawnSync(realBin, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  let version = latest;
  if (printed.status !== 0) {
    version = newestForThisNode(pkg);
    console.log(`  ${pkg}@${latest} does not start on Node ${process.version}; using ${version}`);
    rmSync(prefix, { recursive: true, force: true });
    install(pkg, version, prefix);
    printed = spawnSync(realBin, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  }
  if (printed.status !== 0) throw new Error(`${pkg}@${version} does not start: ${printed.stderr || printed.error?.message}`);
  return { realBin, version, latest, printedVersion: printed.stdout.trim().split('\n')[0] };
}

/** A node script named like the CLI: runs the real one with the same argv and stdin, records the call. */
function writeShim(dir, name, realBin) {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(
    path,
    `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const started = Date.now();
const child = spawn(${JSON.stringify(realBin)}, process.argv.slice(2), { stdio: ['pipe', 'pipe', 'pipe'] });
const out = [], err = [];
child.stdout.on('data', (c) => { out.push(c); process.stdout.write(c); });
child.stderr.on('data', (c) => { err.push(c); process.stderr.write(c); });
process.stdin.pipe(child.stdin);
child.on('close', (code, signal) => {
  const call = { args: process.argv.slice(2), exitCode: code, signal, ms: Date.now() - started,
    stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
  fs.appendFileSync(require('node:path').join(process.env.HOME, 'calls.jsonl'), JSON.stringify(call) + '\\n');
  process.exit(code ?? 1);
});
`,
  );
  chmodSync(path, 0o755);
}

function frame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  const header = Buffer.alloc(4);
  if (endianness() === 'LE') header.writeUInt32LE(body.length, 0);
  else header.writeUInt32BE(body.length, 0);
  return Buffer.concat([header, body]);
}

/** Spawns the built host as a browser would and asks it for one run; resolves with its result frame. */
function runThroughHost(env, backend) {
  return new Promise((resolve, reject) => {
    const host = spawn(process.execPath, [HOST, 'chrome-extension://fixtures/'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer = Buffer.alloc(0);
    const timer = setTimeout(() => {
      host.kill('SIGKILL');
      reject(new Error(`${backend}: the host gave no result within ${RUN_TIMEOUT_MS + 10_000} ms`));
    }, RUN_TIMEOUT_MS + 10_000);
    host.stdout.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4) {
        const length = endianness() === 'LE' ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0);
        if (buffer.length < 4 + length) break;
        const message = JSON.parse(buffer.subarray(4, 4 + length).toString('utf8'));
        buffer = buffer.subarray(4 + length);
        if (message.type === 'result' && message.id === 2) {
          clearTimeout(timer);
          host.stdin.end();
          resolve(message);
        }
      }
    });
    host.on('error', reject);
    host.stdin.write(frame({ id: 1, type: 'hello' }));
    host.stdin.write(frame({ id: 2, type: 'run', backend, prompt: TEST_PROMPT, timeoutMs: RUN_TIMEOUT_MS }));
  });
}

/** Temp paths and the run's HOME become placeholders, so fixtures do not change with every capture. */
function scrub(text, temp) {
  return text.split(temp).join('<tmp>');
}

async function capture(name, spec, work) {
  console.log(`\n${name}: ${spec.pkg}`);
  const { realBin, version, latest, printedVersion } = installNewestThatRuns(name, spec.pkg, join(work, 'cli', name));
  const shimDir = join(work, 'shim', name);
  writeShim(shimDir, name, realBin);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const [scenario, { env: extraEnv = {}, config }] of Object.entries(spec.scenarios)) {
    const home = join(work, 'home', `${name}-${scenario}`);
    mkdirSync(home, { recursive: true });
    const configPath = join(home, 'host.json');
    if (config) writeFileSync(configPath, JSON.stringify(config));
    const env = {
      HOME: home,
      PATH: [shimDir, dirname(process.execPath), '/usr/bin', '/bin'].join(':'),
      LANG: 'C.UTF-8',
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      ANTIDRIFT_HOST_CONFIG: configPath,
      SHELL: '/bin/sh',
      ...extraEnv,
    };
    const started = Date.now();
    const result = await runThroughHost(env, name);
    const calls = existsSync(join(home, 'calls.jsonl'))
      ? readFileSync(join(home, 'calls.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(scrub(line, work)))
      : [];
    const fixture = {
      backend: name,
      package: spec.pkg,
      version: printedVersion || version,
      latestRelease: latest,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      captured: new Date().toISOString().slice(0, 10),
      scenario,
      environment: { empty: 'HOME, no credentials', variables: Object.keys(extraEnv), hostConfig: config ?? null },
      calls,
    };
    const file = join(OUT_DIR, `${name}-${scenario}.json`);
    writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
    const said = result.ok
      ? `answered: ${result.text}`
      : `${result.error.kind}: ${result.error.message}${result.error.hint ? ` — ${result.error.hint}` : ''}`;
    console.log(`  ${scenario}: ${calls.length} call(s), ${Date.now() - started} ms; the host ${said}`);
    console.log(`  → ${file}`);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(HOST)) execFileSync(process.execPath, [join(root, 'native-host', 'build.mjs')], { stdio: 'inherit' });
  const work = mkdtempSync(join(tmpdir(), 'antidrift-fixtures-'));
  try {
    for (const name of options.only) {
      const spec = BACKENDS[name];
      if (!spec) throw new Error(`no npm package is known for ${name}: choose from ${Object.keys(BACKENDS).join(', ')}`);
      await capture(name, spec, work);
    }
  } finally {
    if (options.keep) console.log(`\nkept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
