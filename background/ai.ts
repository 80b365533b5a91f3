// AI roles over the native host: the `run` round trip on the backend a call was launched with, and failures in words.
import { AIResponseError, createAIRoles, SYSTEM_PROMPT, type AIRoles } from '../shared/ai';
import type { AITarget } from '../shared/core/host-status';
import type { Failure } from '../shared/messages/failure';
import { HOST_TIMEOUT_GRACE_MS } from '../shared/protocol/frames';
import type { NativeChannel } from './native-channel';
import { errorText } from '../shared/util/error-text';

/** A failure with its words, carried as an exception through the role parsers. */
export class BackendFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = 'BackendFailure';
  }
}

const PARSE_KINDS = { empty: 'empty_response', no_json: 'no_json', parse: 'parse', invalid: 'invalid' } as const;

/**
 * Any failure of a role on `backend` as the words a person reads. The host words its own failures
 * (`RunError`: message and hint) and they are passed on as they are; only what happens on this side
 * of the helper is worded here.
 */
export function describeFailure(error: unknown, backend: string): Failure {
  if (error instanceof BackendFailure) return error.failure;
  if (error instanceof AIResponseError)
    return { kind: PARSE_KINDS[error.kind], message: `${backend}'s answer was unusable: ${error.message}` };
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'timeout', message: `${backend} gave no answer in time, and the helper did not say why` };
  }
  return { kind: 'unavailable', message: `${backend} could not be asked: ${errorText(error)}` };
}

/** Completes one prompt on `target` through the host; throws BackendFailure on every kind of failure. */
export async function completeOnHost(
  channel: NativeChannel,
  target: AITarget,
  prompt: string,
  timeoutMs: number,
): Promise<{ text: string; ms: number }> {
  let result;
  try {
    result = await channel.run(target.backend, target.model, `${SYSTEM_PROMPT}\n\n${prompt}`, timeoutMs);
  } catch (error) {
    const message = `${target.backend} could not be asked: the helper did not answer (${errorText(error)})`;
    throw new BackendFailure({ kind: 'unavailable', message, hint: 'Options → Helper → Diagnostics says why; Reconnect tries again' });
  }
  if (!result.ok) throw new BackendFailure(result.error);
  return { text: result.text, ms: result.ms };
}

/** The AI roles on one backend and model, each call under the run's timeout (the host's answers first). */
export function hostRolesOn(channel: NativeChannel, target: AITarget, timeoutMs: number): AIRoles {
  return createAIRoles(async (prompt) => (await completeOnHost(channel, target, prompt, timeoutMs)).text);
}

/** The extension gives up a grace period after the run's own timeout, by which the host has answered. */
export const aiSignal = (timeoutMs: number): AbortSignal => AbortSignal.timeout(timeoutMs + HOST_TIMEOUT_GRACE_MS);
