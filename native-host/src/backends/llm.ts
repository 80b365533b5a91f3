// llm (Simon Willison's CLI): one non-streaming prompt, not logged to its database.
import { firstLine } from './text-utils.js';
import type { BackendSpec } from './types.js';

const NO_KEY = /no key found|api key|\b401\b|unauthori[sz]ed|authentication/i;

export const llm: BackendSpec = {
  name: 'llm',
  executable: 'llm',
  requiresModel: true,
  argv(model, ctx) {
    return ['prompt', '-m', model ?? '', '--no-stream', '-n', '-s', ctx.systemPrompt];
  },
  extract({ stdout, stderr }) {
    const errorLine = stderr.split('\n').find((line) => line.trim().startsWith('Error:'));
    if (errorLine) {
      if (NO_KEY.test(errorLine)) {
        return { kind: 'auth', message: `llm: no API key — run \`llm keys set <provider>\` (${firstLine(errorLine)})` };
      }
      return { kind: 'api_error', message: `llm: ${firstLine(errorLine)}` };
    }
    return { kind: 'text', text: stdout };
  },
};
