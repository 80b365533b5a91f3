// The browser's built-in model as an AI port, against a fake LanguageModel that follows the published API (both generations of it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserModel, MODEL_OPTIONS, NO_PROMPT_API } from '../../background/ai/browser-model-port';
import { failureOf as wordsOf } from '../../background/ai/failure-words';
import { AIFailure, AIResponseError, ANSWER_SCHEMAS, createAIRoles, type AIPort, type AIRole, type RoleCall } from '../../shared/ai';
import { languageModelApi } from '../../shared/ai/prompt-api';
import { PROMPT_LIMITS } from '../../shared/core/core-limits';
import { SYSTEM_PROMPT } from '../../shared/protocol/system-prompt';
import { fakeLanguageModel } from '../support/fake-language-model';

const never = () => new AbortController().signal;
const PARSER_TESTS = { text: 'Write the parser tests', involves: '' };
const call = (prompt: string, signal = never(), role: AIRole = 'judge'): RoleCall => ({
  role,
  prompt,
  schema: ANSWER_SCHEMAS[role],
  signal,
  timeoutMs: 30_000,
});
const rolesOf = (port: AIPort) => createAIRoles(port, PROMPT_LIMITS, 30_000);
/** The roles on the model, with what it tells diagnostics. */
function notedRoles(fake: ReturnType<typeof fakeLanguageModel>) {
  const notes: string[] = [];
  return {
    roles: rolesOf(
      new BrowserModel(
        () => fake,
        undefined,
        (m) => notes.push(m),
      ),
    ),
    notes,
  };
}

async function failureOf(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AIFailure);
  return wordsOf(error, 'browser');
}

afterEach(() => vi.useRealTimers());

