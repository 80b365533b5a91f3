// Measures the X11 watcher: switch-to-event latency (p50/p95) and the idle CPU/RSS of the built host.
// Usage: node native-host/build.mjs && node bench/watcher-latency.mjs   (needs Xvfb, openbox, xterm, xdotool)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { endianness } from 'node:os';
import { fileURLToPath } from 'node:url';

const HOST = fileURLToPath(new URL('../native-host/dist/antidrift-host.mjs', import.meta.url));
const SWITCHES = Number(process.env.SWITCHES ?? 30);
const IDLE_MS = Number(process.env.IDLE_MS ?? 20_000);
const LE = endianness() === 'LE';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let display = 120;
while (existsSync(`/tmp/.X11-unix/X${display}`) || existsSync(`/tmp/.X${display}-lock`)) display++;
const env = { ...process.env, DISPLAY: `:${display}` };
delete env.WAYLAND_DISPLAY;
const groups = [];
const start = (cmd, args) => {
  const p = spawn(cmd, args, { env, detached: true, stdio: 'ignore' });
  groups.push(p);
  return p;
};
const x = (cmd, args) => execFileSync(cmd, args, { env, encoding: 'utf8' });
async function until(fn, what) {
  for (let i = 0; i < 400; i++) {
    try {
      if (fn()) return;
    } catch {}
    await sleep(25);
  }
  throw new Error(`timeout: ${what}`);
}

try {
  start('Xvfb', [`:${display}`, '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-noreset']);
  await until(() => existsSync(`/tmp/.X11-unix/X${display}`), 'Xvfb');
  start('openbox', ['--sm-disable']);
  await until(() => x('xprop', ['-root', '_NET_SUPPORTING_WM_CHECK']).includes('window id'), 'openbox');
  start('xterm', ['-class', 'BenchA', '-T', 'bench A']);
  start('xterm', ['-class', 'BenchB', '-T', 'bench B']);
  await until(() => x('xdotool', ['search', '--class', '^BenchA$']).trim() && x('xdotool', ['search', '--class', '^BenchB$']).trim(), 'xterms');
  const ids = ['BenchA', 'BenchB'].map((c) => x('xdotool', ['search', '--class', `^${c}$`]).trim().split('\n')[0]);

  const host = spawn(process.execPath, [HOST, 'chrome-extension://bench/'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  let pending = Buffer.alloc(0);
  const frames = [];
  host.stdout.on('data', (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const len = LE ? pending.readUInt32LE(0) : pending.readUInt32BE(0);
      if (pending.length < 4 + len) break;
      frames.push({ at: performance.now(), msg: JSON.parse(pending.subarray(4, 4 + len).toString('utf8')) });
      pending = pending.subarray(4 + len);
    }
  });
  await until(() => frames.some((f) => f.msg.type === 'watcher' && f.msg.state === 'running'), 'watcher running');

  const latencies = [];
  for (let i = 0; i < SWITCHES; i++) {
    const target = i % 2 === 0 ? 'BenchA' : 'BenchB';
    const before = frames.length;
    execFileSync('xdotool', ['windowactivate', '--sync', ids[i % 2]], { env });
    const returned = performance.now();
    await until(() => frames.slice(before).some((f) => f.msg.type === 'window' && f.msg.app === target), `event for ${target}`);
    const frame = frames.slice(before).find((f) => f.msg.type === 'window' && f.msg.app === target);
    latencies.push(Math.max(0, frame.at - returned));
    await sleep(50);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];

  // Idle: CPU time of the host process over IDLE_MS with nothing happening (from /proc, clock ticks).
  const ticks = () => {
    const fields = x('cat', [`/proc/${host.pid}/stat`]).split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const hz = Number(x('getconf', ['CLK_TCK']).trim());
  const t0 = ticks();
  await sleep(IDLE_MS);
  const cpuMs = ((ticks() - t0) / hz) * 1000;
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(x('cat', [`/proc/${host.pid}/status`]))[1]);

  console.log(JSON.stringify({
    switches: SWITCHES,
    latencyMs: { p50: +pct(50).toFixed(1), p95: +pct(95).toFixed(1), max: +latencies.at(-1).toFixed(1) },
    idle: { seconds: IDLE_MS / 1000, cpuMs: +cpuMs.toFixed(1), cpuPercentOfCore: +((cpuMs / IDLE_MS) * 100).toFixed(3) },
    hostRssMB: +(rssKb / 1024).toFixed(1),
  }, null, 2));
  host.stdin.end();
  await new Promise((r) => host.once('exit', r));
} finally {
  for (const p of groups.reverse()) {
    try {
      process.kill(-p.pid, 'SIGTERM');
    } catch {}
  }
  await sleep(300);
  rmSync(`/tmp/.X${display}-lock`, { force: true });
  rmSync(`/tmp/.X11-unix/X${display}`, { force: true });
}
