// The PATH a login shell would have, probed once: the only place the host ever starts a shell.
import type { ChildProcess } from 'node:child_process';
import { delimiter, isAbsolute } from 'node:path';
import { home } from '../paths.js';

const PROBE_TIMEOUT_MS = 3_000;
const MAX_OUTPUT = 64 * 1024;

let probed: Promise<string[]> | undefined;
let known: string[] | undefined;
/** Ends the running probe's whole process group; set while one runs. */
let cancelRunning: (() => void) | undefined;
let stopped = false;

/** Directories from the login-shell probe, if it already ran (never starts it). */
export function loginShellPathIfKnown(): string[] | undefined {
  return known;
}

/** child_process (with net and dgram under it) loads with the probe, after hello, not with the helper. */
async function probe(): Promise<string[]> {
  const { spawn } = await import('node:child_process');
  if (stopped) return [];
  return new Promise((resolve) => {
    const shellEnv = process.env.SHELL;
    const shell = shellEnv && isAbsolute(shellEnv) ? shellEnv : '/bin/sh';
    let out = '';
    let settled = false;
    // Declared before finish: a spawn that throws synchronously calls finish before any timer exists.
    // eslint-disable-next-line prefer-const -- a const after finish would be in its temporal dead zone then
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (dirs: string[]): void => {
      if (settled) return;
      settled = true;
      cancelRunning = undefined;
      clearTimeout(timer);
      known = dirs;
      resolve(dirs);
    };
    let child: ChildProcess;
    try {
      // Fixed argv, no untrusted input: the script only prints the PATH the profile builds.
      // Its own process group, so a profile's own children (pyenv, nvm …) end with it.
      child = spawn(shell, ['-lc', 'printf %s "$PATH"'], {
        shell: false,
        stdio: ['ignore', 'pipe', 'ignore'],
        cwd: home(),
        windowsHide: true,
        detached: true,
      });
    } catch {
      finish([]);
      return;
    }
    const kill = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL'); // the group is gone already, or there is none
      }
      finish([]);
    };
    cancelRunning = kill;
    timer = setTimeout(kill, PROBE_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (out.length < MAX_OUTPUT) out += chunk.toString('utf8');
    });
    child.on('error', () => finish([]));
    child.on('close', (code) => {
      if (code !== 0) return finish([]);
      // Profiles may print banners first; printf adds no newline, so the PATH is the last line.
      const last = out.split('\n').pop() ?? '';
      finish(last.split(delimiter).filter((dir) => isAbsolute(dir)));
    });
  });
}

/** Runs the probe once per process (not on Windows) and caches the answer, even an empty one. */
export function loginShellPath(): Promise<string[]> {
  if (process.platform === 'win32') return Promise.resolve([]);
  probed ??= probe();
  return probed;
}

/**
 * Kills a probe still running (the host is quitting). A heavy profile takes half a second of
 * CPU; left running it would compete with whatever the person does next, for nothing.
 */
export function stopLoginShellProbe(): void {
  stopped = true;
  cancelRunning?.();
}
