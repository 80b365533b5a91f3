// AI roles over the native host: backend choice, the `run` round trip, and failures in words.
import { AIResponseError, createAIRoles, SYSTEM_PROMPT, type AIRoles } from '../../shared/ai';
import type { AIFailure } from '../../shared/messages';
import { BUILTIN_BACKENDS, type BackendInfo, type RunErrorKind } from '../../shared/protocol';
import type { Settings } from '../../shared/settings';
import type { ChannelStatus, NativeChannel } from './native-channel';

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

/** The chosen backend if available, else the first available in the documented order, else customs. */
export function chooseBackend(settings: Settings, status: ChannelStatus): string | null {
  if (status.connection !== 'connected') return null;
  const available = status.backends.filter((b) => b.available);
  if (settings.backend) return available.some((b) => b.name === settings.backend) ? settings.backend : null;
  const order = (b: BackendInfo) => {
    const i = (BUILTIN_BACKENDS as readonly string[]).indexOf(b.name);
    return i === -1 ? BUILTIN_BACKENDS.length : i;
  };
  return [...available].sort((a, b) => order(a) - order(b))[0]?.name ?? null;
}

const LOGIN_HINTS: Record<string, string> = {
  claude: 'run `claude` once in a terminal and log in',
  codex: 'run `codex login` in a terminal',
  gemini: 'run `gemini` once in a terminal and sign in, or set GEMINI_API_KEY',
  qwen: 'run `qwen` once in a terminal and sign in',
  ollama: 'start the server with `ollama serve` and pull the model',
  llm: 'set a key with `llm keys set`',
};

/** Turns any failure of a role into what diagnostics and the options page show. */
export function describeFailure(error: unknown, status: ChannelStatus): AIFailure {
  if (error instanceof BackendFailure) {
    const who = error.backend ?? 'AI';
    const hint =
      error.kind === 'auth'
        ? LOGIN_HINTS[error.backend ?? ''] ?? 'log in to the backend in a terminal'
        : error.kind === 'not_installed'
          ? 'install it, or pick another backend in Options'
          : error.kind === 'timeout'
            ? 'raise the timeout in Options, or try a faster model'
            : error.kind === 'unavailable'
              ? status.connection === 'missing'
                ? 'install the native host — see Options'
                : 'see Options for the host status'
              : undefined;
    return { kind: error.kind, message: `${who}: ${error.message}`, ...(hint ? { hint } : {}) };
  }
  if (error instanceof AIResponseError) {
    const kinds = { empty: 'empty_response', no_json: 'no_json', parse: 'parse', invalid: 'invalid' } as const;
    return { kind: kinds[error.kind], message: `the model's answer was unusable: ${error.message}` };
  }
  return { kind: 'unavailable', message: error instanceof Error ? error.message : String(error) };
}

export interface AIContext {
  channel: NativeChannel;
  settings(): Settings;
}

/** Completes one prompt on the active backend; throws BackendFailure on every kind of failure. */
export async function completeOnHost(ctx: AIContext, prompt: string, signal: AbortSignal, override?: { backend?: string; model?: string }): Promise<{ text: string; ms: number; backend: string }> {
  const settings = ctx.settings();
  const status = ctx.channel.current;
  const backend = override?.backend ?? chooseBackend(settings, status);
  if (!backend) {
    const why =
      status.connection === 'connected'
        ? settings.backend
          ? `${settings.backend} is not available`
          : 'no AI backend was found on this computer'
        : `the native host is ${status.connection === 'missing' ? 'not installed' : 'not connected'}`;
    throw new BackendFailure('unavailable', why, null);
  }
  if (signal.aborted) throw new BackendFailure('timeout', 'cancelled', backend);
  const model = override?.model ?? (settings.model || undefined);
  let result;
  try {
    result = await ctx.channel.run(backend, model, `${SYSTEM_PROMPT}\n\n${prompt}`, settings.aiTimeoutSeconds * 1000);
  } catch (error) {
    throw new BackendFailure('unavailable', error instanceof Error ? error.message : String(error), backend);
  }
  if (!result.ok) throw new BackendFailure(result.error.kind, result.error.message, backend);
  return { text: result.text, ms: result.ms, backend };
}

export function createHostRoles(ctx: AIContext): AIRoles {
  return createAIRoles(async (prompt, signal) => (await completeOnHost(ctx, prompt, signal)).text);
}
