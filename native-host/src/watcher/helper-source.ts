// Window source backed by a long-lived helper process printing JSON lines; restarts it with backoff.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseHelperLine } from './helper-line.js';
import { Retrier, WatcherStatus, WindowDeduper, safeLog, type WatcherHandle, type WatcherSink } from './watcher-types.js';
import { errorText } from '../../../shared/util/error-text.js';

export interface HelperCommand {
  command: string;
  args: string[];
  /** Written to the helper's stdin, which is then closed. */
  stdin: string;
}

export interface HelperWatcherOptions {
  kind: string;
  helper: HelperCommand;
  /** Message while running and titles are readable (or unknown). */
  runningMessage: string;
  /** Message while running when the helper reported that titles are not readable. */
  noTitlesMessage?: string;
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** A helper that lived this long is considered healthy: the backoff starts over. */
  healthyAfterMs?: number;
}

const MAX_STDERR_LOG_LINES = 20;

export function startHelperWatcher(sink: WatcherSink, options: HelperWatcherOptions): WatcherHandle {
  const status = new WatcherStatus(sink, options.kind);
  const deduper = new WindowDeduper(sink);
  const healthyAfterMs = options.healthyAfterMs ?? 60_000;
  let child: ChildProcess | undefined;
  let stopped = false;
  let garbageLogged = 0;
  const retrier = new Retrier(status, () => launch(), 'restarting', options.firstRetryMs, options.maxRetryMs);
  const scheduleRestart = (reason: string) => retrier.schedule(reason);

  function launch(): void {
    if (stopped) return;
    const startedAt = Date.now();
    let proc: ChildProcess;
    try {
      proc = spawn(options.helper.command, options.helper.args, {
        shell: false,
        windowsHide: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (err) {
      scheduleRestart(`cannot start ${options.helper.command}: ${errorText(err)}`);
      return;
    }
    child = proc;
    let ended = false;
    let stderrLines = 0;
    const end = (reason: string) => {
      if (ended) return;
      ended = true;
      if (child === proc) child = undefined;
      if (Date.now() - startedAt >= healthyAfterMs) retrier.backoff.reset();
      scheduleRestart(reason);
    };
    proc.on('error', (err) => end(`${options.helper.command} failed: ${err.message}`));
    proc.on('exit', (code, signal) => end(`${options.helper.command} exited (${signal ? `signal ${signal}` : `code ${code}`})`));
    // stdin errors (EPIPE when the helper dies early) surface through 'exit'.
    proc.stdin?.on('error', () => {});
    proc.stdin?.end(options.helper.stdin);
    if (proc.stdout) {
      proc.stdout.setEncoding('utf8');
      createInterface({ input: proc.stdout, crlfDelay: Infinity }).on('line', (line) => {
        const parsed = parseHelperLine(line);
        if (!parsed) {
          if (line.trim() && garbageLogged++ < MAX_STDERR_LOG_LINES)
            safeLog(sink, `watcher ${options.kind}: ignored helper output: ${line.slice(0, 200)}`);
          return;
        }
        if (parsed.kind === 'status') {
          status.set('running', parsed.titles === false && options.noTitlesMessage ? options.noTitlesMessage : options.runningMessage);
          return;
        }
        if (status.info().state !== 'running') status.set('running', options.runningMessage);
        // Nothing in front (locked screen, desktop): emit nothing, like X11's window 0.
        if (!parsed.title && !parsed.app) return;
        deduper.offer({ title: parsed.title, app: parsed.app, pid: parsed.pid || undefined });
      });
    }
    if (proc.stderr) {
      proc.stderr.setEncoding('utf8');
      createInterface({ input: proc.stderr, crlfDelay: Infinity }).on('line', (line) => {
        if (line.trim() && stderrLines++ < MAX_STDERR_LOG_LINES) safeLog(sink, `watcher ${options.kind} helper: ${line.slice(0, 500)}`);
      });
    }
  }

  launch();

  return {
    info: () => status.info(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      retrier.cancel();
      const proc = child;
      child = undefined;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
        proc.kill();
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      }
      status.set('stopped');
    },
  };
}
