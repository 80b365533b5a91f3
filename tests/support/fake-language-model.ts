// A fake of Chrome's Prompt API (`LanguageModel`) that follows the published behaviour the extension relies on, for tests.
import type { LanguageModelApi, ModelOptions, ModelSession } from '../../shared/ai/prompt-api';
import type { ModelAvailability } from '../../shared/core/vocabulary';
import type { ResponseSchema } from '../../shared/ai';

export interface FakePrompt {
  input: string;
  responseConstraint?: ResponseSchema;
  systemPrompt?: string;
}

export interface FakeLanguageModel extends LanguageModelApi {
  state: ModelAvailability;
  /** Whether the page that calls create() has transient user activation (a click): needed to start a download. */
  userActivation: boolean;
  /** The answer to a prompt; throw to fail, return a never-settling promise to hang. */
  respond: (p: FakePrompt) => string | Promise<string>;
  /** Tokens the fake counts per character, and what one session may take. */
  inputQuota: number;
  prompts: FakePrompt[];
  created: number;
  destroyed: number;
  availabilityOptions: ModelOptions[];
  /** Progress events the next download sends (fractions of 1). */
  downloadSteps: number[];
  /** Awaited after each progress event (a test holds the download there to look at the page). */
  afterProgress: (loaded: number) => Promise<void>;
  /**
   * Which response constraints it applies: every one; none with `anyOf`, `const` or a type array (as a
   * Chrome that cannot apply them throws NotSupportedError, with no way to ask beforehand); or none at all.
   */
  schemas: 'any' | 'no-anyOf-or-type-arrays' | 'none';
  /** Which names its sessions have for their context: both generations (Chrome 138–147 extensions), or only Chrome 148's. */
  contextNames: 'both' | 'new-only';
  /** Prompts refused for their constraint, before any answer. */
  refusedConstraints: number;
}

/** Whether a JSON Schema uses what the stricter mode refuses, at any depth. */
function usesUnsupported(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(usesUnsupported);
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as Record<string, unknown>;
  if ('anyOf' in node || 'oneOf' in node || 'const' in node || Array.isArray(node.type)) return true;
  return Object.values(node).some(usesUnsupported);
}

const TOKENS_PER_CHAR = 0.25;

/** By default the fake answers what the constraint asks for, as the real model constrained by it must. */
function answerTheConstraint(p: FakePrompt): string {
  const properties = Object.keys((p.responseConstraint?.properties as Record<string, unknown> | undefined) ?? {});
  if (properties.includes('ok')) return '{"ok": true}';
  if (properties.includes('on_track')) return '{"on_track": true, "message": ""}';
  if (properties.includes('next_action'))
    return '{"next_action": "Write one parser test", "success_condition": "it passes", "allowed": []}';
  return '{"drifting": false, "reason": "on task"}';
}

function abortable<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

export function fakeLanguageModel(
  initial: Partial<Pick<FakeLanguageModel, 'state' | 'respond' | 'inputQuota' | 'schemas' | 'contextNames'>> = {},
): FakeLanguageModel {
  const fake: FakeLanguageModel = {
    state: initial.state ?? 'available',
    userActivation: false,
    respond: initial.respond ?? answerTheConstraint,
    inputQuota: initial.inputQuota ?? 4096,
    prompts: [],
    created: 0,
    destroyed: 0,
    availabilityOptions: [],
    downloadSteps: [0, 0.5, 1],
    afterProgress: () => Promise.resolve(),
    schemas: initial.schemas ?? 'any',
    contextNames: initial.contextNames ?? 'both',
    refusedConstraints: 0,
    availability(options) {
      fake.availabilityOptions.push(options);
      return Promise.resolve(fake.state);
    },
    async create(options) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (fake.state === 'unavailable') throw new DOMException('The model is not available.', 'NotSupportedError');
      if (fake.state === 'downloadable' || fake.state === 'downloading') {
        // The browser starts a download only for a page with user activation.
        if (!fake.userActivation) throw new DOMException('Requires a user gesture when availability is "downloadable".', 'NotAllowedError');
        const monitor = new EventTarget();
        options.monitor?.(monitor);
        fake.state = 'downloading';
        for (const loaded of fake.downloadSteps) {
          await new Promise((r) => setTimeout(r, 0));
          if (options.signal?.aborted) {
            fake.state = 'downloadable';
            throw options.signal.reason;
          }
          monitor.dispatchEvent(Object.assign(new Event('downloadprogress'), { loaded }));
          await fake.afterProgress(loaded);
        }
        fake.state = 'available';
      }
      const system = options.initialPrompts?.find((p) => p.role === 'system')?.content;
      return session(system);
    },
  };

  function session(systemPrompt: string | undefined): ModelSession {
    fake.created++;
    let destroyed = false;
    const used = systemPrompt ? Math.ceil(systemPrompt.length * TOKENS_PER_CHAR) : 0;
    const refuse = (constraint: ResponseSchema | undefined) => {
      if (!constraint || fake.schemas === 'any' || (fake.schemas === 'no-anyOf-or-type-arrays' && !usesUnsupported(constraint))) return;
      fake.refusedConstraints++;
      throw new DOMException('The response constraint is not supported.', 'NotSupportedError');
    };
    const measure = (input: string, options: { responseConstraint?: ResponseSchema } = {}) => {
      refuse(options.responseConstraint);
      return Promise.resolve(Math.ceil(input.length * TOKENS_PER_CHAR));
    };
    const context =
      fake.contextNames === 'new-only'
        ? { contextUsage: used, contextWindow: fake.inputQuota, measureContextUsage: measure }
        : {
            contextUsage: used,
            contextWindow: fake.inputQuota,
            measureContextUsage: measure,
            inputUsage: used,
            inputQuota: fake.inputQuota,
            measureInputUsage: measure,
          };
    const s: ModelSession = {
      ...context,
      async prompt(input, options = {}) {
        if (destroyed) throw new DOMException('The session was destroyed.', 'InvalidStateError');
        refuse(options.responseConstraint);
        const needed = Math.ceil(input.length * TOKENS_PER_CHAR);
        if (needed > fake.inputQuota - used) throw new DOMException('The input is too large.', 'QuotaExceededError');
        const p: FakePrompt = { input };
        if (options.responseConstraint) p.responseConstraint = options.responseConstraint;
        if (systemPrompt) p.systemPrompt = systemPrompt;
        fake.prompts.push(p);
        return abortable(
          Promise.resolve().then(() => fake.respond(p)),
          options.signal,
        );
      },
      clone: (options = {}) => (options.signal?.aborted ? Promise.reject(options.signal.reason) : Promise.resolve(session(systemPrompt))),
      destroy() {
        if (!destroyed) fake.destroyed++;
        destroyed = true;
      },
    };
    return s;
  }
  return fake;
}
