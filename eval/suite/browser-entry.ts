// Evaluated inside the extension's service worker by `npm run eval -- --backend browser`: the extension's own
// built-in-model path (BrowserModel, the same prompts and strict parsers), one call per case, answers as plain data.
import { aiSignal, describeFailure } from '../../background/ai';
import { BrowserModel, languageModelApi } from '../../background/browser-model';
import { createAIRoles } from '../../shared/ai';
import type { ObservationSource } from '../../shared/ai';
import { failureText } from '../../shared/messages/failure-text';

const model = new BrowserModel(languageModelApi);
const roles = createAIRoles(model.complete);

type Answer<T> = { ok: true; value: T } | { ok: false; error: string; kind: string };

async function answer<T>(call: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const failure = describeFailure(error, 'browser');
    return { ok: false, error: failureText(failure), kind: failure.kind };
  }
}

(globalThis as { __antidriftEval?: unknown }).__antidriftEval = {
  status: () => model.status(),
  judge: (commitment: string, title: string, app: string, source: ObservationSource | undefined, timeoutMs: number) =>
    answer(() => roles.judge.judge(commitment, title, app, aiSignal(timeoutMs), source)),
  nudge: (commitment: string, titles: string[], timeoutMs: number) =>
    answer(() => roles.nudger.nudge(commitment, titles, aiSignal(timeoutMs))),
};
