// gemini: headless JSON run with a deny-everything policy file, no extensions and no MCP servers.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authOrApiError, firstLine, isRecord, parseJsonLoose } from './text-utils.js';
import type { BackendSpec, Extraction } from './types.js';

export const GEMINI_POLICY_FILE = 'gemini-deny-all.toml';
export const GEMINI_DENY_ALL_POLICY = `# Written by the antidrift host: every tool is denied.
[[rule]]
toolName = "*"
decision = "deny"
`;
const AUTH_HINT = 'gemini: not signed in — run `gemini` once in a terminal to sign in, or set GEMINI_API_KEY';
/** gemini's exit codes for "no auth configured" and "401 from the server". */
const AUTH_EXIT_CODES = new Set([41, 145]);

/** Writes the policy file unless an identical one is already there. */
export function ensureGeminiPolicy(dataDir: string): string {
  const path = join(dataDir, GEMINI_POLICY_FILE);
  let current: string | undefined;
  try {
    current = readFileSync(path, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== GEMINI_DENY_ALL_POLICY) {
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, GEMINI_DENY_ALL_POLICY, { mode: 0o600 });
    renameSync(temp, path);
  }
  return path;
}

/** gemini reports failures as `{error: {type, message, code}}` on stderr. */
function stderrErrorRecord(stderr: string): Record<string, unknown> | undefined {
  const parsed = parseJsonLoose(stderr);
  return isRecord(parsed) && isRecord(parsed.error) ? parsed.error : undefined;
}

function stderrError(stderr: string): Extraction | undefined {
  const error = stderrErrorRecord(stderr);
  if (!error) return undefined;
  const { message, type, code } = error;
  const text = typeof message === 'string' ? message : 'unknown error';
  return authOrApiError('gemini', AUTH_HINT, text, '', code === 401 || code === 403 || (typeof type === 'string' && /auth/i.test(type)));
}

export const gemini: BackendSpec = {
  name: 'gemini',
  executable: 'gemini',
  requiresModel: true,
  env: { GEMINI_CLI_NO_RELAUNCH: 'true' },
  async prepare(ctx) {
    try {
      return { ok: true, data: { policyFile: ensureGeminiPolicy(ctx.dataDir) } };
    } catch (err) {
      return { ok: false, error: { kind: 'spawn', message: `gemini: cannot write its policy file: ${(err as Error).message}` } };
    }
  },
  argv(model, ctx) {
    if (!ctx.prepared.policyFile) throw new Error('gemini needs its policy file prepared first');
    // `-p ""` selects headless mode; the prompt itself comes on stdin.
    const args = ['-p', '', '-o', 'json', '-m', model ?? '', '--skip-trust', '--policy', ctx.prepared.policyFile];
    args.push('-e', 'none', '--allowed-mcp-server-names', '__none__');
    return args;
  },
  extract({ stdout, stderr, exitCode }) {
    if (exitCode !== null && AUTH_EXIT_CODES.has(exitCode)) {
      const message = stderrErrorRecord(stderr)?.message;
      const detail = typeof message === 'string' ? firstLine(message) : firstLine(stderr);
      return { kind: 'auth', message: detail ? `${AUTH_HINT} (${detail})` : AUTH_HINT };
    }
    const parsed = parseJsonLoose(stdout);
    if (isRecord(parsed) && typeof parsed.response === 'string') return { kind: 'text', text: parsed.response };
    return stderrError(stderr) ?? { kind: 'none' };
  },
};
