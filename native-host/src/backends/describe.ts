// What `hello` and `doctor` report per backend: availability and the executable path that would run.
import type { BackendInfo } from '../../../shared/protocol/frames.js';
import { loadHostConfig, type HostConfig, type LoadedConfig } from '../config.js';
import { resolveExecutable } from '../runner/resolve-executable.js';
import { ownInstallDirs } from '../runner/well-known-dirs.js';
import { allBackends } from './registry.js';

/** Describes every backend for `config`; versions are not probed (that would start every CLI). */
export async function describeBackendsWith(config: HostConfig, waitForLoginShell = true): Promise<BackendInfo[]> {
  return Promise.all(
    allBackends(config).map(async (entry): Promise<BackendInfo> => {
      const { spec, settings } = entry;
      const resolved = await resolveExecutable(spec.executable, settings.path, waitForLoginShell, ownInstallDirs(spec));
      const info: BackendInfo = { name: spec.name, available: resolved.ok };
      if (spec.custom) info.custom = true;
      if (resolved.ok) info.path = resolved.path;
      else Object.assign(info, { problem: resolved.problem, hint: spec.installHint });
      return info;
    }),
  );
}

/** Like describeBackendsWith, and a config that could not be used shows as a problem on every backend. */
export async function describeLoadedBackends(
  loaded: Pick<LoadedConfig, 'config' | 'problem'>,
  waitForLoginShell = true,
): Promise<BackendInfo[]> {
  const infos = await describeBackendsWith(loaded.config, waitForLoginShell);
  if (!loaded.problem) return infos;
  return infos.map((info) => ({
    ...info,
    problem: info.problem ? `${info.problem}; ${loaded.problem}` : `host config ignored: ${loaded.problem}`,
  }));
}

/** Loads host.json itself (for `doctor`); see describeLoadedBackends. */
export async function describeBackends(): Promise<BackendInfo[]> {
  return describeLoadedBackends(await loadHostConfig());
}
