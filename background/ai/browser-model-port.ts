// The browser's built-in model (Chrome's Prompt API, `LanguageModel`) as an AI port: status in words, and one role call at a time on a clone of a kept session.
import { AIFailure, type AIPort, type AIRole, type ModelAvailability, type RoleCall } from '../../shared/ai';
import {
  contextRoom,
  MODEL_OPTIONS,
  languageModelApi as apiOf,
  type LanguageModelApi,
  type ModelSession,
} from '../../shared/ai/prompt-api';
import { BROWSER_MODEL, browserModelUnusable } from '../../shared/core/browser-model-line';
import type { PortStatus } from '../../shared/core/port-status';
import { BROWSER_BACKEND } from '../../shared/core/vocabulary';
import { SYSTEM_PROMPT } from '../../shared/protocol/system-prompt';
import { errorText } from '../../shared/util/error-text';
import type { ReportingPortRunner } from './port-runner';

export { MODEL_OPTIONS, type LanguageModelApi } from '../../shared/ai/prompt-api';

/** `LanguageModel` where this browser has it (Chrome 138+ in extension contexts), else undefined. */
export function languageModelApi(): LanguageModelApi | undefined {
  return apiOf(globalThis);
}

/** The browser has the API but says `unavailable` (Debian's Chromium does: it has no model component). */
export const DEVICE_UNSUPPORTED =
  "the browser says it cannot run here: a Chrome build without the model (Chromium, Brave), a device below Chrome's requirements (22 GB free disk; a GPU with more than 4 GB of memory, or 16 GB of RAM and 4 CPU cores), or a policy that turns it off";

/** Why there is no built-in model here, in the words Options and the popup show. */
export const NO_PROMPT_API =
  'this browser has no built-in model (the Prompt API is in Chrome 138 and later on supported hardware; not in Firefox, Brave or Chromium builds without the model)';

/** A timeout is the model's failure, in words; any other abort (the caller moved on) passes through as it is. */
function abortFailure(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  return reason instanceof DOMException && reason.name === 'TimeoutError'
    ? new AIFailure({ kind: 'timeout', message: `${BROWSER_MODEL} gave no answer in time` })
    : reason;
}

/** Chrome throws this for a `responseConstraint` it cannot apply; nothing says so beforehand. */
const isRefusedConstraint = (error: unknown) => error instanceof DOMException && error.name === 'NotSupportedError';

/**
 * The built-in model as an AI port. One base session carries the system prompt and is kept while
 * calls come (creating one is the slow part); each call prompts a clone of it, so no call sees
 * another's conversation. The base session is destroyed after `idleMs` without a call, or by
 * `dispose()`. The worker never downloads the model: a model that is not `available` is a failure.
 * It is its own runner in the registry: every target opens it, and it reports its status when asked.
 */
export class BrowserModel implements AIPort, ReportingPortRunner {
  readonly name = BROWSER_BACKEND;
  private base: Promise<ModelSession> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Roles whose answer schema this browser refused: they are asked without one from then on. */
  private readonly unconstrained = new Set<AIRole>();

  /**
   * `lookup` finds the API each time: a test may install a fake into a running worker. `note` tells
   * diagnostics what a person may want to know once (a refused answer schema).
   */
  constructor(
    private readonly lookup: () => LanguageModelApi | undefined,
    private readonly idleMs = 5 * 60_000,
    private readonly note: (message: string) => void = () => {},
  ) {}

  private get api(): LanguageModelApi | undefined {
    return this.lookup();
  }

  /** One backend without models: every target opens this port. */
  open(): AIPort {
    return this;
  }

  async availability(): Promise<ModelAvailability> {
    if (!this.api) return 'unavailable';
    try {
      return await this.api.availability(MODEL_OPTIONS);
    } catch {
      return 'unavailable';
    }
  }

  /** Its availability and, when it cannot be used here at all, why. */
  async status(): Promise<PortStatus> {
    if (!this.api) return { availability: 'unavailable', reason: NO_PROMPT_API };
    const availability = await this.availability();
    return availability === 'unavailable' ? { availability, reason: DEVICE_UNSUPPORTED } : { availability };
  }

  async complete(call: RoleCall): Promise<string> {
    const { signal } = call;
    // The same words as Options' line for this state; the worker never downloads a model that is not there.
    const status = await this.status();
    if (status.availability !== 'available') throw new AIFailure(browserModelUnusable(status));
    this.keepAlive();
    let session: ModelSession;
    try {
      session = await (await this.baseSession()).clone({ signal });
    } catch (error) {
      this.base = undefined;
      if (signal.aborted) throw abortFailure(signal);
      throw new AIFailure({ kind: 'unavailable', message: `${BROWSER_MODEL} could not start: ${errorText(error)}` });
    }
    try {
      return await this.prompt(session, call);
    } catch (error) {
      if (error instanceof AIFailure) throw error;
      if (signal.aborted) throw abortFailure(signal);
      if (error instanceof DOMException && error.name === 'QuotaExceededError')
        throw new AIFailure({ kind: 'bad_request', message: `the prompt is too long for ${BROWSER_MODEL} (${error.message})` });
      throw new AIFailure({ kind: 'api_error', message: `${BROWSER_MODEL} failed: ${errorText(error)}` });
    } finally {
      session.destroy();
    }
  }

  /** Destroys the kept session (the worker is done with it). */
  dispose(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    const base = this.base;
    this.base = undefined;
    void base?.then((s) => s.destroy()).catch(() => undefined);
  }

  /**
   * The answer schema steers generation where the browser takes it. A browser that refuses it is asked
   * once more without it (the strict parser still decides), and diagnostics say so once.
   */
  private async prompt(session: ModelSession, { role, prompt, schema, signal }: RoleCall): Promise<string> {
    if (!this.unconstrained.has(role)) {
      try {
        await this.checkRoom(session, prompt, { responseConstraint: schema, signal });
        return await session.prompt(prompt, { responseConstraint: schema, signal });
      } catch (error) {
        if (!isRefusedConstraint(error) || signal.aborted) throw error;
        if (this.unconstrained.size === 0)
          this.note(
            `${BROWSER_MODEL} refused the ${role} answer's schema (${errorText(error)}): asking without one; answers are parsed as strictly`,
          );
        this.unconstrained.add(role);
      }
    }
    await this.checkRoom(session, prompt, { signal });
    return await session.prompt(prompt, { signal });
  }

  private baseSession(): Promise<ModelSession> {
    this.base ??= this.api!.create({ ...MODEL_OPTIONS, initialPrompts: [{ role: 'system', content: SYSTEM_PROMPT }] });
    return this.base;
  }

  private keepAlive(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.dispose(), this.idleMs);
  }

  /** Input beyond what the session can take is an error with its numbers, never a silent truncation. */
  private async checkRoom(session: ModelSession, prompt: string, options: Parameters<typeof contextRoom>[2]): Promise<void> {
    const room = await contextRoom(session, prompt, options);
    if (room && room.needed > room.left)
      throw new AIFailure({
        kind: 'bad_request',
        message: `the prompt is too long for ${BROWSER_MODEL} (${Math.round(room.needed)} tokens, ${Math.round(room.left)} left)`,
        hint: 'shorter titles or commitment text fit; the CLI backends take longer prompts',
      });
  }
}
