#!/usr/bin/env node
// The baseline the Wayland watcher is measured against: a 1 s poll of the compositor (what awatcher's loop amounts to).
// Every second: `swaymsg -t get_tree`, the focused window's app_id and title; prints a JSON line per change.
import { execFile } from 'node:child_process';

const INTERVAL_MS = Number(process.env.POLL_INTERVAL_MS ?? 1000);

function tree() {
  return new Promise((resolve) => {
    execFile('swaymsg', ['-t', 'get_tree'], { encoding: 'utf8', timeout: 5_000, maxBuffer: 32 << 20 }, (error, stdout) =>
      resolve(error ? null : JSON.parse(stdout)),
    );
  });
}

function focused(node) {
  if (!node || typeof node !== 'object') return null;
  if (node.focused) return node;
  for (const child of [...(node.nodes ?? []), ...(node.floating_nodes ?? [])]) {
    const found = focused(child);
    if (found) return found;
  }
  return null;
}

let last = '';
async function poll() {
  const node = focused(await tree());
  if (!node || node.type === 'workspace') return;
  const app = node.app_id ?? node.window_properties?.class ?? '';
  const key = `${node.id}\u0000${node.name}\u0000${app}`;
  if (key === last) return;
  last = key;
  process.stdout.write(`${JSON.stringify({ window: node.id, title: node.name, app })}\n`);
}

setInterval(() => void poll(), INTERVAL_MS);
void poll();
process.stdin.on('end', () => process.exit(0));
