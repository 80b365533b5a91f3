// What an end-to-end test asked of its browser, step by step, printed when the test fails: a timeout names no step.
import type { TestContext } from 'vitest';

interface Step {
  name: string;
  args: string;
  startedMs: number;
  endedMs?: number;
  failed?: string;
  /** The harness's word, not a call: printed as it is. */
  note?: boolean;
}

/** How many of the last steps a failure prints: enough to see what ran before the one that stood still. */
const SHOWN_STEPS = 12;

/** Probes a test polls many times a second: recording each would bury the steps. */
const PROBES = new Set(['calls', 'badge', 'sw', 'tier', 'frame', 'root', 'byId']);

/** The trail of the suite that runs now (one suite at a time per worker), for page objects made inside a test. */
const running: { trail?: StepTrail } = {};

/** `target` (a page object: the banner, the popup…) with its methods on the running test's trail, as `label.method`. */
export function onTrail<T extends object>(target: T, label: string): T {
  return running.trail ? running.trail.watch(target, label) : target;
}

/** One step inside a page object's method, on the running test's trail: where a long method stood still. */
export function trailStep<T>(name: string, work: () => Promise<T>): Promise<T> {
  return running.trail ? (running.trail.step(name, [], work) as Promise<T>) : work();
}

/** Something the harness chose to do about a step (went on without it), in the log now and on the trail if the test fails. */
export function trailNote(text: string): void {
  console.warn(text);
  running.trail?.note(text);
}

/** The harness's steps of the running test, and what a failure prints of them. */
export class StepTrail {
  #steps: Step[] = [];
  #testStartedMs = Date.now();

  /** A new test: forget the last one's steps, and take the page objects it makes. */
  begin(): void {
    this.#steps = [];
    this.#testStartedMs = Date.now();
    running.trail = this;
  }

  /** `target` with each of its methods recorded when called and when its promise settles; named `label.method` when labelled. */
  watch<T extends object>(target: T, label = ''): T {
    return new Proxy(target, {
      get: (object, key, receiver) => {
        const value = Reflect.get(object, key, receiver) as unknown;
        if (typeof value !== 'function' || typeof key !== 'string' || PROBES.has(key)) return value;
        const name = label ? `${label}.${key}` : key;
        return (...args: unknown[]) => this.step(name, args, () => (value as (...a: unknown[]) => unknown).apply(object, args));
      },
    });
  }

  /** A line of its own on the trail, at this moment: what the harness did about a step. */
  note(text: string): void {
    const nowMs = Date.now();
    this.#steps.push({ name: text, args: '', startedMs: nowMs, endedMs: nowMs, note: true });
  }

  /** Runs `run` as one step named `name`, recorded when called and when its promise settles. */
  step(name: string, args: unknown[], run: () => unknown): unknown {
    const step: Step = { name, args: args.map(shortArg).join(', '), startedMs: Date.now() };
    this.#steps.push(step);
    let result: unknown;
    try {
      result = run();
    } catch (error) {
      step.endedMs = Date.now();
      step.failed = String(error).slice(0, 120);
      throw error;
    }
    if (result instanceof Promise) {
      result.then(
        () => (step.endedMs = Date.now()),
        (error: unknown) => {
          step.endedMs = Date.now();
          step.failed = String(error).split('\n')[0]!.slice(0, 120);
        },
      );
    } else step.endedMs = Date.now();
    return result;
  }

  /** The last steps, one a line, in seconds since the test began; a step with no end is the one that stood still. */
  report(nowMs = Date.now()): string {
    const at = (ms: number) => ((ms - this.#testStartedMs) / 1000).toFixed(1).padStart(6);
    const lines = this.#steps.slice(-SHOWN_STEPS).map((s) => {
      const end =
        s.endedMs === undefined
          ? `STILL RUNNING after ${((nowMs - s.startedMs) / 1000).toFixed(1)} s`
          : `${s.failed ? `failed (${s.failed})` : 'done'} in ${((s.endedMs - s.startedMs) / 1000).toFixed(1)} s`;
      return s.note ? `${at(s.startedMs)} s  ${s.name}` : `${at(s.startedMs)} s  ${s.name}(${s.args}) — ${end}`;
    });
    const skipped = this.#steps.length - lines.length;
    return [skipped > 0 ? `(${skipped} earlier steps)` : '', ...lines].filter(Boolean).join('\n');
  }

  /**
   * For afterEach: when the test failed (a timeout included), fails the hook with the trail, so that the trail is
   * printed beside the test's own error in the run's summary (what the end of a CI log shows), not pages above it.
   */
  throwIfFailed(context: TestContext): void {
    if (context.task.result?.state !== 'fail' || this.#steps.length === 0) return;
    throw new Error(`The harness's last steps in "${context.task.name}":\n${this.report()}`);
  }
}

function shortArg(arg: unknown): string {
  if (typeof arg === 'string') return JSON.stringify(arg.length > 80 ? `${arg.slice(0, 77)}…` : arg);
  if (typeof arg === 'number' || typeof arg === 'boolean' || arg === null || arg === undefined) return String(arg);
  if (typeof arg === 'function') return 'fn';
  try {
    const text = JSON.stringify(arg);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  } catch {
    return typeof arg;
  }
}
