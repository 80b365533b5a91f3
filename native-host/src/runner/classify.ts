// Turns a finished process into a result, in the order docs/BACKENDS.md fixes, worded by backends/failure-words.ts.
import type { RunError } from '../../../shared/protocol/frames.js';
import { noAnswerPhrase, noAnswerWithin, notInstalled, notLoggedIn, TIMEOUT_HINT } from '../backends/failure-words.js';
import { firstLine, quoted } from '../backends/text-utils.js';
import type { BackendContext, BackendSpec } from '../backends/types.js';
import type { CaptureResult } from './spawn-capture.js';

export type RunOutcome = { ok: true; text: string } | { ok: false; error: RunError };

function fail(error: RunError): RunOutcome {
  return { ok: false, error };
}

/**
 * ENOENT → not_installed; other spawn error → spawn; timeout (explained by what it printed before, when
 * that says why); the extractor's auth / api_error; non-zero exit → exit; oversized answer → api_error;
 * blank → empty.
 */
export function classifyCapture(spec: BackendSpec, capture: CaptureResult, ctx: BackendContext, timeoutMs: number): RunOutcome {
  const name = spec.name;
  if (capture.spawnError) {
    if (capture.spawnError.code === 'ENOENT')
      return fail(notInstalled(spec, `its executable could not be started: ${capture.spawnError.message}`));
    return fail({ kind: 'spawn', message: `${name} could not be started (${capture.spawnError.message})` });
  }
  if (capture.aborted) return fail({ kind: 'spawn', message: `${name} was stopped because the native host is shutting down` });
  const extraction = spec.extract({ stdout: capture.stdout, stderr: capture.stderr, exitCode: capture.exitCode }, ctx);
  if (capture.timedOut) {
    if (extraction.kind === 'auth') return fail(notLoggedIn(spec, extraction.detail));
    if (extraction.kind !== 'api_error') return fail(noAnswerWithin(name, timeoutMs));
    // "could not reach its service … and gave no answer": the person learns why it was silent.
    const message = `${extraction.message} and ${noAnswerPhrase(timeoutMs)}`;
    return fail({ kind: 'timeout', message, hint: extraction.hint ?? TIMEOUT_HINT });
  }
  if (extraction.kind === 'auth') return fail(notLoggedIn(spec, extraction.detail));
  if (extraction.kind === 'api_error')
    return fail({ kind: 'api_error', message: extraction.message, ...(extraction.hint ? { hint: extraction.hint } : {}) });
  if (capture.exitCode !== 0) {
    const how =
      capture.exitCode === null ? `was killed by ${capture.exitSignal ?? 'a signal'}` : `stopped with exit code ${capture.exitCode}`;
    return fail({ kind: 'exit', message: `${name} ${how}${quoted(firstLine(capture.stderr) || firstLine(capture.stdout))}` });
  }
  if (capture.stdoutTruncated) return fail({ kind: 'api_error', message: `${name} printed more than the 1 MB an answer may have` });
  if (extraction.kind !== 'text' || !extraction.text.trim()) return fail({ kind: 'empty', message: `${name} gave an empty answer` });
  return { ok: true, text: extraction.text };
}
