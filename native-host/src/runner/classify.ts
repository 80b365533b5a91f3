// Turns a finished process into a result, in the order docs/BACKENDS.md fixes.
import type { RunError } from '../../../shared/protocol/frames.js';
import { firstLine } from '../backends/text-utils.js';
import type { BackendContext, BackendSpec } from '../backends/types.js';
import type { CaptureResult } from './spawn-capture.js';

export type RunOutcome = { ok: true; text: string } | { ok: false; error: RunError };

function fail(kind: RunError['kind'], message: string): RunOutcome {
  return { ok: false, error: { kind, message } };
}

/**
 * ENOENT → not_installed; other spawn error → spawn; timeout; extractor's auth / api_error;
 * non-zero exit → exit; oversized answer → api_error; blank → empty.
 */
export function classifyCapture(spec: BackendSpec, capture: CaptureResult, ctx: BackendContext, timeoutMs: number): RunOutcome {
  const name = spec.name;
  if (capture.spawnError) {
    if (capture.spawnError.code === 'ENOENT') return fail('not_installed', `${name}: executable not found (${capture.spawnError.message})`);
    return fail('spawn', `${name}: could not start (${capture.spawnError.message})`);
  }
  if (capture.timedOut) return fail('timeout', `${name}: no answer within ${Math.round(timeoutMs / 1000)} s`);
  if (capture.aborted) return fail('spawn', `${name}: stopped because the host is shutting down`);
  const extraction = spec.extract({ stdout: capture.stdout, stderr: capture.stderr, exitCode: capture.exitCode }, ctx);
  if (extraction.kind === 'auth') return fail('auth', extraction.message);
  if (extraction.kind === 'api_error') return fail('api_error', extraction.message);
  if (capture.exitCode !== 0) {
    const how = capture.exitCode === null ? `was killed by ${capture.exitSignal ?? 'a signal'}` : `exited with code ${capture.exitCode}`;
    const detail = firstLine(capture.stderr) || firstLine(capture.stdout);
    return fail('exit', `${name} ${how}${detail ? `: ${detail}` : ''}`);
  }
  if (capture.stdoutTruncated) return fail('api_error', `${name}: output larger than the 1 MB limit`);
  if (extraction.kind !== 'text' || !extraction.text.trim()) return fail('empty', `${name}: empty answer`);
  return { ok: true, text: extraction.text };
}
