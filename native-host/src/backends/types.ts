// The shape every backend module exports: argv, env, optional pre-checks and output extraction.
import type { RunError } from '../../../shared/protocol/frames.js';

/** What a finished process left behind, as the extractors see it. */
export interface CapturedOutput {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Data a backend's `prepare` step hands to its `argv` (probed feature names, written files). */
export interface PreparedData {
  disableFeatures?: string[];
  policyFile?: string;
}

export interface BackendContext {
  /** Fresh, private working directory of this run (removed afterwards). */
  workDir: string;
  /** Private app-data directory (policy files, caches). */
  dataDir: string;
  /** System prompt for CLIs that take one; the role instructions travel in the prompt itself. */
  systemPrompt: string;
  /** qwen's `--auth-type`, from the config or guessed from the environment. */
  authType?: string;
  prepared: PreparedData;
}

/** Result of a short helper invocation of the same CLI (e.g. `ollama show`, `codex features list`). */
export interface ProbeOutcome {
  ok: boolean;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
}

export interface PrepareContext extends Omit<BackendContext, 'prepared'> {
  binPath: string;
  model: string | undefined;
  /** Runs the resolved CLI with `args` under the same environment and a short timeout. */
  probe(args: string[], timeoutMs: number): Promise<ProbeOutcome>;
}

export type PrepareResult = { ok: true; data: PreparedData } | { ok: false; error: RunError };

/**
 * What an extractor found. `none` means no answer could be read; the runner then classifies by
 * exit code and blankness, in the order docs/BACKENDS.md fixes.
 */
export type Extraction =
  { kind: 'text'; text: string } | { kind: 'auth'; message: string } | { kind: 'api_error'; message: string } | { kind: 'none' };

export interface BackendSpec {
  name: string;
  /** Program looked up on PATH etc. (custom backends: their configured `bin`). */
  executable: string;
  custom?: boolean;
  /** Model used when neither the request nor the config names one. */
  defaultModel?: string;
  /** The CLI cannot run without a model. */
  requiresModel: boolean;
  env?: Readonly<Record<string, string>>;
  prepare?(ctx: PrepareContext): Promise<PrepareResult>;
  argv(model: string | undefined, ctx: BackendContext): string[];
  extract(out: CapturedOutput, ctx: BackendContext): Extraction;
}
