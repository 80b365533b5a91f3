// The browser's built-in model as the AI roles' port, against a fake LanguageModel that follows the published API.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendFailure } from '../../background/ai';
import { BrowserModel, MODEL_OPTIONS, NO_PROMPT_API } from '../../background/browser-model';
import { languageModelApi } from '../../shared/ai/prompt-api';
import { AIResponseError, RESPONSE_SCHEMAS, SYSTEM_PROMPT, createAIRoles } from '../../shared/ai';
import { fakeLanguageModel } from '../support/fake-language-model';

const never = () => new AbortController().signal;

async function failureOf(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendFailure);
  return (error as BackendFailure).failure;
}

afterEach(() => vi.useRealTimers());

describe('the built-in model backend', () => {
  it('where LanguageModel does not exist: unavailable, with the reason', async () => {
    expect(languageModelApi({})).toBeUndefined();
    expect(languageModelApi({ LanguageModel: { availability: 1 } })).toBeUndefined();
    const model = new BrowserModel(() => undefined);
    expect(await model.availability()).toBe('unavailable');
    expect(await failureOf(model.complete('x', never(), RESPONSE_SCHEMAS.verdict))).toEqual({
      kind: 'unavailable',
      message: `the browser's built-in model is unavailable: ${NO_PROMPT_API}`,
      hint: 'choose a CLI backend in Options, through the helper',
    });
  });

  it('asks availability with the same options it creates with; the worker never starts a download', async () => {
    const fake = fakeLanguageModel({ state: 'downloadable' });
    const model = new BrowserModel(() => fake);
    const failure = await failureOf(model.complete('x', never(), RESPONSE_SCHEMAS.verdict));
    expect(failure).toMatchObject({ kind: 'unavailable', hint: 'Options → AI backend → Download the built-in model' });
    expect(failure.message).toBe("the browser's built-in model is not downloaded yet: Options → AI backend → Download");
    expect(fake.created).toBe(0);
    expect(fake.availabilityOptions).toEqual([MODEL_OPTIONS]);
  });

  it('judges with the system prompt, the verdict schema as responseConstraint, and the strict parser', async () => {
    const fake = fakeLanguageModel({ respond: () => '{"drifting": true, "reason": "a video, not the parser"}' });
    const roles = createAIRoles(new BrowserModel(() => fake).complete);
    const verdict = await roles.judge.judge('Write the parser tests', 'Cat videos - YouTube', 'youtube.com', never());
    expect(verdict).toMatchObject({ drifting: true, reason: 'a video, not the parser' });
    expect(fake.prompts[0]).toMatchObject({ systemPrompt: SYSTEM_PROMPT, responseConstraint: RESPONSE_SCHEMAS.verdict });
    expect(RESPONSE_SCHEMAS.verdict).toMatchObject({
      type: 'object',
      properties: { drifting: { type: 'boolean' } },
      required: ['drifting'],
    });
  });

  it('reuses one base session across calls; each call prompts its own clone, destroyed after', async () => {
    const fake = fakeLanguageModel({ respond: () => '{"on_track": true}' });
    const model = new BrowserModel(() => fake);
    const roles = createAIRoles(model.complete);
    expect(await roles.nudger.nudge('Write the parser tests', ['parser.test.ts'], never())).toBe('');
    expect(await roles.nudger.nudge('Write the parser tests', ['parser.test.ts', 'lexer.ts'], never())).toBe('');
    expect(fake.created).toBe(3); // the base, then one clone per call
    expect(fake.destroyed).toBe(2);
    model.dispose();
    await Promise.resolve();
    await Promise.resolve();
    expect(fake.destroyed).toBe(3);
  });

  it('destroys the kept session when the worker stops needing it; a new worker creates its own', async () => {
    vi.useFakeTimers();
    const fake = fakeLanguageModel({ respond: () => '{"ok": true}' });
    const model = new BrowserModel(() => fake, 60_000);
    await createAIRoles(model.complete).tester.test(never());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.destroyed).toBe(2); // the clone at once, the base when idle
    // The service worker restarted: a new BrowserModel, a new base session.
    await createAIRoles(new BrowserModel(() => fake).complete).tester.test(never());
    expect(fake.created).toBe(4);
  });

  it('input beyond the quota is an error with its numbers, never a silent truncation', async () => {
    const fake = fakeLanguageModel({ inputQuota: 100 });
    const failure = await failureOf(new BrowserModel(() => fake).complete('x'.repeat(2_000), never(), RESPONSE_SCHEMAS.verdict));
    expect(failure.kind).toBe('bad_request');
    expect(failure.message).toMatch(/too long for the browser's built-in model \(500 tokens, \d+ left\)/);
    expect(fake.prompts).toEqual([]);
  });

  it('a hung prompt is aborted by the timeout and named as one', async () => {
    const fake = fakeLanguageModel({ respond: () => new Promise<string>(() => {}) });
    const failure = await failureOf(new BrowserModel(() => fake).complete('x', AbortSignal.timeout(50), RESPONSE_SCHEMAS.verdict));
    expect(failure).toEqual({ kind: 'timeout', message: "the browser's built-in model gave no answer in time" });
    expect(fake.destroyed).toBe(1);
  });

  it("the caller moving on is not the model's failure: its abort reason passes through", async () => {
    const fake = fakeLanguageModel({ respond: () => new Promise<string>(() => {}) });
    const controller = new AbortController();
    const pending = new BrowserModel(() => fake).complete('x', controller.signal, RESPONSE_SCHEMAS.verdict);
    controller.abort(new Error('session ended'));
    await expect(pending).rejects.toThrow('session ended');
  });

  it('malformed output fabricates nothing: the strict parser refuses it', async () => {
    const fake = fakeLanguageModel({ respond: () => 'Sure! The person seems to be drifting.' });
    const error = await createAIRoles(new BrowserModel(() => fake).complete)
      .judge.judge('Write the parser tests', 'Cat videos', 'youtube.com', never())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AIResponseError);
  });

  it('a model that throws is an api_error in words', async () => {
    const fake = fakeLanguageModel({
      respond: () => {
        throw new DOMException('The model crashed.', 'UnknownError');
      },
    });
    expect(await failureOf(new BrowserModel(() => fake).complete('x', never(), RESPONSE_SCHEMAS.verdict))).toEqual({
      kind: 'api_error',
      message: "the browser's built-in model failed: The model crashed.",
    });
  });
});
