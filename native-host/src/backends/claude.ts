// claude (Claude Code): one print-mode turn, no tools, no settings or MCP, JSON result on stdout.
import { join } from 'node:path';
import { CREDENTIAL_WORDS, isRecord, lineMatching, parseJsonLoose, reportedError } from './text-utils.js';
import type { BackendSpec } from './types.js';

/** The JSON result object: a single object, or the last `type: "result"` element of an array. */
function resultRecord(parsed: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(parsed)) {
    const results = parsed.filter((item) => isRecord(item) && item.type === 'result');
    const last = results[results.length - 1];
    return isRecord(last) ? last : undefined;
  }
  return isRecord(parsed) ? parsed : undefined;
}

export const claude: BackendSpec = {
  name: 'claude',
  executable: 'claude',
  installHint: 'install it with `npm install -g @anthropic-ai/claude-code`, or choose another backend in Options',
  loginHint: 'run `claude` once in a terminal and log in',
  authPattern: CREDENTIAL_WORDS,
  requiresModel: false,
  envNames: ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_BASE_URL', 'CLAUDE_CODE_OAUTH_TOKEN', 'CLAUDE_CONFIG_DIR'],
  env: {
    CLAUDE_CODE_MAX_RETRIES: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  },
  // Where `claude migrate-installer` put it before the native installer used ~/.local/bin.
  installDirs: ({ home }) => [join(home, '.claude', 'local')],
  argv(model, ctx) {
    // `--tools=` (not `--tools ""`): a separate empty value would swallow the next word as a tool name.
    const args = ['-p', '--output-format', 'json', '--tools=', '--setting-sources', '', '--strict-mcp-config'];
    args.push('--no-session-persistence', '--max-turns', '1', '--system-prompt', ctx.systemPrompt);
    if (model) args.push('--model', model);
    return args;
  },
  extract({ stdout, stderr }) {
    const record = resultRecord(parseJsonLoose(stdout));
    if (record && typeof record.result === 'string') {
      // `subtype` says success even on failure; only `is_error` is trustworthy.
      if (record.is_error === true) return reportedError(claude, record.result);
      return { kind: 'text', text: record.result };
    }
    const raw = `${stdout}\n${stderr}`;
    if (claude.authPattern.test(raw)) return { kind: 'auth', detail: lineMatching(raw, claude.authPattern) };
    return { kind: 'none' };
  },
};
