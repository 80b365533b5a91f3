// ollama: checks the model is already pulled (`ollama show`) so a run never triggers a download.
import { join } from 'node:path';
import { lineMatching, quoted } from './text-utils.js';
import type { BackendSpec, Extraction, ProbeOutcome } from './types.js';
import type { RunError } from '../../../shared/protocol/frames.js';

const NO_SERVER = /could not connect to ollama|connection refused|is ollama running|ollama server/i;
const SHOW_TIMEOUT_MS = 10_000;
const SERVER_HINT = 'start it with `ollama serve` in a terminal, or open the Ollama app';

function noServer(detail: string): Extraction & { kind: 'api_error' } {
  return { kind: 'api_error', message: `ollama's server is not running${quoted(lineMatching(detail, NO_SERVER))}`, hint: SERVER_HINT };
}

function showFailure(model: string, show: ProbeOutcome): RunError {
  const detail = `${show.stderr}\n${show.stdout}`;
  if (show.timedOut) return { kind: 'api_error', message: `ollama did not answer \`ollama show ${model}\` within 10 s`, hint: SERVER_HINT };
  if (NO_SERVER.test(detail)) return noServer(detail);
  return {
    kind: 'not_installed',
    message: `ollama does not have the model “${model}”${quoted(detail)}`,
    hint: `run \`ollama pull ${model}\` in a terminal, or name a model you have in Options`,
  };
}

export const ollama: BackendSpec = {
  name: 'ollama',
  executable: 'ollama',
  installHint: 'install it from ollama.com, or choose another backend in Options',
  loginHint: 'check OLLAMA_HOST and that its server accepts this computer',
  authPattern: /\b401\b|\b403\b|unauthori[sz]ed/i,
  defaultModel: 'llama3.2',
  requiresModel: true,
  envNames: ['OLLAMA_HOST'],
  installDirs: ({ env, platform }) =>
    platform === 'win32'
      ? [env.LOCALAPPDATA && join(env.LOCALAPPDATA, 'Programs', 'Ollama')]
      : platform === 'darwin'
        ? ['/Applications/Ollama.app/Contents/Resources']
        : [],
  async prepare(ctx) {
    const model = ctx.model ?? '';
    const show = await ctx.probe(['show', model], SHOW_TIMEOUT_MS);
    if (show.ok) return { ok: true, data: {} };
    if (show.spawnError) return { ok: false, error: { kind: 'spawn', message: `ollama could not be started (${show.spawnError})` } };
    return { ok: false, error: showFailure(model, show) };
  },
  argv(model) {
    return ['run', model ?? '', '--format', 'json', '--hidethinking', '--nowordwrap'];
  },
  extract({ stdout, stderr }) {
    if (NO_SERVER.test(stderr)) return noServer(stderr);
    if (ollama.authPattern.test(stderr)) return { kind: 'auth', detail: lineMatching(stderr, ollama.authPattern) };
    return { kind: 'text', text: stdout };
  },
};
