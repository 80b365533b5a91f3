// The host's own config file (host.json), read and checked against config-schema.ts (loaded only when there is a file).
import { readFileSync } from 'node:fs';
import type { HostConfig } from './config-schema.js';
import { hostConfigPath } from './paths.js';

export type { BuiltinBackendSettings, CustomBackendSettings, HostConfig } from './config-schema.js';

export interface LoadedConfig {
  config: HostConfig;
  path: string;
  /** Set when the file exists but could not be used; built-ins then run with defaults. */
  problem?: string;
}

/** Reads and validates the config; a missing file is an empty config, a bad one is reported, not thrown. */
export async function loadHostConfig(path: string = hostConfigPath()): Promise<LoadedConfig> {
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
  // zod and the schema are most of a start without a config file: they load when there is one.
  const schema = await import('./config-schema.js');
  const parsed = schema.HostConfig.safeParse(json);
  if (!parsed.success) {
    return { config: {}, path, problem: `${path} is invalid (using defaults): ${schema.prettifyError(parsed.error)}` };
  }
  return { config: parsed.data, path };
}
