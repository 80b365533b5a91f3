// Spawns one program without a shell, feeds stdin, caps output, enforces a timeout on the whole tree.
import { spawn } from 'node:child_process';
import { killLeftovers, killProcessTree } from './process-group.js';

export interface CaptureOptions {
  bin: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdin: string;
  timeoutMs: number;
  maxBytes: number;
  /** Aborting (host shutting down) kills the tree like a timeout. */
  signal?: AbortSignal;
  onSpawn?(pid: number): void;
}

export interface CaptureResult {
  spawnError?: NodeJS.ErrnoException;
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  aborted: boolean;
  pid?: number;
}

/** How long stdio may stay open after the direct child exited (a grandchild may hold it). */
const CLOSE_GRACE_MS = 150;

class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    const room = this.max - this.size;
    if (room <= 0) {
      this.truncated = true;
      return;
    }
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept !== chunk) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export function spawnCapture(opts: CaptureOptions): Promise<CaptureResult> {
  return new Promise((resolve) => {
    const stdout = new CappedBuffer(opts.maxBytes);
    const stderr = new CappedBuffer(opts.maxBytes);
    let timedOut = false;
    let aborted = false;
    let killing: Promise<void> | undefined;
    let settled = false;
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;

    const result = (extra: Partial<CaptureResult> = {}): CaptureResult => ({
      exitCode,
      exitSignal,
      stdout: stdout.text(),
      stderr: stderr.text(),
      stdoutTruncated: stdout.truncated,
      stderrTruncated: stderr.truncated,
      timedOut,
      aborted,
      ...(child.pid !== undefined ? { pid: child.pid } : {}),
      ...extra,
    });
    const settle = (extra?: Partial<CaptureResult>): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      resolve(result(extra));
    };

    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(opts.bin, opts.args, {
        cwd: opts.cwd,
        env: opts.env,
        shell: false,
        detached: process.platform !== 'win32',
        windowsHide: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (err) {
      // Invalid arguments (e.g. a NUL byte from a custom config) throw synchronously.
      resolve({
        exitCode: null,
        exitSignal: null,
        stdout: '',
        stderr: '',
        stdoutTruncated: false,
        stderrTruncated: false,
        timedOut: false,
        aborted: false,
        spawnError: err as NodeJS.ErrnoException,
      });
      return;
    }

    const killTree = (): Promise<void> => {
      if (!killing) killing = child.pid === undefined ? Promise.resolve() : killProcessTree(child.pid);
      return killing;
    };
    const timer = setTimeout(() => {
      timedOut = true;
      // Waiting for `close` could take forever if a grandchild holds stdout: settle once the tree is gone.
      void killTree().then(() => settle());
    }, opts.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      void killTree().then(() => settle());
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (err: NodeJS.ErrnoException) => {
      if (child.pid === undefined) settle({ spawnError: err });
    });
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
    child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    // The CLI may exit without reading stdin; EPIPE here is not the run's failure.
    child.stdin?.on('error', () => {});
    child.stdin?.end(opts.stdin, 'utf8');

    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      if (timedOut || aborted) return;
      setTimeout(() => {
        if (child.pid !== undefined) killLeftovers(child.pid);
        settle();
      }, CLOSE_GRACE_MS);
    });
    child.on('close', () => {
      if (timedOut || aborted) return;
      if (child.pid !== undefined) killLeftovers(child.pid);
      settle();
    });
  });
}
