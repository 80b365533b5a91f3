// The shape of a backend: everything about one CLI (finding, preparing, running, reading it) in one object.
import type { BuiltinBackendSettings } from '../config.js';
import type { RunError } from '../../../shared/protocol/frames.js';

/** What a finished process left behind, as the extractors see it. */
export interface CapturedOutput {
  stdout: string;
  stderr: string;
  exitCode: number | null;
}

/** Data a backend's `prepare` step hands to its `argv` (probed feature names, written files, flags). */
export interface PreparedData {
  disableFeatures?: string[];
  policyFile?: string;
  /** qwen's `--auth-type`, when one must be passed. */
  authType?: string;
}

export interface BackendContext {
  /** Fresh, private working directory of this run (removed afterwards). */
  workDir: string;
  /** Private app-data directory (policy files, caches). */
  dataDir: string;
  /** System prompt for CLIs that take one; the role instructions travel in the prompt itself. */
  systemPrompt: string;
  prepared: PreparedData;
}

/** Result of a short helper invocation of the same CLI (e.g. `ollama show`, `codex login status`). */
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
  /** What host.json says about this backend. */
  settings: BuiltinBackendSettings;
  /** The variables this backend may see (the host's, filtered): decides e.g. whether a key stands in for a login. */
  env: NodeJS.ProcessEnv;
  /** Runs the resolved CLI with `args` under the same environment and a short timeout. */
  probe(args: string[], timeoutMs: number): Promise<ProbeOutcome>;
}

export type PrepareResult = { ok: true; data: PreparedData } | { ok: false; error: RunError };

/**
 * What an extractor found. `auth` carries the CLI's own words (the runner adds who and what to do);
 * `api_error` carries a whole message and may say what to do. `none` means no answer could be read;
 * the runner then classifies by exit code and blankness, in the order docs/BACKENDS.md fixes.
 */
export type Extraction =
  | { kind: 'text'; text: string }
  | { kind: 'auth'; detail: string }
  | { kind: 'api_error'; message: string; hint?: string }
  | { kind: 'none' };

/** Where a backend's own installer puts it, for hosts started by a GUI browser with a short PATH. */
export interface InstallPlaces {
  home: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

export interface BackendSpec {
  name: string;
  /** Program looked up on PATH etc. (custom backends: their configured `bin`). */
  executable: string;
  custom?: boolean;
  /** How a person gets it, e.g. "install it with `npm install -g …`". */
  installHint: string;
  /** What a person does when it says they are not logged in. */
  loginHint: string;
  /** Its wording of missing or rejected credentials (checked on what it printed). */
  authPattern: RegExp;
  /** Model used when neither the request nor host.json names one. */
  defaultModel?: string;
  /** The CLI cannot run without a model. */
  requiresModel: boolean;
  /** Variables of the host's environment it may see beyond the common allowlist (its keys and endpoints). */
  envNames?: readonly string[];
  /** Fixed variables it runs with. */
  env?: Readonly<Record<string, string>>;
  /** Folders its own installer uses that a short PATH misses (searched after PATH and the usual folders). */
  installDirs?(places: InstallPlaces): (string | undefined)[];
  prepare?(ctx: PrepareContext): Promise<PrepareResult>;
  argv(model: string | undefined, ctx: BackendContext): string[];
  extract(out: CapturedOutput, ctx: BackendContext): Extraction;
}
