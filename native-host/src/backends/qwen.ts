// qwen (Qwen Code): bare one-turn JSON run; API errors arrive with exit 0 inside `.result`.
import { AUTH_PATTERN } from './defaults.js';
import { authOrApiError, firstLine, isRecord, parseJsonLoose } from './text-utils.js';
import type { BackendSpec } from './types.js';

const AUTH_HINT = 'qwen: not authenticated — run `qwen` once in a terminal, or set authType/keys in host.json';
const API_ERROR_PREFIX = '[API Error:';

/** `--auth-type` when host.json sets none: an OpenAI-compatible key if one is present, else Qwen OAuth. */
export function defaultQwenAuthType(env: NodeJS.ProcessEnv): string {
  return env.OPENAI_API_KEY || env.DASHSCOPE_API_KEY ? 'openai' : 'qwen-oauth';
}

function resultOf(parsed: unknown): Record<string, unknown> | undefined {
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (let i = items.length - 1; i >= 0; i--) {
    const item: unknown = items[i];
    if (isRecord(item) && item.type === 'result') return item;
  }
  return undefined;
}

export const qwen: BackendSpec = {
  name: 'qwen',
  executable: 'qwen',
  requiresModel: true,
  env: { QWEN_CODE_NO_RELAUNCH: 'true' },
  argv(model, ctx) {
    const args = ['--bare', '--auth-type', ctx.authType ?? 'qwen-oauth', '-m', model ?? ''];
    args.push('--exclude-tools', 'read_file,edit,run_shell_command', '--chat-recording', 'false');
    args.push('--max-session-turns', '1', '--system-prompt', ctx.systemPrompt, '-o', 'json');
    return args;
  },
  extract({ stdout, stderr }) {
    const result = resultOf(parseJsonLoose(stdout));
    if (result && typeof result.result === 'string') {
      // qwen exits 0 on API failures; the only signal is this prefix (or is_error).
      if (result.result.trimStart().startsWith(API_ERROR_PREFIX) || result.is_error === true) {
        return authOrApiError('qwen', AUTH_HINT, result.result, '');
      }
      return { kind: 'text', text: result.result };
    }
    if (AUTH_PATTERN.test(stderr)) return { kind: 'auth', message: `${AUTH_HINT} (${firstLine(stderr)})` };
    return { kind: 'none' };
  },
};
