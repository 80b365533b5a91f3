// The AI roles over one port (judge, nudge, coach, and the connection test): build the prompt, complete it, parse strictly.
import { ANSWER_SCHEMAS, type ResponseSchema } from './answer-schemas';
import { buildCoachPrompt, parseCoach, type CoachPlan } from './coach';
import { CONNECTION_TEST_PROMPT, parseConnectionTest } from './connection-test';
import { buildJudgePrompt, parseVerdict, type ObservationSource, type Verdict } from './judge';
import { buildNudgePrompt, parseNudge } from './nudge';
import type { AIRole, PromptCommitment, PromptLimits } from './vocabulary';

/** One role's prompt, as a port receives it: the instructions live in the port's system prompt, sent once. */
export interface RoleCall {
  readonly role: AIRole;
  readonly prompt: string;
  /** The JSON Schema of the answer: a port that can constrain output uses it; the answer is parsed as strictly either way. */
  readonly schema: ResponseSchema;
  /** Aborted when the caller gives up (its timeout, or it moved on). */
  readonly signal: AbortSignal;
  /** How long the backend itself may take, for a port that passes a deadline on (the helper). */
  readonly timeoutMs: number;
}

/**
 * What runs a role: the helper's CLI backends and the browser's built-in model are two of these.
 * `complete` resolves with the raw answer, or throws an AIFailure in the person's words.
 */
export interface AIPort {
  /** The backend's name, as Options stores it and diagnostics show it. */
  readonly name: string;
  complete(call: RoleCall): Promise<string>;
}

/** The roles, each with primitives only, so callers need no AI types. */
export interface AIRoles {
  /** Judges one observation that matched neither list. */
  judge(commitment: PromptCommitment, title: string, app: string, signal: AbortSignal, source?: ObservationSource): Promise<Verdict>;
  /** Judges the recent trajectory inside allowed apps; resolves "" when it is still on track. */
  nudge(commitment: PromptCommitment, recentTitles: readonly string[], signal: AbortSignal): Promise<string>;
  /** Turns a rough intention into a next action, a success condition and suggested allowed entries. */
  coach(intention: string, signal: AbortSignal): Promise<CoachPlan>;
  /** Asks the fixed connection-test question; resolves with the raw answer once it is the object asked for. */
  test(signal: AbortSignal): Promise<string>;
}

/** The roles on `port`, with the core's limits and each call's deadline for the backend. */
export function createAIRoles(port: AIPort, limits: PromptLimits, timeoutMs: number): AIRoles {
  /**
   * An aborted request never yields a result, even if the backend answered: the caller has
   * moved on, and applying a late answer is how stale banners appear.
   */
  const ask = async <T>(role: AIRole, prompt: string, signal: AbortSignal, parse: (text: string) => T): Promise<T> => {
    signal.throwIfAborted();
    const text = await port.complete({ role, prompt, schema: ANSWER_SCHEMAS[role], signal, timeoutMs });
    signal.throwIfAborted();
    return parse(text);
  };
  return {
    judge: (commitment, title, app, signal, source) =>
      ask('judge', buildJudgePrompt(commitment, { title, app, source }, limits), signal, parseVerdict),
    nudge: (commitment, recentTitles, signal) => ask('nudge', buildNudgePrompt(commitment, recentTitles, limits), signal, parseNudge),
    coach: (intention, signal) => ask('coach', buildCoachPrompt(intention, limits), signal, parseCoach),
    test: (signal) => ask('test', CONNECTION_TEST_PROMPT, signal, parseConnectionTest),
  };
}
