// ollama: checks the model is already pulled (`ollama show`) so a run never triggers a download.
import { firstLine } from './text-utils.js';
import type { BackendSpec, Extraction, ProbeOutcome } from './types.js';

const NO_SERVER = /could not connect to ollama|connection refused|is ollama running|ollama server/i;
const SHOW_TIMEOUT_MS = 10_000;

function noServer(detail: string): Extraction & { kind: 'api_error' } {
  return { kind: 'api_error', message: `ollama: server not reachable — start it with \`ollama serve\` (${firstLine(detail)})` };
}

function showFailure(model: string, show: ProbeOutcome): { kind: 'not_installed' | 'api_error'; message: string } {
  const detail = `${show.stderr}\n${show.stdout}`;
  if (show.timedOut) return { kind: 'api_error', message: `ollama: \`ollama show ${model}\` timed out` };
  if (NO_SERVER.test(detail)) return noServer(detail);
  return {
    kind: 'not_installed',
    message: `ollama: model "${model}" is not pulled — run \`ollama pull ${model}\` (${firstLine(detail) || 'ollama show failed'})`,
  };
}

export const ollama: BackendSpec = {
  name: 'ollama',
  executable: 'ollama',
  requiresModel: true,
  async prepare(ctx) {
    const model = ctx.model ?? '';
    const show = await ctx.probe(['show', model], SHOW_TIMEOUT_MS);
    if (show.ok) return { ok: true, data: {} };
    if (show.spawnError) return { ok: false, error: { kind: 'spawn', message: `ollama: ${show.spawnError}` } };
    return { ok: false, error: showFailure(model, show) };
  },
  argv(model) {
    return ['run', model ?? '', '--format', 'json', '--hidethinking', '--nowordwrap'];
  },
  extract({ stdout, stderr }) {
    if (NO_SERVER.test(stderr)) return noServer(stderr);
    return { kind: 'text', text: stdout };
  },
};
