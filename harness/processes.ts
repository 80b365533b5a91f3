// Test helpers shared by the compositor fixtures: polling for a condition, stopping a process, a terminal with a settable title.
import { execFile, type ChildProcess } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { onMachine, type Runner } from './runner';

export const execFileAsync = promisify(execFile);

/**
 * How long a compositor or shell may take to come up. Alone it takes a few seconds; `npm test` runs the tiers side by
 * side on two cores, and a software-rendered GNOME Shell starting beside two browsers has taken over 15 s.
 */
export const COMPOSITOR_START_MS = 60_000;

export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  what: string,
  timeoutMs = 15_000,
  intervalMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // Each probe is given until the deadline (and a second): one that never settles (an evaluate on a page going away)
    // fails the wait by name instead of hanging the test until its hook's own timeout.
    const value = await within(
      Math.max(0, deadline - Date.now()) + 1_000,
      probe,
      () => new Error(`timed out after ${timeoutMs} ms waiting for ${what} (its last check never returned)`),
    );
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `work()`'s result, or `failure()` thrown once `ms` have passed without one (a browser call that never returns). */
export async function within<T>(ms: number, work: () => Promise<T> | T, failure: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failure()), ms);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

/** SIGTERM (to the process group when `group`), SIGKILL after 3 s; resolves when it is gone. */
export async function stopProc(proc: ChildProcess | undefined, group = false): Promise<void> {
  if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  const signal = (s: NodeJS.Signals) => {
    try {
      if (group) process.kill(-proc.pid!, s);
      else proc.kill(s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const gone = await Promise.race([exited(proc).then(() => true), new Promise((r) => setTimeout(() => r(false), 3_000))]);
  if (!gone) {
    signal('SIGKILL');
    await exited(proc);
  }
}

export interface TitledTerminal {
  proc: ChildProcess;
  /** Sets the window title by writing OSC 2 into the terminal. */
  setTitle(title: string): void;
}

/**
 * A weston-terminal whose shell sets `title`, then echoes a FIFO into the terminal, so a test can
 * change the title later (`n` keeps the files of several terminals apart).
 */
export async function westonTerminal(
  root: string,
  n: number,
  title: string,
  env: NodeJS.ProcessEnv,
  runner: Runner = onMachine,
): Promise<TitledTerminal> {
  const fifo = join(root, `fifo-${n}`);
  await execFileAsync('mkfifo', [fifo]);
  const shell = join(root, `shell-${n}`);
  writeFileSync(shell, `#!/bin/sh\nprintf '\\033]2;%s\\007' '${title.replace(/'/g, '')}'\nexec cat <> '${fifo}'\n`);
  chmodSync(shell, 0o755);
  const proc = runner.spawn('weston-terminal', [`--shell=${shell}`], { env, stdio: 'ignore' });
  return { proc, setTitle: (t) => writeFileSync(fifo, `\x1b]2;${t}\x07`) };
}

/**
 * A foot window of app id `appId` titled `title`; its title changes through a FIFO (`dir`/title-`name`) as with
 * westonTerminal. In its own process group, so a session's stop can take it with its children.
 */
export async function footTerminal(
  dir: string,
  name: string,
  appId: string,
  title: string,
  env: NodeJS.ProcessEnv,
  runner: Runner = onMachine,
): Promise<TitledTerminal> {
  const fifo = join(dir, `title-${name}`);
  await execFileAsync('mkfifo', ['-m', '0666', fifo]);
  const proc = runner.spawn('foot', ['-a', appId, '-T', title, 'sh', '-c', `exec cat <> '${fifo}'`], {
    env,
    stdio: 'ignore',
    detached: true,
  });
  return { proc, setTitle: (t) => writeFileSync(fifo, `\x1b]2;${t}\x07`) };
}

/** Stops a compositor's windows, then the compositor (each in its own process group). */
export async function stopSession(windows: ChildProcess[], compositor: ChildProcess | undefined): Promise<void> {
  await Promise.all(windows.splice(0).map((w) => stopProc(w, true)));
  await stopProc(compositor, true);
}
