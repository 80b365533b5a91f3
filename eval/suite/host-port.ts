// The built native host as a NativePort: spawned the way a browser starts it, spoken to in real native-messaging frames.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { NativePort } from '../../background/helper/native-channel';
import { encodeFrame, FrameDecoder, parseFrameBody } from '../../native-host/src/framing';
import { MAX_FRAME_FROM_BROWSER, MAX_FRAME_TO_BROWSER } from '../../shared/protocol/frames';

export const HOST_ENTRY = fileURLToPath(new URL('../../native-host/dist/antidrift-host.cjs', import.meta.url));
/** The origin a Chromium browser passes; the host only checks that it looks like a browser launch. */
const LAUNCH_ARG = 'chrome-extension://antidrift-eval/';

export interface SpawnedHostPort extends NativePort {
  /** Why the host went away, for the channel's status and the run's report. */
  readonly exitReason: string | undefined;
}

/** Starts a host process per connect, as `runtime.connectNative` does; its stderr goes to `onLog`. */
export function spawnHostPort(env: NodeJS.ProcessEnv, onLog: (line: string) => void): SpawnedHostPort {
  const proc = spawn(process.execPath, [HOST_ENTRY, LAUNCH_ARG], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: ((port: unknown) => void)[] = [];
  const decoder = new FrameDecoder(MAX_FRAME_TO_BROWSER);
  let exitReason: string | undefined;
  let closed = false;
  const port: SpawnedHostPort = {
    get exitReason() {
      return exitReason;
    },
    postMessage: (message) => {
      if (!closed) proc.stdin.write(encodeFrame(message, MAX_FRAME_FROM_BROWSER));
    },
    disconnect: () => {
      closed = true;
      proc.stdin.end();
    },
    onMessage: { addListener: (l) => void messageListeners.push(l) },
    onDisconnect: { addListener: (l) => void disconnectListeners.push(l) },
  };
  proc.stdout.on('data', (chunk: Buffer) => {
    for (const frame of decoder.push(chunk)) {
      if (frame.kind !== 'frame') {
        onLog(`ignored a ${frame.length}-byte frame from the host (over the browser's limit)`);
        continue;
      }
      const parsed = parseFrameBody(frame.body);
      if (parsed.ok) for (const l of messageListeners) l(parsed.value);
      else onLog(`ignored a frame from the host: ${parsed.message}`);
    }
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) onLog(line);
  });
  proc.stdin.on('error', () => {});
  proc.once('error', (error) => (exitReason = error.message));
  proc.once('exit', (code, signal) => {
    exitReason ??= `the native host exited (${signal ?? `code ${code}`})`;
    if (closed) return;
    closed = true;
    for (const l of disconnectListeners) l(port);
  });
  return port;
}
