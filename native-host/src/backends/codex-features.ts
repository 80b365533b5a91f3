// Which `--disable` feature names this codex version accepts: `codex features list`, cached per version.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import type { PrepareContext } from './types.js';

/** Features that give the model tools, memory, network retries forever or extra agents. */
export const CODEX_FEATURES_TO_DISABLE = [
  'unbounded_connection_retries',
  'shell_tool',
  'unified_exec',
  'shell_snapshot',
  'apply_patch_freeform',
  'view_image_tool',
  'web_search_request',
  'web_search_cached',
  'rmcp_client',
  'js_repl',
  'memory',
  'memories',
  'skills',
  'apps',
  'collab',
  'multi_agent',
  'child_agents_md',
  'request_user_input',
  'ghost_commit',
  'undo',
] as const;

// v2: removed and off-and-deprecated features are no longer listed (a v1 cache would still pass them).
const CACHE_FILE = 'codex-features-v2.json';
const FeatureCache = z.object({ version: z.string(), features: z.array(z.string()) });
type FeatureCache = z.infer<typeof FeatureCache>;

/**
 * Feature names from `codex features list` output (`name  stage  enabled` rows). A removed feature, or a
 * deprecated one that is off, is left out: disabling it does nothing but make codex print a warning.
 */
export function parseFeatureList(stdout: string): string[] {
  const names: string[] = [];
  for (const line of stdout.split('\n')) {
    const [name = '', ...rest] = line.trim().split(/\s+/);
    if (!/^[a-z][a-z0-9_]*$/.test(name)) continue;
    const enabled = rest.at(-1);
    const stage = rest.slice(0, -1).join(' ');
    if (stage === 'removed' || (stage === 'deprecated' && enabled === 'false')) continue;
    names.push(name);
  }
  return names;
}

function readCache(dataDir: string): FeatureCache | undefined {
  try {
    const parsed = FeatureCache.safeParse(JSON.parse(readFileSync(join(dataDir, CACHE_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(dataDir: string, cache: FeatureCache): void {
  const target = join(dataDir, CACHE_FILE);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(cache), { mode: 0o600 });
    renameSync(temp, target);
  } catch {
    // A cache we cannot write only costs one more probe next time.
  }
}

async function listedFeatures(ctx: PrepareContext): Promise<string[]> {
  const version = await ctx.probe(['--version'], 5_000);
  const versionText = version.stdout.trim().split('\n')[0]?.trim() ?? '';
  if (!version.ok || !versionText) return [];
  const cached = readCache(ctx.dataDir);
  if (cached?.version === versionText) return cached.features;
  const list = await ctx.probe(['features', 'list'], 10_000);
  if (!list.ok) return [];
  const features = parseFeatureList(list.stdout);
  writeCache(ctx.dataDir, { version: versionText, features });
  return features;
}

const perBinary = new Map<string, Promise<string[]>>();

/**
 * Names to pass as `--disable`: our wish list ∩ what this version lists. An unknown name makes
 * codex exit 1, so when the probe fails no `--disable` is passed at all. Probed once per process.
 */
export function probeCodexFeatures(ctx: PrepareContext): Promise<string[]> {
  let pending = perBinary.get(ctx.binPath);
  if (!pending) {
    pending = listedFeatures(ctx).then((listed) => CODEX_FEATURES_TO_DISABLE.filter((name) => listed.includes(name)));
    perBinary.set(ctx.binPath, pending);
  }
  return pending;
}
