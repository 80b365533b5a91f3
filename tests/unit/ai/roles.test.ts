// createAIRoles: each role builds its prompt, completes it through the port and parses strictly.
import { describe, expect, it } from 'vitest';
import {
  EmptyResponseError,
  InvalidVerdictError,
  NoJSONError,
  ParseError,
  buildCoachPrompt,
  buildNudgePrompt,
  ANSWER_SCHEMAS,
  buildJudgePrompt,
  createAIRoles as createRoles,
  type AIPort,
  type RoleCall,
} from '../../../shared/ai';
import { formatCommitment } from '../../../shared/core/commitment';
import { PROMPT_LIMITS } from '../../../shared/core/core-limits';

/** A fake port that answers with canned text and records what it was asked. */
function fakeComplete(answer: string | (() => Promise<string>)): { complete: AIPort; calls: RoleCall[] } {
  const calls: RoleCall[] = [];
  const complete: AIPort = {
    name: 'fake',
    complete: async (call) => {
      calls.push(call);
      return typeof answer === 'string' ? answer : answer();
    },
  };
  return { complete, calls };
}

const createAIRoles = (port: AIPort) => createRoles(port, PROMPT_LIMITS, 30_000);

const COMMITMENT = { text: formatCommitment('Write the parser tests', 'all tests in parser.test.ts pass'), involves: '' };

describe('createAIRoles', () => {
  it('judge sends the verdict prompt and parses the verdict', async () => {
    const { complete, calls } = fakeComplete('```json\n{"drifting": true, "reason": " Video site, unrelated. "}\n```');
    const { judge } = createAIRoles(complete);
    const signal = new AbortController().signal;
    await expect(judge(COMMITMENT, 'Cats - YouTube', 'youtube.com', signal, 'tab')).resolves.toEqual({
      drifting: true,
      reason: 'Video site, unrelated.',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prompt).toBe(
      buildJudgePrompt(COMMITMENT, { title: 'Cats - YouTube', app: 'youtube.com', source: 'tab' }, PROMPT_LIMITS),
    );
    expect(calls[0]?.signal).toBe(signal);
    expect(calls[0]).toMatchObject({ role: 'judge', schema: ANSWER_SCHEMAS.judge, timeoutMs: 30_000 });
  });

  it('judge without a source still builds the prompt', async () => {
    const { complete, calls } = fakeComplete('{"drifting": false, "reason": ""}');
    const { judge } = createAIRoles(complete);
    await expect(judge(COMMITMENT, 't', 'a', new AbortController().signal)).resolves.toEqual({
      drifting: false,
      reason: '',
    });
    expect(calls[0]?.prompt).toBe(buildJudgePrompt(COMMITMENT, { title: 't', app: 'a' }, PROMPT_LIMITS));
  });

  it('nudge sends the nudge prompt and returns the message or ""', async () => {
    const titles = ['parser.ts — Code', 'Rust macros — Firefox', 'The Rust Book — Firefox'];
    const drifting = fakeComplete('{"on_track": false, "message": "Rust macros look unrelated to the parser tests."}');
    await expect(createAIRoles(drifting.complete).nudge(COMMITMENT, titles, new AbortController().signal)).resolves.toBe(
      'Rust macros look unrelated to the parser tests.',
    );
    expect(drifting.calls[0]?.prompt).toBe(buildNudgePrompt(COMMITMENT, titles, PROMPT_LIMITS));

    const onTrack = fakeComplete('{"on_track": true, "message": ""}');
    await expect(createAIRoles(onTrack.complete).nudge(COMMITMENT, titles, new AbortController().signal)).resolves.toBe('');
  });

  it('coach sends the coach prompt and maps the plan', async () => {
    const { complete, calls } = fakeComplete(
      'Here you go: {"next_action": "Write one failing test", "success_condition": "It fails for the right reason", "allowed": ["code", "vitest.dev"]}',
    );
    await expect(createAIRoles(complete).coach('parser tests', new AbortController().signal)).resolves.toEqual({
      nextAction: 'Write one failing test',
      successCondition: 'It fails for the right reason',
      allowed: ['code', 'vitest.dev'],
    });
    expect(calls[0]?.prompt).toBe(buildCoachPrompt('parser tests', PROMPT_LIMITS));
  });

  it.each([
    ['', EmptyResponseError],
    ['no idea', NoJSONError],
    ['{"drifting": "yes", "reason": "x"}', ParseError],
    ['{"drifting": true, "reason": ""}', InvalidVerdictError],
  ] as const)('surfaces the parser error for %j', async (answer, errorClass) => {
    const { complete } = fakeComplete(answer);
    await expect(createAIRoles(complete).judge(COMMITMENT, 't', 'a', new AbortController().signal)).rejects.toThrow(errorClass);
  });

  it('passes backend failures through unchanged', async () => {
    const failure = new Error('backend timeout');
    const { complete } = fakeComplete(() => Promise.reject(failure));
    await expect(createAIRoles(complete).nudge(COMMITMENT, ['a', 'b'], new AbortController().signal)).rejects.toBe(failure);
  });

  it('does not call the backend when already aborted', async () => {
    const { complete, calls } = fakeComplete('{"on_track": true}');
    const controller = new AbortController();
    controller.abort(new Error('session ended'));
    await expect(createAIRoles(complete).coach('x', controller.signal)).rejects.toThrow('session ended');
    expect(calls).toHaveLength(0);
  });

  it('drops an answer that arrives after the abort', async () => {
    const controller = new AbortController();
    const { complete, calls } = fakeComplete(async () => {
      controller.abort(new Error('stale'));
      return '{"drifting": true, "reason": "late"}';
    });
    await expect(createAIRoles(complete).judge(COMMITMENT, 't', 'a', controller.signal)).rejects.toThrow('stale');
    expect(calls).toHaveLength(1);
  });
});

describe('formatCommitment', () => {
  it.each([
    ['Write the parser tests', 'all tests pass', 'Write the parser tests — all tests pass'],
    ['  Write tests ', ' green ', 'Write tests — green'],
    ['Write tests', '', 'Write tests'],
    ['', 'all tests pass', 'all tests pass'],
    ['', '  ', ''],
  ])('%j + %j → %j', (nextAction, successCondition, expected) => {
    expect(formatCommitment(nextAction, successCondition)).toBe(expected);
  });
});
