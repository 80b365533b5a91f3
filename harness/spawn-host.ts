// Test helper: runs the BUILT host as a process and speaks real native-messaging framing to it.
import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { endianness } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { onMachine, type Runner } from './runner';

export const HOST_DIST = fileURLToPath(new URL('../native-host/dist/antidrift-host.cjs', import.meta.url));
const LITTLE_ENDIAN = endianness() === 'LE';
const execFileAsync = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built host as a one-shot command (`install`, `doctor`, …); a non-zero exit is a result, not a throw. */
export async function runHostCommand(env: NodeJS.ProcessEnv, args: string[], runner: Runner = onMachine): Promise<CommandResult> {
  try {
    const [command, argv] = runner.argv(runner.node, [HOST_DIST, ...args]);
    const { stdout, stderr } = await execFileAsync(command, argv, { env, encoding: 'utf8', timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

export interface SpawnHostOptions {
  /** The host's whole environment (not merged with the test's): tests stay hermetic. */
  env: NodeJS.ProcessEnv;
  args?: string[];
  /** Another build of the host (a packed one, an older release) instead of native-host/dist. */
  script?: string;
  /** An installed launcher, executed as a browser executes the manifest's path (no `node` in front). */
  launcher?: string;
  /** Where it runs: inside a newer Debian root with that root's Node (the desktops tier); default this machine. */
  runner?: Runner;
}

export interface HostHandle {
  proc: ChildProcessWithoutNullStreams;
  /** Every frame received so far, in order (including ones already returned by `next`). */
  received: unknown[];
  stderr(): string;
  send(message: unknown): void;
  sendRaw(bytes: Buffer): void;
  /** The first not-yet-consumed frame matching `predicate`, waiting up to `timeoutMs`. */
  next<T = Record<string, unknown>>(predicate: (msg: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<T>;
  /** Ends stdin and resolves with the exit code (kills the host after `timeoutMs`). */
  close(timeoutMs?: number): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Frames one message exactly as a browser would. */
export function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return frameBytes(body);
}

export function frameBytes(body: Buffer, declaredLength = body.length): Buffer {
  const header = Buffer.alloc(4);
  if (LITTLE_ENDIAN) header.writeUInt32LE(declaredLength, 0);
  else header.writeUInt32BE(declaredLength, 0);
  return Buffer.concat([header, body]);
}

export function spawnHost({
  env,
  args = ['chrome-extension://testextensionid/'],
  script = HOST_DIST,
  launcher,
  runner = onMachine,
}: SpawnHostOptions): HostHandle {
  const [command, argv] = launcher ? [launcher, args] : runner.argv(runner.node, [script, ...args]);
  const proc = spawn(command, argv, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const received: unknown[] = [];
  const unconsumed: Record<string, unknown>[] = [];
  const listeners = new Set<() => void>();
  let pending = Buffer.alloc(0);
  let stderr = '';

  proc.stdout.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = LITTLE_ENDIAN ? pending.readUInt32LE(0) : pending.readUInt32BE(0);
      if (pending.length < 4 + length) break;
      const message = JSON.parse(pending.subarray(4, 4 + length).toString('utf8')) as Record<string, unknown>;
      pending = pending.subarray(4 + length);
      received.push(message);
      unconsumed.push(message);
    }
    for (const listener of [...listeners]) listener();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  proc.stdin.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));

  return {
    proc,
    received,
    stderr: () => stderr,
    send: (message) => proc.stdin.write(frame(message)),
    sendRaw: (bytes) => proc.stdin.write(bytes),
    next: <T>(predicate: (msg: Record<string, unknown>) => boolean, timeoutMs = 10_000) =>
      new Promise<T>((resolve, reject) => {
        const check = (): boolean => {
          const index = unconsumed.findIndex(predicate);
          if (index < 0) return false;
          const [message] = unconsumed.splice(index, 1);
          resolve(message as T);
          return true;
        };
        if (check()) return;
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(
              `no matching frame within ${timeoutMs} ms; got ${JSON.stringify(received).slice(0, 2000)}\nstderr: ${stderr.slice(-2000)}`,
            ),
          );
        }, timeoutMs);
        const listener = (): void => {
          if (check()) {
            clearTimeout(timer);
            listeners.delete(listener);
          }
        };
        listeners.add(listener);
      }),
    close: async (timeoutMs = 10_000) => {
      proc.stdin.end();
      const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    exited,
  };
}
