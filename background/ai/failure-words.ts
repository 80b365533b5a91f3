// Any failure of an AI call as the words a person reads: a port's own words pass through, the rest are worded here.
import { AIFailure, AIResponseError } from '../../shared/ai';
import { FailureKind, type Failure } from '../../shared/core/failure';
import { errorText } from '../../shared/util/error-text';

/**
 * The helper words its own failures (`RunError`: message and hint) and the built-in model's port words
 * its own: both arrive as AIFailure and pass on as they are. An unusable answer names the backend.
 */
export function failureOf(error: unknown, backend: string): Failure {
  if (error instanceof AIResponseError) return { kind: error.kind, message: `${backend}'s answer was unusable: ${error.message}` };
  if (error instanceof AIFailure) {
    // The kind is the port's word; one the core does not know is still a failure to ask, never a crash.
    const kind = FailureKind.safeParse(error.kind);
    return { kind: kind.success ? kind.data : 'unavailable', message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return { kind: 'timeout', message: `${backend} gave no answer in time, and the helper did not say why` };
  return { kind: 'unavailable', message: `${backend} could not be asked: ${errorText(error)}` };
}
