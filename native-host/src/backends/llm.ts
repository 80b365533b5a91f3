// llm (Simon Willison's CLI): one non-streaming prompt, not logged to its database.
import { reportedError } from './text-utils.js';
import type { BackendSpec } from './types.js';

export const llm: BackendSpec = {
  name: 'llm',
  executable: 'llm',
  installHint: 'install it with `pipx install llm` (or `brew install llm`), or choose another backend in Options',
  loginHint: 'set a key with `llm keys set <provider>` in a terminal',
  authPattern: /no key found|api key|\b401\b|unauthori[sz]ed|authentication/i,
  defaultModel: 'gpt-4o-mini',
  requiresModel: true,
  // llm reads its keys from its own folder; these are the keys and the folder it also honours.
  envNames: ['LLM_USER_PATH', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GEMINI_API_KEY'],
  argv(model, ctx) {
    return ['prompt', '-m', model ?? '', '--no-stream', '-n', '-s', ctx.systemPrompt];
  },
  extract({ stdout, stderr }) {
    const errorLine = stderr.split('\n').find((line) => line.trim().startsWith('Error:'));
    if (errorLine) return reportedError(llm, errorLine.trim().replace(/^Error:\s*/, ''));
    return { kind: 'text', text: stdout };
  },
};
