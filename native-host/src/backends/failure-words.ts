// The sentences a person reads when a backend fails: who failed, what happened, in the CLI's own words, and what to do.
import type { RunError } from '../../../shared/protocol/frames.js';
import { quoted } from './text-utils.js';
import type { BackendSpec } from './types.js';

export const TIMEOUT_HINT = 'raise the timeout in Options, or choose a faster model';

/** It says the person is not logged in (or its key was refused). */
export function notLoggedIn(spec: Pick<BackendSpec, 'name' | 'loginHint'>, detail: string): RunError {
  return { kind: 'auth', message: `${spec.name} is not logged in${quoted(detail)}`, hint: spec.loginHint };
}

/** Its executable is nowhere to be found (`problem` says where the host looked). */
export function notInstalled(spec: Pick<BackendSpec, 'name' | 'installHint'>, problem: string): RunError {
  return { kind: 'not_installed', message: `${spec.name} is not installed here (${problem})`, hint: spec.installHint };
}

/** "gave no answer within 30 s", to follow a backend's name or what it said first. */
export function noAnswerPhrase(timeoutMs: number): string {
  return `gave no answer within ${Math.round(timeoutMs / 1000)} s`;
}

export function noAnswerWithin(name: string, timeoutMs: number): RunError {
  return { kind: 'timeout', message: `${name} ${noAnswerPhrase(timeoutMs)}`, hint: TIMEOUT_HINT };
}

/** A `run` for a name the host has no backend for (reported like a missing CLI). */
export function unknownBackend(name: string, builtins: readonly string[], configPath: string): RunError {
  return {
    kind: 'not_installed',
    message: `the native host knows no backend “${name}”`,
    hint: `choose one of ${builtins.join(', ')} in Options, or define it under "custom" in ${configPath}`,
  };
}

/** The model a run would use cannot be passed: none where one is needed, or one a CLI would read as an option. */
export function unusableModel(name: string, model: string | undefined): RunError {
  return model
    ? { kind: 'bad_request', message: `the model “${model}” may not start with “-”` }
    : { kind: 'bad_request', message: `${name} needs a model`, hint: "name one in Options, or in the native host's host.json" };
}
