// Section 7: bundle sizes (minified, gzipped), host RSS at start and after 10 000 frames, RSS over a window-switch soak.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { frameBytes } from '../../harness/spawn-host';
import { waitFor } from '../../harness/xvfb';
import { startBenchHost, waitForWatcherRunning } from './host-process';
import { rssMiB } from '../../harness/proc';
import { round, sleep } from './stats';
import { startDesk } from './x-desk';

export const EXTENSION_OUT = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));

export interface BundleSize {
  files: string[];
  minifiedBytes: number;
  gzipBytes: number;
}

export interface HostMemoryResult {
  rssAfterStartMiB: number;
  rssAfter10kMessagesMiB: number;
  messages: number;
}

export interface SoakResult {
  minutes: number;
  switches: number;
  samples: number;
  rssStartMiB: number;
  rssEndMiB: number;
  rssMaxMiB: number;
  /** After the warm-up: mean of the last minute's samples minus the first minute's (GC sawtooth averaged out). */
  growthMiB: number;
  /** Least-squares trend of the samples after the warm-up, scaled to an hour: a leak shows here. */
  slopeMiBPerHour: number;
  /** Every per-second sample (MiB), so a growth figure can be checked against its curve. */
  rssSeriesMiB: number[];
}

export function assertExtensionBuilt(): void {
  if (!existsSync(join(EXTENSION_OUT, 'manifest.json'))) {
    throw new Error(`the extension is not built (${EXTENSION_OUT}/manifest.json missing): run \`npm run build\` first`);
  }
}

/** Scripts an HTML entry loads (its module and the chunks it preloads), relative to the output dir. */
function htmlScripts(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
}

async function measure(files: string[]): Promise<BundleSize> {
  let minifiedBytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const source = readFileSync(join(EXTENSION_OUT, file), 'utf8');
    // WXT already minifies; re-minifying makes the number independent of that setting.
    const { code } = await transform(source, { minify: true, loader: 'js' });
    const smaller = code.length < source.length ? code : source;
    minifiedBytes += Buffer.byteLength(smaller);
    gzipBytes += gzipSync(smaller, { level: 9 }).length;
  }
  return { files, minifiedBytes, gzipBytes };
}

export async function bundleSizes(): Promise<Record<string, BundleSize>> {
  assertExtensionBuilt();
  const content = readdirSync(join(EXTENSION_OUT, 'content-scripts'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `content-scripts/${f}`);
  return {
    content: await measure(content),
    popup: await measure(htmlScripts(readFileSync(join(EXTENSION_OUT, 'popup.html'), 'utf8'))),
    options: await measure(htmlScripts(readFileSync(join(EXTENSION_OUT, 'options.html'), 'utf8'))),
    history: await measure(htmlScripts(readFileSync(join(EXTENSION_OUT, 'focus-history.html'), 'utf8'))),
    welcome: await measure(htmlScripts(readFileSync(join(EXTENSION_OUT, 'welcome.html'), 'utf8'))),
    blocked: await measure(htmlScripts(readFileSync(join(EXTENSION_OUT, 'blocked.html'), 'utf8'))),
    background: await measure(['background.js']),
  };
}

/** `total` frames (10 000 in a full run) over real framing: hello requests alternating with malformed frames the host must answer. */
export async function hostMemory(total: number): Promise<HostMemoryResult> {
  const host = startBenchHost({ DISPLAY: '' });
  try {
    host.handle.send({ id: 0, type: 'hello' });
    await host.handle.next((m) => m.type === 'hello');
    await sleep(1_000);
    const rssAfterStartMiB = rssMiB(host.pid);
    const bad = [Buffer.from('not json'), Buffer.from('[1,2]'), Buffer.from([0x7b, 0xff, 0x7d]), Buffer.from('{"id":1,"type":"exec"}')];
    let sent = 0;
    while (sent < total) {
      // Batches of 100 keep the pipe from filling while the host answers.
      const until = Math.min(total, sent + 100);
      for (; sent < until; sent++) {
        if (sent % 2 === 0) host.handle.send({ id: sent + 1, type: 'hello' });
        else host.handle.sendRaw(frameBytes(bad[(sent >> 1) % bad.length]!));
      }
      await waitFor(() => host.handle.received.length >= sent + 1, `replies to ${sent} frames`, 30_000, 2);
    }
    await sleep(1_000);
    return { rssAfterStartMiB: round(rssAfterStartMiB), rssAfter10kMessagesMiB: round(rssMiB(host.pid)), messages: total };
  } finally {
    await host.close();
  }
}

/** Least-squares slope of RSS over time, in MiB per hour. */
function slopePerHour(samples: { at: number; rss: number }[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((a, s) => a + s.at, 0) / n;
  const my = samples.reduce((a, s) => a + s.rss, 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.at - mx) * (s.rss - my);
    den += (s.at - mx) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 3_600_000;
}

/** Switches xterms every ~200 ms for `minutes` while sampling the host's VmRSS once a second. */
export async function soak(minutes: number, onProgress: (line: string) => void): Promise<SoakResult> {
  const classes = ['SoakEdit', 'SoakTerm', 'SoakChat'];
  const desk = await startDesk(classes, 160);
  const host = startBenchHost({ DISPLAY: desk.x.display });
  try {
    await waitForWatcherRunning(host);
    const samples: { at: number; rss: number }[] = [];
    const started = performance.now();
    const durationMs = minutes * 60_000;
    let switches = 0;
    let lastSample = -Infinity;
    let lastReport = started;
    while (performance.now() - started < durationMs) {
      await desk.activate(classes[switches % classes.length]!);
      switches++;
      // Frames are consumed as they come, as the browser would; keep the bench's own memory flat too.
      host.frames.length = 0;
      host.handle.received.length = 0;
      const now = performance.now();
      if (now - lastSample >= 1_000) {
        samples.push({ at: now - started, rss: rssMiB(host.pid) });
        lastSample = now;
      }
      if (now - lastReport >= 60_000) {
        onProgress(
          `soak: ${Math.round((now - started) / 60_000)} / ${minutes} min, ${switches} switches, host RSS ${samples.at(-1)!.rss.toFixed(1)} MiB`,
        );
        lastReport = now;
      }
      await sleep(Math.max(0, 200 - (performance.now() - now)));
    }
    // V8 shrinks the heap once, a few seconds in (RSS drops ~7 MiB, then climbs back to its working
    // set over the next minute): compare steady states, not that dip. Warm-up: the first 2 minutes
    // (a fifth of shorter soaks); then the first and last minute (a quarter of what is left).
    const warmUpMs = Math.min(120_000, durationMs / 5);
    const windowMs = Math.min(60_000, (durationMs - warmUpMs) / 4);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const first = samples.filter((s) => s.at >= warmUpMs && s.at <= warmUpMs + windowMs).map((s) => s.rss);
    const last = samples.filter((s) => s.at >= durationMs - windowMs).map((s) => s.rss);
    const steady = samples.filter((s) => s.at >= warmUpMs);
    if (host.handle.proc.exitCode !== null) throw new Error(`the host exited during the soak: ${host.handle.stderr().slice(-500)}`);
    return {
      minutes,
      switches,
      samples: samples.length,
      rssStartMiB: round(samples[0]!.rss),
      rssEndMiB: round(samples.at(-1)!.rss),
      rssMaxMiB: round(Math.max(...samples.map((s) => s.rss))),
      growthMiB: round(mean(last) - mean(first)),
      slopeMiBPerHour: round(slopePerHour(steady)),
      rssSeriesMiB: samples.map((s) => round(s.rss, 1)),
    };
  } finally {
    await host.close();
    await desk.stop();
  }
}
