// Every backend the host can run: the built-ins plus custom ones from host.json, with their settings.
import { BUILTIN_BACKENDS, type BuiltinBackendName } from '../../../shared/protocol/frames.js';
import type { HostConfig } from '../config.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { customBackend } from './custom.js';
import { DEFAULT_MODELS } from './defaults.js';
import { gemini } from './gemini.js';
import { llm } from './llm.js';
import { ollama } from './ollama.js';
import { qwen } from './qwen.js';
import type { BackendSpec } from './types.js';

export const BUILTIN_SPECS: Readonly<Record<BuiltinBackendName, BackendSpec>> = { claude, codex, gemini, qwen, ollama, llm };

/** A backend together with what host.json says about it. */
export interface BackendEntry {
  spec: BackendSpec;
  /** Explicit executable path from the config (built-ins) — tried before any search. */
  pathOverride?: string;
  /** Model to use when the request names none (config, then the built-in default). */
  defaultModel?: string;
  authType?: string;
}

function isBuiltin(name: string): name is BuiltinBackendName {
  return (BUILTIN_BACKENDS as readonly string[]).includes(name);
}

function builtinEntry(name: BuiltinBackendName, config: HostConfig): BackendEntry {
  const settings = config.backends?.[name];
  const defaultModel = settings?.model ?? DEFAULT_MODELS[name];
  return {
    spec: BUILTIN_SPECS[name],
    ...(settings?.path ? { pathOverride: settings.path } : {}),
    ...(defaultModel ? { defaultModel } : {}),
    ...(settings?.authType ? { authType: settings.authType } : {}),
  };
}

export function findBackend(name: string, config: HostConfig): BackendEntry | undefined {
  if (isBuiltin(name)) return builtinEntry(name, config);
  const custom = config.custom?.[name];
  if (!custom) return undefined;
  const spec = customBackend(name, custom);
  return { spec, ...(spec.defaultModel ? { defaultModel: spec.defaultModel } : {}) };
}

export function allBackends(config: HostConfig): BackendEntry[] {
  const entries = BUILTIN_BACKENDS.map((name) => builtinEntry(name, config));
  for (const name of Object.keys(config.custom ?? {})) {
    const entry = findBackend(name, config);
    if (entry) entries.push(entry);
  }
  return entries;
}
