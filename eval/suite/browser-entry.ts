// Evaluated inside the extension's service worker by `npm run eval -- --backend browser`: the extension's own
// built-in-model path (BrowserModel, the same prompts and strict parsers), one call per case, answers as plain data.
import { BrowserModel, languageModelApi } from '../../background/ai/browser-model-port';
import { failureOf } from '../../background/ai/failure-words';
import { aiSignal } from '../../background/ai/ai-signal';
import { createAIRoles, type ObservationSource } from '../../shared/ai';
import type { PromptCommitment } from '../../shared/ai/vocabulary';
import { failureText } from '../../shared/core/failure-text';
import { PROMPT_LIMITS } from '../../shared/core/core-limits';

const model = new BrowserModel(languageModelApi);
/** The port's own deadline is the signal's: the built-in model takes no separate timeout. */
const rolesWithin = (timeoutMs: number) => createAIRoles(model, PROMPT_LIMITS, timeoutMs);

type Answer<T> = { ok: true; value: T } | { ok: false; error: string; kind: string };

async function answer<T>(call: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = failureOf(error, 'browser');
    return { ok: false, error: failureText(failure), kind: failure.kind };
  }
}

(globalThis as { __antidriftEval?: unknown }).__antidriftEval = {
  status: () => model.status(),
  judge: (commitment: PromptCommitment, title: string, app: string, source: ObservationSource | undefined, timeoutMs: number) =>
    answer(() => rolesWithin(timeoutMs).judge(commitment, title, app, aiSignal(timeoutMs), source)),
  nudge: (commitment: PromptCommitment, titles: string[], timeoutMs: number) =>
    answer(() => rolesWithin(timeoutMs).nudge(commitment, titles, aiSignal(timeoutMs))),
};
