#!/usr/bin/env node
// The baseline the watcher is measured against: the 1 s `xprop` poll many activity trackers use.
// Every second: `xprop -root _NET_ACTIVE_WINDOW`, then `xprop -id W _NET_WM_NAME WM_CLASS`; prints a JSON line per change.
import { execFile } from 'node:child_process';

const INTERVAL_MS = Number(process.env.POLL_INTERVAL_MS ?? 1000);

function xprop(args) {
  return new Promise((resolve) => {
    execFile('xprop', args, { encoding: 'utf8', timeout: 5_000 }, (error, stdout) => resolve(error ? '' : stdout));
  });
}

let last = '';
async function poll() {
  const root = await xprop(['-root', '_NET_ACTIVE_WINDOW']);
  const window = /window id # (0x[0-9a-f]+)/i.exec(root)?.[1];
  if (!window || window === '0x0') return;
  const props = await xprop(['-id', window, '_NET_WM_NAME', 'WM_CLASS']);
  const title = /_NET_WM_NAME\(UTF8_STRING\) = "(.*)"/.exec(props)?.[1] ?? '';
  const app = /WM_CLASS\(STRING\) = "(?:[^"]*)", "([^"]*)"/.exec(props)?.[1] ?? '';
  const key = `${window}\u0000${title}\u0000${app}`;
  if (key === last) return;
  last = key;
  process.stdout.write(`${JSON.stringify({ window, title, app })}\n`);
}

setInterval(() => void poll(), INTERVAL_MS);
void poll();
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
