// The AI roles over one text-completion port (judge, nudge, coach, and the connection test): build the prompt, complete it, parse strictly.
import { buildCoachPrompt, parseCoach, type CoachPlan } from './coach';
import { CONNECTION_TEST_PROMPT, parseConnectionTest } from './connection-test';
import { buildNudgePrompt, parseNudge } from './nudge';
import { RESPONSE_SCHEMAS, type ResponseSchema } from './response-schemas';
import { buildVerdictPrompt, parseVerdict, type ObservationSource, type Verdict } from './verdict';

/**
 * Sends one prompt to the configured backend and resolves with its raw text answer. `schema` is the
 * JSON Schema of the answer the role expects: a backend that can constrain its output uses it; the
 * answer is parsed just as strictly either way.
 */
export type CompleteText = (prompt: string, signal: AbortSignal, schema: ResponseSchema) => Promise<string>;

/** Judges one observation that matched neither list. Primitives only, so callers need no AI types. */
export interface DriftJudge {
  judge(commitment: string, title: string, app: string, signal: AbortSignal, source?: ObservationSource): Promise<Verdict>;
}

/** Judges the recent trajectory inside allowed apps; resolves "" when it is still on track. */
export interface Nudger {
  nudge(commitment: string, recentTitles: string[], signal: AbortSignal): Promise<string>;
}

/** Turns a rough intention into a next action, a success condition and suggested allowed entries. */
export interface Coach {
  coach(intention: string, signal: AbortSignal): Promise<CoachPlan>;
}

/** Asks the fixed connection-test question; resolves with the raw answer once it is the object asked for. */
export interface ConnectionTester {
  test(signal: AbortSignal): Promise<string>;
}

export interface AIRoles {
  judge: DriftJudge;
  nudger: Nudger;
  coach: Coach;
  tester: ConnectionTester;
}

/**
 * An aborted request never yields a result, even if the backend answered: the caller has
 * moved on, and applying a late answer is how stale banners appear.
 */
async function completeAndParse<T>(
  complete: CompleteText,
  prompt: string,
  signal: AbortSignal,
  schema: ResponseSchema,
  parse: (text: string) => T,
): Promise<T> {
  signal.throwIfAborted();
  const text = await complete(prompt, signal, schema);
  signal.throwIfAborted();
  return parse(text);
}

export function createAIRoles(complete: CompleteText): AIRoles {
  return {
    judge: {
      judge: (commitment, title, app, signal, source) =>
        completeAndParse(complete, buildVerdictPrompt(commitment, { title, app, source }), signal, RESPONSE_SCHEMAS.verdict, parseVerdict),
    },
    nudger: {
      nudge: (commitment, recentTitles, signal) =>
        completeAndParse(complete, buildNudgePrompt(commitment, recentTitles), signal, RESPONSE_SCHEMAS.nudge, parseNudge),
    },
    coach: {
      coach: (intention, signal) => completeAndParse(complete, buildCoachPrompt(intention), signal, RESPONSE_SCHEMAS.coach, parseCoach),
    },
    tester: {
      test: (signal) => completeAndParse(complete, CONNECTION_TEST_PROMPT, signal, RESPONSE_SCHEMAS.test, parseConnectionTest),
    },
  };
}
