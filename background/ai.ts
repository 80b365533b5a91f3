// AI roles over the native host: the `run` round trip on the active backend, and failures in words.
import { AIResponseError, createAIRoles, SYSTEM_PROMPT, type AIRoles } from '../shared/ai';
import { chooseBackend, type HostConnection } from '../shared/core/host-status';
import type { Failure } from '../shared/messages/failure';
import type { RunErrorKind } from '../shared/protocol/frames';
import type { Settings } from '../shared/core/settings';
import type { NativeChannel } from './native-channel';
import { errorText } from '../shared/util/error-text';

/** A backend failure carried as an exception through the role parsers. */
export class BackendFailure extends Error {
  constructor(
    readonly kind: RunErrorKind | 'unavailable',
    message: string,
    readonly backend: string | null,
  ) {
    super(message);
    this.name = 'BackendFailure';
  }
}

const LOGIN_HINTS: Record<string, string> = {
  claude: 'run `claude` once in a terminal and log in',
  codex: 'run `codex login` in a terminal',
  gemini: 'run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY',
  qwen: 'run `qwen` once in a terminal and sign in',
  ollama: 'start the server with `ollama serve` and pull the model',
  llm: 'set a key with `llm keys set`',
};

function hintFor(error: BackendFailure, host: HostConnection): string | undefined {
  switch (error.kind) {
    case 'auth':
      return LOGIN_HINTS[error.backend ?? ''] ?? 'log in to the backend in a terminal';
    case 'not_installed':
      return 'install it, or pick another backend in Options';
    case 'timeout':
      return 'raise the timeout in Options, or try a faster model';
    case 'unavailable':
      return host.connection === 'missing' ? 'install the native host — see Options' : 'see Options for the host status';
    default:
      return undefined;
  }
}

/** Turns any failure of a role into what diagnostics and the options page show. */
export function describeFailure(error: unknown, host: HostConnection): Failure {
  if (error instanceof BackendFailure) {
    const hint = hintFor(error, host);
    return { kind: error.kind, message: `${error.backend ?? 'AI'}: ${error.message}`, ...(hint ? { hint } : {}) };
  }
  if (error instanceof AIResponseError) {
    const kinds = { empty: 'empty_response', no_json: 'no_json', parse: 'parse', invalid: 'invalid' } as const;
    return { kind: kinds[error.kind], message: `the model's answer was unusable: ${error.message}` };
  }
  return { kind: 'unavailable', message: errorText(error) };
}

/** One line for diagnostics: kind, message and hint. */
export function failureLine(failure: Failure): string {
  return `${failure.kind}: ${failure.message}${failure.hint ? ` (${failure.hint})` : ''}`;
}

export interface AIContext {
  channel: NativeChannel;
  /** The settings and host status now (they change while a session runs). */
  inputs(): { settings: Settings; host: HostConnection };
}

/** Completes one prompt on the active backend; throws BackendFailure on every kind of failure. */
export async function completeOnHost(
  ctx: AIContext,
  prompt: string,
  signal: AbortSignal,
  override?: { backend?: string; model?: string },
): Promise<{ text: string; ms: number; backend: string }> {
  const { settings, host } = ctx.inputs();
  const backend = override?.backend ?? chooseBackend(settings, host);
  if (!backend) {
    const why =
      host.connection === 'connected'
        ? settings.backend
          ? `${settings.backend} is not available`
          : 'no AI backend was found on this computer'
        : `the native host is ${host.connection === 'missing' ? 'not installed' : 'not connected'}`;
    throw new BackendFailure('unavailable', why, null);
  }
  if (signal.aborted) throw new BackendFailure('timeout', 'cancelled', backend);
  const model = override?.model ?? (settings.model || undefined);
  let result;
  try {
    result = await ctx.channel.run(backend, model, `${SYSTEM_PROMPT}\n\n${prompt}`, settings.aiTimeoutSeconds * 1000);
  } catch (error) {
    throw new BackendFailure('unavailable', errorText(error), backend);
  }
  if (!result.ok) throw new BackendFailure(result.error.kind, result.error.message, backend);
  return { text: result.text, ms: result.ms, backend };
}

export function createHostRoles(ctx: AIContext): AIRoles {
  return createAIRoles(async (prompt, signal) => (await completeOnHost(ctx, prompt, signal)).text);
}
