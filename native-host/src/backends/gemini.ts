// gemini: headless JSON run with a deny-everything policy file, no extensions and no MCP servers.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CREDENTIAL_WORDS, isRecord, lineMatching, parseJsonLoose, quoted, reportedError } from './text-utils.js';
import type { BackendSpec, Extraction } from './types.js';

export const GEMINI_POLICY_FILE = 'gemini-deny-all.toml';
/** `priority` is required since gemini 0.5x (0–999 within the file's tier); without it the whole file is ignored. */
export const GEMINI_DENY_ALL_POLICY = `# Written by the antidrift host: every tool is denied.
[[rule]]
toolName = "*"
decision = "deny"
priority = 999
`;
/** gemini's exit codes for "no auth configured" and "401 from the server". */
const AUTH_EXIT_CODES = new Set([41, 145]);
/** gemini goes on without a policy file it cannot read: an answer given then ran with its default tools. */
const POLICY_REJECTED = /policy file error/i;

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
  return reportedError(gemini, text, code === 401 || code === 403 || (typeof type === 'string' && /auth/i.test(type)));
}

export const gemini: BackendSpec = {
  name: 'gemini',
  executable: 'gemini',
  installHint: 'install it with `npm install -g @google/gemini-cli`, or choose another backend in Options',
  loginHint: 'run `gemini` once in a terminal to sign in, or set GEMINI_API_KEY',
  authPattern: CREDENTIAL_WORDS,
  defaultModel: 'gemini-2.5-flash',
  requiresModel: true,
  envNames: [
    'GEMINI_API_KEY',
    'GOOGLE_API_KEY',
    'GOOGLE_CLOUD_PROJECT',
    'GOOGLE_CLOUD_LOCATION',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'GOOGLE_GENAI_USE_VERTEXAI',
    'GOOGLE_GENAI_USE_GCA',
  ],
  env: { GEMINI_CLI_NO_RELAUNCH: 'true' },
  async prepare(ctx) {
    try {
      return { ok: true, data: { policyFile: ensureGeminiPolicy(ctx.dataDir) } };
    } catch (err) {
      return {
        ok: false,
        error: { kind: 'spawn', message: `gemini could not be prepared: its policy file could not be written (${(err as Error).message})` },
      };
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
    if (POLICY_REJECTED.test(stderr)) {
      return {
        kind: 'api_error',
        message: `gemini did not accept antidrift's deny-all tool policy${quoted(lineMatching(stderr, POLICY_REJECTED))}, so its answer was not used`,
        hint: 'choose another backend in Options until the native host is updated for this gemini version',
      };
    }
    if (exitCode !== null && AUTH_EXIT_CODES.has(exitCode)) {
      const message = stderrErrorRecord(stderr)?.message;
      return { kind: 'auth', detail: typeof message === 'string' ? message : lineMatching(stderr, gemini.authPattern) };
    }
    const parsed = parseJsonLoose(stdout);
    if (isRecord(parsed) && typeof parsed.response === 'string') return { kind: 'text', text: parsed.response };
    return stderrError(stderr) ?? { kind: 'none' };
  },
};
