// Every backend the host can run: the built-ins (one line each) plus custom ones from host.json, with their settings.
import type { BuiltinBackendSettings, HostConfig } from '../config.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { customBackend } from './custom.js';
import { gemini } from './gemini.js';
import { llm } from './llm.js';
import { ollama } from './ollama.js';
import { qwen } from './qwen.js';
import type { BackendSpec } from './types.js';

/** The built-ins, one line each, in the order "Automatic" tries them (hello lists them in this order). */
export const BUILTIN_SPECS = { claude, codex, gemini, qwen, ollama, llm } as const satisfies Record<string, BackendSpec>;

export type BuiltinBackendName = keyof typeof BUILTIN_SPECS;
export const BUILTIN_BACKENDS = Object.keys(BUILTIN_SPECS) as BuiltinBackendName[];

/** Custom backends see what any built-in may see: they usually wrap one of the same services. */
const CUSTOM_ENV_NAMES = [...new Set(Object.values(BUILTIN_SPECS).flatMap((spec) => spec.envNames ?? []))];

/** A backend together with what host.json says about it. */
export interface BackendEntry {
  spec: BackendSpec;
  settings: BuiltinBackendSettings;
  /** Model to use when the request names none (config, then the backend's default). */
  defaultModel?: string;
}

export function isBuiltin(name: string): name is BuiltinBackendName {
  return Object.hasOwn(BUILTIN_SPECS, name);
}

function entry(spec: BackendSpec, settings: BuiltinBackendSettings = {}): BackendEntry {
  const defaultModel = settings.model ?? spec.defaultModel;
  return { spec, settings, ...(defaultModel ? { defaultModel } : {}) };
}

export function findBackend(name: string, config: HostConfig): BackendEntry | undefined {
  if (isBuiltin(name)) return entry(BUILTIN_SPECS[name], config.backends?.[name]);
  const custom = config.custom?.[name];
  return custom ? entry({ ...customBackend(name, custom), envNames: CUSTOM_ENV_NAMES }) : undefined;
}

export function allBackends(config: HostConfig): BackendEntry[] {
  const names = [...BUILTIN_BACKENDS, ...Object.keys(config.custom ?? {})];
  return names.map((name) => findBackend(name, config)).filter((e): e is BackendEntry => e !== undefined);
}
