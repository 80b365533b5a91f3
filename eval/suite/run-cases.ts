// Runs planned cases through the extension's own AI path: NativeChannel → the built host → the backend CLI.
import { readFileSync } from 'node:fs';
import { failureOf } from '../../background/ai/failure-words';
import { helperPort } from '../../background/ai/helper-port';
import { aiSignal } from '../../background/ai/ai-signal';
import { rolesOn } from '../../background/ai/registry';
import { NativeChannel, type ChannelStatus } from '../../background/helper/native-channel';
import { chooseTarget } from '../../shared/core/ai-targets';
import { defaultSettings } from '../../shared/settings/stored-settings';
import { failureText } from '../../shared/core/failure-text';
import type { PlannedCase, PlannedPage } from '../cases';
import { spawnHostPort, type SpawnedHostPort } from './host-port';
import type { Outcome } from './outcomes';

export interface RunCasesOptions {
  backend: string;
  model: string | undefined;
  timeoutSeconds: number;
  concurrency: number;
  /** The host's environment (the person's: the real CLIs find their logins through HOME). */
  env: NodeJS.ProcessEnv;
  /** Called after every case, with everything answered so far (the caller saves it). */
  onOutcome(outcome: Outcome, index: number): void;
  log(line: string): void;
}

export interface RunCasesResult {
  outcomes: Outcome[];
  hostVersion: string | undefined;
  /** The browser that answered, for the built-in model. */
  browserVersion?: string;
  /** Set when the run stopped early: the backend cannot answer at all (not installed, not logged in). */
  stoppedBecause?: string;
}

/** The release the eval speaks for (the extension's code path, this checkout's version). */
const EXTENSION_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** What every outcome says of its case: which one, its kind, and whether the commitment carried its Involves. */
export const caseFields = (p: PlannedCase) => ({ id: p.case.id, kind: p.kind, ...(p.withInvolves ? { withInvolves: true as const } : {}) });

/** What a page's outcome says of where it is: its sequence, site and step (the per-site baseline reads them). */
export const pageFields = (p: PlannedPage) =>
  ({ role: 'page', ...caseFields(p), sequence: p.sequence, site: p.site, step: p.step }) as const;

/** Failures that would repeat for every case: stop asking, say why. */
const FATAL_KINDS = new Set(['auth', 'not_installed', 'unavailable']);
const CONNECT_TIMEOUT_MS = 20_000;
/** The host's login-shell probe gives up after 3 s. */
const LOGIN_SHELL_WAIT_MS = 3_500;

export async function runCases(planned: readonly PlannedCase[], opts: RunCasesOptions): Promise<RunCasesResult> {
  const channel = new NativeChannel(
    {
      connect: () => spawnHostPort(opts.env, (line) => opts.log(`host: ${line}`)),
      lastError: (port) => (port as SpawnedHostPort).exitReason,
      now: Date.now,
      extensionVersion: EXTENSION_VERSION,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
    {
      onStatus: () => waiters.forEach((check) => check()),
      onWindow: () => {},
      onWatcher: () => {},
      onInvalid: (message) => opts.log(message),
    },
  );
  /** The channel's status once `done` holds for it, or as it is when `ms` have passed. */
  const waiters = new Set<() => void>();
  const until = (done: (s: ChannelStatus) => boolean, ms: number) =>
    new Promise<ChannelStatus>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
        resolve(channel.current);
      };
      const check = () => done(channel.current) && finish();
      const timer = setTimeout(finish, ms);
      waiters.add(check);
      check();
    });
  channel.start();
  try {
    const connected = await until((s) => s.connection === 'connected' || s.connection === 'missing', CONNECT_TIMEOUT_MS);
    if (connected.connection !== 'connected') {
      return {
        outcomes: [],
        hostVersion: undefined,
        stoppedBecause: `the native host did not connect: ${connected.error ?? connected.connection}`,
      };
    }
    // Hello answers before the login-shell PATH probe ends; a backend it finds arrives in a later push.
    const find = (st: ChannelStatus) => st.backends.find((b) => b.name === opts.backend);
    const host = await until((st) => find(st)?.available === true, LOGIN_SHELL_WAIT_MS);
    // The extension's own choice: the same words when the backend cannot run. The evaluation's prompts are the labelled
    // cases, nothing of a person's; running `npm run eval -- --backend X` is the yes to X.
    const aiConsent = { [opts.backend]: { answer: 'allowed' as const, at: 0 } };
    const choice = chooseTarget({ ...defaultSettings(), backend: opts.backend, model: opts.model ?? '', aiConsent }, { host, ports: {} });
    if (!choice.ok) return { outcomes: [], hostVersion: host.hostVersion, stoppedBecause: failureText(choice.failure) };
    const timeoutMs = opts.timeoutSeconds * 1000;
    // Only the helper's backends are run from Node: with no port reporting a status, no other port is chosen (the
    // built-in model is evaluated inside the browser, browser-entry.ts).
    const roles = rolesOn(helperPort(channel, choice.target), timeoutMs);
    const outcomes: Outcome[] = [];
    let next = 0;
    let stoppedBecause: string | undefined;
    const worker = async (): Promise<void> => {
      while (next < planned.length && stoppedBecause === undefined) {
        const index = next++;
        const p = planned[index]!;
        // The extension's own deadline for a role: the run's timeout plus the host's grace to kill it.
        const signal = aiSignal(timeoutMs);
        const started = performance.now();
        let outcome: Outcome;
        try {
          if (p.role === 'judge') {
            const verdict = await roles.judge(p.commitment, p.case.title, p.case.app, signal, p.case.source);
            const ms = performance.now() - started;
            outcome = {
              role: 'judge',
              ...caseFields(p),
              expected: p.case.drifting,
              got: verdict.drifting,
              reason: verdict.reason,
              ms,
            };
          } else if (p.role === 'page') {
            // As the extension judges a page of a mixed-use site: a tab, its site as the app, the page's title.
            const verdict = await roles.judge(p.commitment, p.case.title, p.app, signal, 'tab');
            outcome = {
              ...pageFields(p),
              expected: p.case.drifting,
              got: verdict.drifting,
              reason: verdict.reason,
              ms: performance.now() - started,
            };
          } else {
            const message = await roles.nudge(p.commitment, p.case.titles, signal);
            const ms = performance.now() - started;
            outcome = { role: 'nudge', ...caseFields(p), expected: p.case.onTrack, got: message === '', message, ms };
          }
        } catch (error) {
          const failure = failureOf(error, opts.backend);
          const base = { ...caseFields(p), error: failureText(failure), ms: performance.now() - started };
          outcome =
            p.role === 'judge'
              ? { role: 'judge', expected: p.case.drifting, ...base }
              : p.role === 'page'
                ? { ...pageFields(p), expected: p.case.drifting, ...base }
                : { role: 'nudge', expected: p.case.onTrack, ...base };
          if (FATAL_KINDS.has(failure.kind)) stoppedBecause ??= failureText(failure);
        }
        outcomes.push(outcome);
        opts.onOutcome(outcome, index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, planned.length) }, worker));
    return { outcomes, hostVersion: channel.current.hostVersion, ...(stoppedBecause ? { stoppedBecause } : {}) };
  } finally {
    channel.stop();
  }
}
