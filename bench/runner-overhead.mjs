// Measures the host's per-run overhead: `run` round trip through the built host vs spawning the same CLI directly.
// Usage: node bench/runner-overhead.mjs [iterations=30]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const hostFile = join(root, 'native-host', 'dist', 'antidrift-host.mjs');
const fake = join(root, 'bench', 'instant-cli.mjs');
const iterations = Number(process.argv[2] ?? 30);
const LE = endianness() === 'LE';

if (!existsSync(hostFile)) {
  console.error('build the host first: npm run build:host');
  process.exit(1);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const summary = (label, values) =>
  `${label.padEnd(22)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms`;

function direct() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(fake, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.on('error', reject);
    child.stdout.resume();
    child.on('close', () => resolve(performance.now() - started));
    child.stdin.end('prompt');
  });
}

const dir = mkdtempSync(join(tmpdir(), 'antidrift-bench-'));
const configPath = join(dir, 'host.json');
writeFileSync(configPath, JSON.stringify({ custom: { instant: { bin: fake, args: [] } } }));
const host = spawn(process.execPath, [hostFile, 'chrome-extension://bench/'], {
  env: { ...process.env, ANTIDRIFT_HOST_CONFIG: configPath, XDG_DATA_HOME: join(dir, 'data'), DISPLAY: '' },
  stdio: ['pipe', 'pipe', 'ignore'],
});
let pending = Buffer.alloc(0);
const waiters = new Map();
host.stdout.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 4) {
    const length = LE ? pending.readUInt32LE(0) : pending.readUInt32BE(0);
    if (pending.length < 4 + length) break;
    const msg = JSON.parse(pending.subarray(4, 4 + length).toString('utf8'));
    pending = pending.subarray(4 + length);
    waiters.get(msg.id)?.(msg);
  }
});
function request(msg) {
  const body = Buffer.from(JSON.stringify(msg));
  const header = Buffer.alloc(4);
  if (LE) header.writeUInt32LE(body.length);
  else header.writeUInt32BE(body.length);
  return new Promise((resolve) => {
    waiters.set(msg.id, resolve);
    host.stdin.write(Buffer.concat([header, body]));
  });
}

let id = 1;
async function viaHost() {
  const started = performance.now();
  const reply = await request({ id: id++, type: 'run', backend: 'instant', prompt: 'prompt', timeoutMs: 30_000 });
  if (!reply.ok) throw new Error(JSON.stringify(reply));
  return performance.now() - started;
}

await request({ id: id++, type: 'hello' });
for (let i = 0; i < 3; i++) {
  await direct();
  await viaHost();
}
const directTimes = [];
const hostTimes = [];
for (let i = 0; i < iterations; i++) {
  directTimes.push(await direct());
  hostTimes.push(await viaHost());
}
console.log(`${iterations} runs each, instant fake CLI (${fake})`);
console.log(summary('direct spawn', directTimes));
console.log(summary('host run round trip', hostTimes));
console.log(
  `overhead               p50 ${(percentile(hostTimes, 50) - percentile(directTimes, 50)).toFixed(1)} ms   p95 ${(percentile(hostTimes, 95) - percentile(directTimes, 95)).toFixed(1)} ms`,
);
host.stdin.end();
await new Promise((resolve) => host.on('exit', resolve));
rmSync(dir, { recursive: true, force: true });
