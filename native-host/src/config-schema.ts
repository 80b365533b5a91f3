// The schema of the host's own config file (host.json): per-backend overrides and custom backends.
import * as z from 'zod';
import { BackendName, ModelName } from '../../shared/protocol/frames.js';
import { BUILTIN_BACKENDS, isBuiltin, type BuiltinBackendName } from './backends/registry.js';

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

export { prettifyError } from 'zod';
