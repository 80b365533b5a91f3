// Runs one named backend for one prompt: resolve, prepare, spawn in a private dir, classify.
import type { RunError } from '../../../shared/protocol/frames.js';
import type { HostConfig } from '../config.js';
import { noAnswerWithin, notInstalled, unknownBackend, unusableModel } from '../backends/failure-words.js';
import { BUILTIN_BACKENDS, findBackend } from '../backends/registry.js';
import { SYSTEM_PROMPT } from '../../../shared/protocol/system-prompt.js';
import type { BackendContext, ProbeOutcome } from '../backends/types.js';
import { appDataDir, ensurePrivateDir } from '../paths.js';
import { buildChildEnv } from './child-env.js';
import { classifyCapture, type RunOutcome } from './classify.js';
import { createRunDir } from './run-dir.js';
import { childPath, resolveExecutable } from './resolve-executable.js';
import { ownInstallDirs } from './well-known-dirs.js';
import { spawnCapture, type CaptureResult } from './spawn-capture.js';
import { commandFor } from './windows-command.js';

/** Per-stream cap on what a backend may print (1 MB each for stdout and stderr); probes get a quarter. */
export const MAX_CAPTURE_BYTES = 1024 * 1024;
const PROBE_MAX_BYTES = MAX_CAPTURE_BYTES / 4;

export interface BackendRunRequest {
  backend: string;
  model?: string;
  prompt: string;
  timeoutMs: number;
}

export interface BackendRunOptions {
  config: HostConfig;
  configPath: string;
  /** Absolute time (Date.now() scale) by which the run must be over, queueing included. */
  deadline: number;
  signal?: AbortSignal;
  onSpawn?(pid: number): void;
}

const failed = (error: RunError): RunOutcome => ({ ok: false, error });

export async function runBackend(req: BackendRunRequest, opts: BackendRunOptions): Promise<RunOutcome> {
  const entry = findBackend(req.backend, opts.config);
  if (!entry) return failed(unknownBackend(req.backend, BUILTIN_BACKENDS, opts.configPath));
  const { spec, settings } = entry;
  const model = req.model || entry.defaultModel;
  // A model starting with '-' would be read as an option by the CLI.
  if ((spec.requiresModel && !model) || model?.startsWith('-')) return failed(unusableModel(spec.name, model));
  const resolved = await resolveExecutable(spec.executable, settings.path, true, ownInstallDirs(spec));
  if (!resolved.ok) return failed(notInstalled(spec, resolved.problem));

  const dataDir = ensurePrivateDir(appDataDir());
  const runDir = createRunDir();
  try {
    const passNames = spec.envNames ?? [];
    const env = buildChildEnv({ path: childPath(resolved.path), tmpDir: runDir.tmp, passNames, backendEnv: spec.env ?? {} });
    const remaining = (): number => opts.deadline - Date.now();
    /** The resolved CLI with `args` (no shell), in the run's directory and environment; a string when it cannot start. */
    const runCli = async (args: string[], stdin: string, timeoutMs: number, run: boolean): Promise<CaptureResult | string> => {
      const command = commandFor(resolved.path, args);
      if (!command.ok) return command.problem;
      const { signal, onSpawn } = opts;
      const options = { ...(signal ? { signal } : {}), ...(onSpawn && run ? { onSpawn } : {}) };
      const maxBytes = run ? MAX_CAPTURE_BYTES : PROBE_MAX_BYTES;
      return spawnCapture({ bin: command.bin, args: command.args, cwd: runDir.path, env, stdin, timeoutMs, maxBytes, ...options });
    };
    const probe = async (args: string[], timeoutMs: number): Promise<ProbeOutcome> => {
      const c = await runCli(args, '', Math.max(1, Math.min(timeoutMs, remaining())), false);
      if (typeof c === 'string') return { ok: false, exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: c };
      const ok = !c.spawnError && !c.timedOut && c.exitCode === 0;
      const base = { ok, exitCode: c.exitCode, stdout: c.stdout, stderr: c.stderr, timedOut: c.timedOut };
      return c.spawnError ? { ...base, spawnError: c.spawnError.message } : base;
    };

    const common = { workDir: runDir.path, dataDir, systemPrompt: SYSTEM_PROMPT };
    const prepared = spec.prepare ? await spec.prepare({ ...common, binPath: resolved.path, model, settings, env, probe }) : null;
    if (prepared && !prepared.ok) return prepared;
    const ctx: BackendContext = { ...common, prepared: prepared?.data ?? {} };
    const timeLeft = remaining();
    if (timeLeft <= 0) return failed(noAnswerWithin(spec.name, req.timeoutMs));
    const capture = await runCli(spec.argv(model, ctx), req.prompt, timeLeft, true);
    if (typeof capture === 'string') return failed({ kind: 'spawn', message: `${spec.name} could not be started (${capture})` });
    return classifyCapture(spec, capture, ctx, req.timeoutMs);
  } finally {
    runDir.remove();
  }
}
