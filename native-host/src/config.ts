// The host's own config file (host.json): per-backend overrides and custom backends, zod-validated.
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { BackendName, ModelName } from '../../shared/protocol/frames.js';
import { BUILTIN_BACKENDS, isBuiltin, type BuiltinBackendName } from './backends/registry.js';
import { hostConfigPath } from './paths.js';

const ConfigModelName = ModelName.min(1);

const EnvName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'environment variable names are letters, digits, _');

/** Settings a person may give a built-in backend. */
export const BuiltinBackendSettings = z
  .object({
    /** Absolute path of the CLI, for installs the host cannot find on its own. */
    path: z.string().min(1).optional(),
    /** Model used when the request names none. */
    model: ConfigModelName.optional(),
    /** qwen only: value for `--auth-type` (e.g. `openai`, `qwen-oauth`). */
    authType: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'authType is lower-case letters, digits, -')
      .optional(),
  })
  .strict();
export type BuiltinBackendSettings = z.infer<typeof BuiltinBackendSettings>;

/** A backend defined only here: a program and its argv; `{model}` may stand for one whole element. */
export const CustomBackendSettings = z
  .object({
    bin: z.string().min(1),
    args: z.array(z.string().max(4096)).max(64).default([]),
    model: ConfigModelName.optional(),
    env: z.record(EnvName, z.string().max(4096)).optional(),
  })
  .strict();
export type CustomBackendSettings = z.infer<typeof CustomBackendSettings>;

export const HostConfig = z
  .object({
    /** true → log to the default log file; a string → log to that file. */
    log: z.union([z.boolean(), z.string().min(1)]).optional(),
    backends: z.partialRecord(z.enum(BUILTIN_BACKENDS as [BuiltinBackendName, ...BuiltinBackendName[]]), BuiltinBackendSettings).optional(),
    custom: z
      .record(BackendName, CustomBackendSettings)
      .optional()
      .refine(
        (custom) => !custom || Object.keys(custom).every((name) => !isBuiltin(name)),
        'a custom backend may not reuse a built-in name',
      ),
  })
  .strict();
export type HostConfig = z.infer<typeof HostConfig>;

export interface LoadedConfig {
  config: HostConfig;
  path: string;
  /** Set when the file exists but could not be used; built-ins then run with defaults. */
  problem?: string;
}

/** Reads and validates the config; a missing file is an empty config, a bad one is reported, not thrown. */
export function loadHostConfig(path: string = hostConfigPath()): LoadedConfig {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { config: {}, path };
    return { config: {}, path, problem: `cannot read ${path}: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    return { config: {}, path, problem: `${path} is not valid JSON: ${(err as Error).message}` };
  }
  const parsed = HostConfig.safeParse(json);
  if (!parsed.success) {
    return { config: {}, path, problem: `${path} is invalid (using defaults): ${z.prettifyError(parsed.error)}` };
  }
  return { config: parsed.data, path };
}
