// A failure as the one sentence a person reads, on every surface: what happened, then what to do.
import type { Failure } from './failure';

export function failureText(failure: Pick<Failure, 'message' | 'hint'>): string {
  return failure.hint ? `${failure.message} — ${failure.hint}` : failure.message;
}