describe('the built-in model backend', () => {
  it('where LanguageModel does not exist: unavailable, with the reason', async () => {
    expect(languageModelApi({})).toBeUndefined();
    expect(languageModelApi({ LanguageModel: { availability: 1 } })).toBeUndefined();
    const model = new BrowserModel(() => undefined);
    expect(await model.availability()).toBe('unavailable');
    expect(await failureOf(model.complete(call('x')))).toEqual({
      kind: 'unavailable',
      message: `the browser's built-in model is unavailable: ${NO_PROMPT_API}`,
      hint: 'choose a CLI backend in Options, through the helper',
    });
  });

  it('asks availability with the same options it creates with; the worker never starts a download', async () => {
    const fake = fakeLanguageModel({ state: 'downloadable' });
    const model = new BrowserModel(() => fake);
    const failure = await failureOf(model.complete(call('x')));
    expect(failure).toMatchObject({ kind: 'unavailable', hint: 'Options → AI backend → Download the built-in model' });
    expect(failure.message).toBe("the browser's built-in model is not downloaded yet: Options → AI backend → Download");
    expect(fake.created).toBe(0);
    expect(fake.availabilityOptions).toEqual([MODEL_OPTIONS]);
  });

  it('judges with the one system prompt, the judge’s answer schema as responseConstraint, and the strict parser', async () => {
    const fake = fakeLanguageModel({ respond: () => '{"drifting": true, "reason": "a video, not the parser"}' });
    const verdict = await rolesOf(new BrowserModel(() => fake)).judge(PARSER_TESTS, 'Cat videos - YouTube', 'youtube.com', never());
    expect(verdict).toMatchObject({ drifting: true, reason: 'a video, not the parser' });
    expect(fake.prompts[0]).toMatchObject({ systemPrompt: SYSTEM_PROMPT, responseConstraint: ANSWER_SCHEMAS.judge });
    // The instructions travel once: in the session's system prompt, not again in the prompt.
    expect(fake.prompts[0]!.input).not.toContain(SYSTEM_PROMPT);
    expect(ANSWER_SCHEMAS.judge).toEqual({
      type: 'object',
      properties: { drifting: { type: 'boolean' }, reason: { type: 'string' } },
      required: ['drifting', 'reason'],
      additionalProperties: false,
    });
  });

  it('reuses one base session across calls; each call prompts its own clone, destroyed after', async () => {
    const fake = fakeLanguageModel();
    const model = new BrowserModel(() => fake);
    const roles = rolesOf(model);
    expect(await roles.nudge(PARSER_TESTS, ['parser.test.ts'], never())).toBe('');
    expect(await roles.nudge(PARSER_TESTS, ['parser.test.ts', 'lexer.ts'], never())).toBe('');
    expect(fake.created).toBe(3); // the base, then one clone per call
    expect(fake.destroyed).toBe(2);
    model.dispose();
    await Promise.resolve();
    await Promise.resolve();
    expect(fake.destroyed).toBe(3);
  });

  it('destroys the kept session when the worker stops needing it; a new worker creates its own', async () => {
    vi.useFakeTimers();
    const fake = fakeLanguageModel();
    const model = new BrowserModel(() => fake, 60_000);
    await rolesOf(model).test(never());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.destroyed).toBe(2); // the clone at once, the base when idle
    // The service worker restarted: a new BrowserModel, a new base session.
    await rolesOf(new BrowserModel(() => fake)).test(never());
    expect(fake.created).toBe(4);
  });

  it.each(['both', 'new-only'] as const)(
    'input beyond the context (%s names) is an error with its numbers, never a silent truncation',
    async (contextNames) => {
      const fake = fakeLanguageModel({ inputQuota: 100, contextNames });
      const failure = await failureOf(new BrowserModel(() => fake).complete(call('x'.repeat(2_000))));
      expect(failure.kind).toBe('bad_request');
      expect(failure.message).toMatch(/too long for the browser's built-in model \(500 tokens, \d+ left\)/);
      expect(fake.prompts).toEqual([]);
    },
  );

  it('a Chrome with only the new context names still gets a prompt that fits', async () => {
    const fake = fakeLanguageModel({ contextNames: 'new-only' });
    const session = await fake.create(MODEL_OPTIONS);
    expect(session.inputQuota).toBeUndefined();
    expect(session.contextWindow).toBe(4096);
    expect(await rolesOf(new BrowserModel(() => fake)).judge(PARSER_TESTS, 'parser.ts', 'code', never())).toEqual({
      drifting: false,
      reason: 'on task',
    });
  });

  it('the answer schemas pass a browser that refuses anyOf and type arrays', async () => {
    const fake = fakeLanguageModel({ schemas: 'no-anyOf-or-type-arrays' });
    const { roles, notes } = notedRoles(fake);
    await roles.judge(PARSER_TESTS, 'parser.ts', 'code', never());
    await roles.nudge(PARSER_TESTS, ['parser.ts'], never());
    await roles.coach('parser tests', never());
    await roles.test(never());
    expect(fake.refusedConstraints).toBe(0);
    expect(fake.prompts.map((p) => p.responseConstraint)).toEqual([
      ANSWER_SCHEMAS.judge,
      ANSWER_SCHEMAS.nudge,
      ANSWER_SCHEMAS.coach,
      ANSWER_SCHEMAS.test,
    ]);
    expect(notes).toEqual([]);
  });

  it('a refused constraint: asked once more without it, said once in diagnostics, and not tried again', async () => {
    const fake = fakeLanguageModel({ schemas: 'none', respond: () => '{"drifting": true, "reason": "headlines"}' });
    const { roles, notes } = notedRoles(fake);
    expect(await roles.judge(PARSER_TESTS, 'News', 'news.test', never())).toEqual({ drifting: true, reason: 'headlines' });
    expect(await roles.judge(PARSER_TESTS, 'More news', 'news.test', never())).toEqual({ drifting: true, reason: 'headlines' });
    expect(fake.refusedConstraints).toBe(1);
    expect(fake.prompts.map((p) => p.responseConstraint)).toEqual([undefined, undefined]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/refused the judge answer's schema .*asking without one/);
  });

  it('a hung prompt is aborted by the timeout and named as one', async () => {
    const fake = fakeLanguageModel({ respond: () => new Promise<string>(() => {}) });
    const failure = await failureOf(new BrowserModel(() => fake).complete(call('x', AbortSignal.timeout(50))));
    expect(failure).toEqual({ kind: 'timeout', message: "the browser's built-in model gave no answer in time" });
    expect(fake.destroyed).toBe(1);
  });

  it("the caller moving on is not the model's failure: its abort reason passes through", async () => {
    const fake = fakeLanguageModel({ respond: () => new Promise<string>(() => {}) });
    const controller = new AbortController();
    const pending = new BrowserModel(() => fake).complete(call('x', controller.signal));
    controller.abort(new Error('session ended'));
    await expect(pending).rejects.toThrow('session ended');
  });

  it('malformed output fabricates nothing: the strict parser refuses it', async () => {
    const fake = fakeLanguageModel({ respond: () => 'Sure! The person seems to be drifting.' });
    const error = await rolesOf(new BrowserModel(() => fake))
      .judge(PARSER_TESTS, 'Cat videos', 'youtube.com', never())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AIResponseError);
    expect(wordsOf(error, 'browser')).toMatchObject({ kind: 'no_json', message: expect.stringMatching(/^browser's answer was unusable/) });
  });

  it('a model that throws is an api_error in words', async () => {
    const fake = fakeLanguageModel({
      respond: () => {
        throw new DOMException('The model crashed.', 'UnknownError');
      },
    });
    expect(await failureOf(new BrowserModel(() => fake).complete(call('x')))).toEqual({
      kind: 'api_error',
      message: "the browser's built-in model failed: The model crashed.",
    });
  });
});
