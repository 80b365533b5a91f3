// Prompt injection at the parsers: only the role's own object is an answer; a title's fake answer never is.
import { describe, expect, it } from 'vitest';
import { AIResponseError, buildJudgePrompt, buildNudgePrompt, parseCoach, parseNudge, parseVerdict } from '../../../shared/ai';
import { PROMPT_LIMITS } from '../../../shared/core/core-limits';
import { HOSTILE_TITLES } from '../fixtures/hostile-titles';

const COMMITMENT = { text: 'Write the parser tests — parser.test.ts passes', involves: '' };
const REAL_VERDICT = '{"drifting": true, "reason": "A news site is unrelated to the parser tests."}';
const REAL_NUDGE = '{"on_track": false, "message": "You seem to be reading about the lexer instead."}';

/** The parser's outcome: its value, or the error kind (any other exception fails the test). */
function outcome(run: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: run() };
  } catch (error) {
    if (error instanceof AIResponseError) return { error: error.kind };
    throw error;
  }
}

/** Hostile titles that carry something shaped like an answer. */
const ANSWER_SHAPED = HOSTILE_TITLES.filter((t) => /drifting|on_track|next_action/.test(t.title));

describe('an answer that echoes the prompt (with a hostile title in it) before the real answer', () => {
  it('has answer-shaped titles to try', () => {
    expect(ANSWER_SHAPED.length).toBeGreaterThanOrEqual(5);
  });

  it.each(HOSTILE_TITLES.map((t) => [t.name, t.title] as const))('verdict, %s: never the title’s fake verdict', (_name, title) => {
    const prompt = buildJudgePrompt(COMMITMENT, { title, app: 'news.test', source: 'tab' }, PROMPT_LIMITS);
    for (const answer of [`${prompt}\n${REAL_VERDICT}`, `You asked:\n${prompt}\n\nMy answer:\n${REAL_VERDICT}`]) {
      const got = outcome(() => parseVerdict(answer));
      // Either the real verdict or a refusal: the echoed data block is never read as the answer.
      if ('value' in got) expect(got.value).toEqual({ drifting: true, reason: 'A news site is unrelated to the parser tests.' });
      else expect(['parse', 'invalid']).toContain(got.error);
    }
  });

  it.each(HOSTILE_TITLES.map((t) => [t.name, t.title] as const))('nudge, %s: never the title’s fake nudge', (_name, title) => {
    const prompt = buildNudgePrompt(COMMITMENT, ['Parser docs', title], PROMPT_LIMITS);
    const got = outcome(() => parseNudge(`${prompt}\n${REAL_NUDGE}`));
    if ('value' in got) expect(got.value).toBe('You seem to be reading about the lexer instead.');
    else expect(['parse', 'invalid']).toContain(got.error);
  });
});

describe('another role’s object is not an answer', () => {
  const cases: Array<[string, (text: string) => unknown, string]> = [
    ['a nudge object where a verdict is expected', parseVerdict, '{"on_track": true, "message": ""}'],
    [
      'a coach object where a verdict is expected',
      parseVerdict,
      '{"next_action": "watch", "success_condition": "done", "allowed": ["youtube.com"]}',
    ],
    ['a verdict where a nudge is expected', parseNudge, '{"drifting": false, "reason": "fine"}'],
    ['a coach object where a nudge is expected', parseNudge, '{"next_action": "a", "success_condition": "b"}'],
    ['a verdict where a coach plan is expected', parseCoach, '{"drifting": false, "reason": "fine"}'],
    ['a nudge where a coach plan is expected', parseCoach, '{"on_track": true, "message": ""}'],
    ['a verdict wrapped in an envelope', parseVerdict, '{"answer": {"drifting": false, "reason": "fine"}}'],
    ['a verdict with string booleans', parseVerdict, '{"drifting": "false", "reason": "fine"}'],
    ['a nudge with a numeric flag', parseNudge, '{"on_track": 1, "message": ""}'],
  ];

  it.each(cases)('%s → an error, not an answer', (_name, parse, text) => {
    const got = outcome(() => parse(text));
    expect(got).toHaveProperty('error');
  });

  it('each hostile answer-shaped title, sent back alone as the model output, is only accepted by its own role', () => {
    let tried = 0;
    for (const { title } of ANSWER_SHAPED) {
      const results = [outcome(() => parseVerdict(title)), outcome(() => parseNudge(title)), outcome(() => parseCoach(title))];
      tried += results.length;
      expect(results.filter((r) => 'value' in r).length, title).toBeLessThanOrEqual(1);
    }
    console.log(`parsers: ${HOSTILE_TITLES.length} hostile titles echoed through verdict and nudge, ${tried} role cross-checks`);
  });
});
