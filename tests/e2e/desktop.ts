// Desktop helpers for the end-to-end tests: X clients on the test display, and this profile's host processes.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface Desktop {
  /** Starts an xterm with this WM_CLASS class and title; killed by stop(). */
  xterm(windowClass: string, title: string): Promise<void>;
  /** Raises and focuses the first window of this class (waits until the WM has done it). */
  activate(windowClass: string): Promise<void>;
  /** Raises and focuses the first window whose title contains this text. */
  activateByName(title: string): Promise<void>;
  /** Presses keys (xdotool's names: `ctrl+shift+t`) in the focused window, as a person at the keyboard: unlike Playwright's or BiDi's, they reach the browser's own shortcuts. */
  keys(keys: string): Promise<void>;
  stop(): void;
}

export function desktop(display: string): Desktop {
  const env: NodeJS.ProcessEnv = { ...process.env, DISPLAY: display };
  delete env.WAYLAND_DISPLAY;
  const clients: ChildProcess[] = [];
  const xdotool = async (args: string[]) => (await execFileAsync('xdotool', args, { env, timeout: 15_000 })).stdout;
  return {
    async xterm(windowClass, title) {
      const proc = spawn('xterm', ['-class', windowClass, '-T', title], { env, detached: true, stdio: 'ignore' });
      proc.on('error', () => {});
      clients.push(proc);
      // --sync waits until a window of that class is mapped.
      await xdotool(['search', '--sync', '--onlyvisible', '--class', windowClass]);
    },
    async activate(windowClass) {
      await xdotool(['search', '--onlyvisible', '--class', windowClass, 'windowactivate', '--sync']);
    },
    async activateByName(title) {
      await xdotool(['search', '--onlyvisible', '--name', title, 'windowactivate', '--sync']);
    },
    async keys(keys) {
      await xdotool(['key', '--clearmodifiers', keys]);
    },
    stop() {
      for (const proc of clients) {
        if (proc.pid && proc.exitCode === null && proc.signalCode === null) {
          try {
            process.kill(-proc.pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      clients.length = 0;
    },
  };
}

/** PIDs of native host processes started for this home (other sessions' hosts are left alone). */
export function hostPids(home: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes('antidrift-host.cjs')) continue;
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (environ.includes(`HOME=${home}`)) pids.push(Number(name));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}
