// codex exec: ephemeral read-only run, tool-ish features disabled when this version lists them, the login checked first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notLoggedIn } from './failure-words.js';
import { CREDENTIAL_WORDS, isRecord, lineMatching, reportedError } from './text-utils.js';
import type { BackendSpec, PrepareContext } from './types.js';

const LAST_MESSAGE_FILE = 'last-message.txt';
/** Keys codex uses instead of a login. */
const KEY_NAMES = ['OPENAI_API_KEY', 'CODEX_API_KEY'] as const;
/** How long a successful `codex login status` is trusted; a failed one is asked again at the next run. */
const LOGIN_TRUSTED_MS = 10 * 60_000;
const loggedInAt = new Map<string, number>();

function readLastMessageFile(workDir: string): string | undefined {
  try {
    return readFileSync(join(workDir, LAST_MESSAGE_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Without credentials codex exec still dials OpenAI and retries for half a minute before it says
 * "Connection failed"; `codex login status` says "Not logged in" in a third of a second.
 */
async function loginProblem(ctx: PrepareContext): Promise<string | null> {
  if (KEY_NAMES.some((name) => ctx.env[name])) return null;
  const trustedSince = loggedInAt.get(ctx.binPath);
  if (trustedSince !== undefined && Date.now() - trustedSince < LOGIN_TRUSTED_MS) return null;
  const status = await ctx.probe(['login', 'status'], 10_000);
  const said = `${status.stdout}\n${status.stderr}`;
  if (status.ok) {
    loggedInAt.set(ctx.binPath, Date.now());
    return null;
  }
  loggedInAt.delete(ctx.binPath);
  // A codex too old for `login status` (or a probe that timed out) proves nothing: let the run speak.
  return /not logged in/i.test(said) ? lineMatching(said, /not logged in/i) : null;
}

export const codex: BackendSpec = {
  name: 'codex',
  executable: 'codex',
  installHint: 'install it with `npm install -g @openai/codex`, or choose another backend in Options',
  loginHint: 'run `codex login` in a terminal',
  authPattern: new RegExp(`${CREDENTIAL_WORDS.source}|codex login|incorrect api key`, 'i'),
  requiresModel: false,
  envNames: [...KEY_NAMES, 'OPENAI_BASE_URL', 'CODEX_HOME'],
  async prepare(ctx) {
    const problem = await loginProblem(ctx);
    if (problem !== null) return { ok: false, error: notLoggedIn(codex, problem) };
    // Its cache's schema (zod) loads with the first codex run, not with every helper's start.
    const { probeCodexFeatures } = await import('./codex-features.js');
    return { ok: true, data: { disableFeatures: await probeCodexFeatures(ctx) } };
  },
  argv(model, ctx) {
    const args = ['exec', '--json', '--skip-git-repo-check', '--ephemeral', '--ignore-user-config', '--ignore-rules'];
    args.push('--color', 'never', '--sandbox', 'read-only');
    args.push('-c', 'approval_policy="never"', '-c', 'project_doc_max_bytes=0', '-c', 'web_search="disabled"');
    for (const feature of ctx.prepared.disableFeatures ?? []) args.push('--disable', feature);
    args.push('-o', join(ctx.workDir, LAST_MESSAGE_FILE));
    if (model) args.push('-m', model);
    args.push('-');
    return args;
  },
  extract({ stdout, stderr }, ctx) {
    let answer: string | undefined;
    let failure: string | undefined;
    for (const line of stdout.split('\n')) {
      if (!line.trim().startsWith('{')) continue;
      let event: unknown;
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      if (!isRecord(event)) continue;
      const item = event.item;
      if (event.type === 'item.completed' && isRecord(item) && item.type === 'agent_message' && typeof item.text === 'string') {
        answer = item.text;
      } else if (event.type === 'turn.failed' && isRecord(event.error) && typeof event.error.message === 'string') {
        failure = event.error.message;
      } else if (event.type === 'error' && typeof event.message === 'string') {
        // "Reconnecting... 2/5 (…)": the newest says most, and a turn.failed that follows says more.
        failure = event.message;
      }
    }
    if (answer !== undefined) return { kind: 'text', text: answer };
    if (failure !== undefined) return reportedError(codex, failure);
    const fromFile = readLastMessageFile(ctx.workDir);
    if (fromFile !== undefined && fromFile.trim()) return { kind: 'text', text: fromFile };
    if (/not logged in|codex login/i.test(stderr)) return { kind: 'auth', detail: lineMatching(stderr, /not logged in|codex login/i) };
    return { kind: 'none' };
  },
};
