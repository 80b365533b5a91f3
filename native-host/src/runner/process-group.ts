// Killing a backend's whole process tree: the CLIs relaunch themselves, so the direct child is not enough.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TERM_GRACE_MS = 2_000;
const KILL_WAIT_MS = 1_000;
const POLL_MS = 25;

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while any live (non-zombie) process is in group `pgid`. On Linux /proc is read because a
 * container's init may never reap orphans, and a zombie still answers `kill(-pgid, 0)`.
 */
export function groupAlive(pgid: number): boolean {
  if (process.platform !== 'linux') return signalGroup(pgid, 0);
  if (!signalGroup(pgid, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state ppid pgrp …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z') return true;
  }
  return false;
}

async function waitUntilGone(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return !groupAlive(pgid);
}

function taskkill(pid: number): Promise<void> {
  return new Promise((resolve) => {
    const killer = spawn('taskkill', ['/T', '/F', '/PID', String(pid)], { shell: false, windowsHide: true, stdio: 'ignore' });
    killer.on('error', () => resolve());
    killer.on('close', () => resolve());
  });
}

/** SIGTERM to the group, SIGKILL after 2 s if anything is left; resolves once the group is gone. */
export async function killProcessTree(pid: number): Promise<void> {
  if (process.platform === 'win32') return taskkill(pid);
  if (!signalGroup(pid, 'SIGTERM')) return;
  if (await waitUntilGone(pid, TERM_GRACE_MS)) return;
  signalGroup(pid, 'SIGKILL');
  await waitUntilGone(pid, KILL_WAIT_MS);
}

/** After a normal exit, stragglers left in the group (daemons, relaunched children) are killed outright. */
export function killLeftovers(pid: number): void {
  if (process.platform === 'win32') return;
  signalGroup(pid, 'SIGKILL');
}
