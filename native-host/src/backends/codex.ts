// codex exec: ephemeral read-only run, tool-ish features disabled when this version lists them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeCodexFeatures } from './codex-features.js';
import { authOrApiError, firstLine, isRecord } from './text-utils.js';
import type { BackendSpec } from './types.js';

const LAST_MESSAGE_FILE = 'last-message.txt';
const AUTH_HINT = 'codex: not logged in — run `codex login` in a terminal';

function readLastMessageFile(workDir: string): string | undefined {
  try {
    return readFileSync(join(workDir, LAST_MESSAGE_FILE), 'utf8');
  } catch {
    return undefined;
  }
}

export const codex: BackendSpec = {
  name: 'codex',
  executable: 'codex',
  requiresModel: false,
  async prepare(ctx) {
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
        failure ??= event.message;
      }
    }
    if (answer !== undefined) return { kind: 'text', text: answer };
    if (failure !== undefined) return authOrApiError('codex', AUTH_HINT, failure, 'turn failed');
    const fromFile = readLastMessageFile(ctx.workDir);
    if (fromFile !== undefined && fromFile.trim()) return { kind: 'text', text: fromFile };
    if (/not logged in|codex login/i.test(stderr)) return { kind: 'auth', message: `${AUTH_HINT} (${firstLine(stderr)})` };
    return { kind: 'none' };
  },
};
