// doctor's real test: starts the registered launcher as a browser would and asks it `hello` over real framing.
import { spawn } from 'node:child_process';
import { HelloReply, PROTOCOL_VERSION } from '../../../shared/protocol/frames.js';
import { encodeFrame, FrameDecoder, parseFrameBody } from '../framing.js';
import { HOST_VERSION } from '../version.js';
import { launcherTarget } from './wrapper.js';

const ROUND_TRIP_MS = 10_000;

export type RoundTrip = { ok: true; hostVersion: string; protocol: number; ms: number } | { ok: false; problem: string };

/** Runs `launcher chrome-extension://<id>/`, sends one hello, and waits for its answer (or the launcher's failure). */
export function helloThrough(launcher: string, extensionId: string): Promise<RoundTrip> {
  return new Promise((resolve) => {
    const started = Date.now();
    let settled = false;
    let stderr = '';
    const origin = `chrome-extension://${extensionId}/`;
    // Windows starts a .cmd only through cmd.exe: run what it names (its Node and its script) instead.
    const target = process.platform === 'win32' ? launcherTarget(launcher) : undefined;
    const [file, args] = target ? [target.node, [target.script, origin]] : [launcher, [origin]];
    const child = spawn(file, args, { shell: false, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const finish = (result: RoundTrip) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdin.end();
      // Closing stdin ends a helper; one that does not is stopped.
      setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, problem: `no answer within ${ROUND_TRIP_MS / 1000} s` }), ROUND_TRIP_MS);
    const decoder = new FrameDecoder();
    child.stdout.on('data', (chunk: Buffer) => {
      for (const frame of decoder.push(chunk)) {
        if (frame.kind !== 'frame') continue;
        const body = parseFrameBody(frame.body);
        const hello = body.ok ? HelloReply.safeParse(body.value) : null;
        if (hello?.success)
          finish({ ok: true, hostVersion: hello.data.hostVersion, protocol: hello.data.protocol ?? 1, ms: Date.now() - started });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2_000)));
    child.on('error', (err) => finish({ ok: false, problem: `cannot start ${launcher}: ${err.message}` }));
    child.on('exit', (code, signal) => {
      const why = stderr.trim().split('\n').at(-1) ?? '';
      finish({ ok: false, problem: `the launcher exited (${signal ?? `code ${code}`}) before answering${why ? `: ${why}` : ''}` });
    });
    child.stdin.on('error', () => {});
    child.stdin.write(encodeFrame({ id: 1, type: 'hello', protocol: PROTOCOL_VERSION, version: HOST_VERSION }));
  });
}
