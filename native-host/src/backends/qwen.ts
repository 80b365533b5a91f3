// qwen (Qwen Code): bare one-turn JSON run; failures arrive inside the result element (`.result` or `.error`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_WORDS, isRecord, lineMatching, parseJsonLoose, reportedError } from './text-utils.js';
import type { BackendSpec, Extraction } from './types.js';

const API_ERROR_PREFIX = '[API Error:';
const KEY_NAMES = ['OPENAI_API_KEY', 'DASHSCOPE_API_KEY'] as const;

/** The auth type qwen's own settings select (`/auth` writes it), if any. */
export function qwenSelectedAuthType(home: string | undefined): string | undefined {
  if (!home) return undefined;
  try {
    const settings: unknown = JSON.parse(readFileSync(join(home, '.qwen', 'settings.json'), 'utf8'));
    const security = isRecord(settings) ? settings.security : undefined;
    const auth = isRecord(security) ? security.auth : undefined;
    const selected = isRecord(auth) ? auth.selectedType : undefined;
    return typeof selected === 'string' && selected ? selected : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `--auth-type`: host.json's, else none when qwen's own settings choose one, else `openai` when a key
 * is in the environment, else none (qwen then says no auth type is selected). Never `qwen-oauth`
 * by default: that free tier ended on 2026-04-15.
 */
export function qwenAuthType(configured: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (configured) return configured;
  if (qwenSelectedAuthType(env.HOME ?? env.USERPROFILE)) return undefined;
  return KEY_NAMES.some((name) => env[name]) ? 'openai' : undefined;
}

function resultOf(parsed: unknown): Record<string, unknown> | undefined {
  const items = Array.isArray(parsed) ? parsed : [parsed];
  for (let i = items.length - 1; i >= 0; i--) {
    const item: unknown = items[i];
    if (isRecord(item) && item.type === 'result') return item;
  }
  return undefined;
}

function failureOf(result: Record<string, unknown>): Extraction | undefined {
  const error = isRecord(result.error) && typeof result.error.message === 'string' ? result.error.message : undefined;
  const text = typeof result.result === 'string' ? result.result : undefined;
  // qwen exits 0 on API failures: the only signals are this prefix, is_error and an `error` object.
  if (error !== undefined) return reportedError(qwen, error);
  if (text !== undefined && (text.trimStart().startsWith(API_ERROR_PREFIX) || result.is_error === true)) return reportedError(qwen, text);
  if (result.is_error === true) return reportedError(qwen, '');
  return undefined;
}

export const qwen: BackendSpec = {
  name: 'qwen',
  executable: 'qwen',
  installHint: 'install it with `npm install -g @qwen-code/qwen-code`, or choose another backend in Options',
  loginHint: 'run `qwen` in a terminal and choose a provider with /auth, or set authType and a key in host.json',
  authPattern: new RegExp(`${CREDENTIAL_WORDS.source}|no auth type|run /auth|free tier was discontinued`, 'i'),
  requiresModel: false,
  envNames: [...KEY_NAMES, 'OPENAI_BASE_URL', 'OPENAI_MODEL'],
  env: { QWEN_CODE_NO_RELAUNCH: 'true' },
  async prepare(ctx) {
    const authType = qwenAuthType(ctx.settings.authType, ctx.env);
    return { ok: true, data: authType ? { authType } : {} };
  },
  argv(model, ctx) {
    const args = ['--bare'];
    if (ctx.prepared.authType) args.push('--auth-type', ctx.prepared.authType);
    if (model) args.push('-m', model);
    args.push('--exclude-tools', 'read_file,edit,run_shell_command', '--chat-recording', 'false');
    args.push('--max-session-turns', '1', '--system-prompt', ctx.systemPrompt, '-o', 'json');
    return args;
  },
  extract({ stdout, stderr }) {
    const result = resultOf(parseJsonLoose(stdout));
    if (result) {
      const failure = failureOf(result);
      if (failure) return failure;
      if (typeof result.result === 'string') return { kind: 'text', text: result.result };
    }
    if (qwen.authPattern.test(stderr)) return { kind: 'auth', detail: lineMatching(stderr, qwen.authPattern) };
    return { kind: 'none' };
  },
};
