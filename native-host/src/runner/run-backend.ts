// Runs one named backend for one prompt: resolve, prepare, spawn in a private dir, classify.
import type { HostConfig } from '../config.js';
import { noAnswerWithin, notInstalled } from '../backends/failure-words.js';
import { BUILTIN_BACKENDS, findBackend } from '../backends/registry.js';
import type { BackendContext, PrepareContext, ProbeOutcome } from '../backends/types.js';
import { appDataDir, ensurePrivateDir } from '../paths.js';
import { buildChildEnv } from './child-env.js';
import { classifyCapture, type RunOutcome } from './classify.js';
import { createRunDir } from './run-dir.js';
import { childPath, resolveExecutable } from './resolve-executable.js';
import { ownInstallDirs } from './well-known-dirs.js';
import { spawnCapture } from './spawn-capture.js';
import { commandFor } from './windows-command.js';

/** Per-stream cap on what a backend may print (1 MB each for stdout and stderr). */
export const MAX_CAPTURE_BYTES = 1024 * 1024;
const PROBE_MAX_BYTES = 256 * 1024;

/** The role instructions (judge, nudge, coach) are in the prompt; this only fences the CLI in. */
export const HOST_SYSTEM_PROMPT =
  'You answer a single request in one reply. You have no tools and must not ask to use any. ' +
  'Follow the output format the request asks for exactly.';

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

function fail(kind: Extract<RunOutcome, { ok: false }>['error']['kind'], message: string, hint?: string): RunOutcome {
  return { ok: false, error: { kind, message, ...(hint ? { hint } : {}) } };
}

export async function runBackend(req: BackendRunRequest, opts: BackendRunOptions): Promise<RunOutcome> {
  const entry = findBackend(req.backend, opts.config);
  if (!entry) {
    // An unknown name is reported as not installed: the extension shows it like a missing CLI.
    return fail(
      'not_installed',
      `the native host knows no backend “${req.backend}”`,
      `choose one of ${BUILTIN_BACKENDS.join(', ')} in Options, or define it under "custom" in ${opts.configPath}`,
    );
  }
  const { spec, settings } = entry;
  const model = req.model || entry.defaultModel;
  if (spec.requiresModel && !model)
    return fail('bad_request', `${spec.name} needs a model`, "name one in Options, or in the helper's host.json");
  // A model starting with '-' would be read as an option by the CLI.
  if (model?.startsWith('-')) return fail('bad_request', `the model “${model}” may not start with “-”`);

  const resolved = await resolveExecutable(spec.executable, settings.path, true, ownInstallDirs(spec));
  if (!resolved.ok) return { ok: false, error: notInstalled(spec, resolved.problem) };

  const dataDir = ensurePrivateDir(appDataDir());
  const runDir = createRunDir();
  try {
    const env = buildChildEnv({
      path: childPath(resolved.path),
      tmpDir: runDir.tmp,
      ...(spec.envNames ? { passNames: spec.envNames } : {}),
      ...(spec.env ? { backendEnv: spec.env } : {}),
    });
    const remaining = (): number => opts.deadline - Date.now();
    const base = { workDir: runDir.path, dataDir, systemPrompt: HOST_SYSTEM_PROMPT };
    const probe = async (args: string[], timeoutMs: number): Promise<ProbeOutcome> => {
      const command = commandFor(resolved.path, args);
      if (!command.ok) return { ok: false, exitCode: null, stdout: '', stderr: '', timedOut: false, spawnError: command.problem };
      const capture = await spawnCapture({
        bin: command.bin,
        args: command.args,
        cwd: runDir.path,
        env,
        stdin: '',
        timeoutMs: Math.max(1, Math.min(timeoutMs, remaining())),
        maxBytes: PROBE_MAX_BYTES,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      return {
        ok: !capture.spawnError && !capture.timedOut && capture.exitCode === 0,
        exitCode: capture.exitCode,
        stdout: capture.stdout,
        stderr: capture.stderr,
        timedOut: capture.timedOut,
        ...(capture.spawnError ? { spawnError: capture.spawnError.message } : {}),
      };
    };

    let prepared = {};
    if (spec.prepare) {
      const prepareCtx: PrepareContext = { ...base, binPath: resolved.path, model, settings, env, probe };
      const outcome = await spec.prepare(prepareCtx);
      if (!outcome.ok) return { ok: false, error: outcome.error };
      prepared = outcome.data;
    }
    const ctx: BackendContext = { ...base, prepared };
    const timeLeft = remaining();
    if (timeLeft <= 0) return { ok: false, error: noAnswerWithin(spec.name, req.timeoutMs) };
    const command = commandFor(resolved.path, spec.argv(model, ctx));
    if (!command.ok) return fail('spawn', `${spec.name} could not be started (${command.problem})`);
    const capture = await spawnCapture({
      bin: command.bin,
      args: command.args,
      cwd: runDir.path,
      env,
      stdin: req.prompt,
      timeoutMs: timeLeft,
      maxBytes: MAX_CAPTURE_BYTES,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onSpawn ? { onSpawn: opts.onSpawn } : {}),
    });
    return classifyCapture(spec, capture, ctx, req.timeoutMs);
  } finally {
    runDir.remove();
  }
}
