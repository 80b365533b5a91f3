// The coach's one optional question: read strictly, and whatever the model sent there, the plan stands.
import { describe, expect, it } from 'vitest';
import { ANSWER_SCHEMAS, buildCoachPrompt, parseCoach, readCoachQuestion } from '../../../shared/ai';
import { MAX_ANSWER_CHARS, MAX_ANSWER_ALLOWED, MAX_QUESTION_CHARS } from '../../../shared/ai/coach-question';
import { PROMPT_LIMITS } from '../../../shared/core/core-limits';

const PLAN = { next_action: 'Draft the Q3 deck', success_condition: 'the deck is sent to Ana', allowed: ['docs.google.com'] };
const QUESTION = {
  ask: 'What does the review draw on?',
  answers: [
    { answer: "Last quarter's sheet and the CRM", allowed: ['sheets.google.com', 'crm.example.com'] },
    { answer: 'The team notes in Notion', allowed: ['notion.so'] },
  ],
};
const coach = (extra: Record<string, unknown>) => parseCoach(JSON.stringify({ ...PLAN, ...extra }));

describe('parseCoach with a question', () => {
  it('a reply without it is today’s reply', () => {
    expect(coach({})).toEqual({ nextAction: PLAN.next_action, successCondition: PLAN.success_condition, allowed: PLAN.allowed });
    expect(coach({ question: null })).toEqual(coach({}));
  });

  it('"nothing to ask" (empty ask, no answers: what a constrained model writes) is no question, and nothing dropped', () => {
    expect(coach({ question: { ask: '', answers: [] } })).toEqual(coach({}));
  });

  it('reads a question of two to four answers, cleaned', () => {
    const plan = coach({ question: QUESTION });
    expect(plan.question).toEqual(QUESTION);
    expect(plan.questionDropped).toBeUndefined();
  });

  it.each([
    ['a string', 'What does it involve?', 'the question was not in the shape asked for'],
    ['answers of the wrong type', { ask: 'Which?', answers: ['a', 'b'] }, 'the question was not in the shape asked for'],
    ['one answer', { ask: 'Which?', answers: [{ answer: 'the CRM', allowed: [] }] }, 'the question had 1 usable answer, not 2 to 4'],
    [
      'answers that are the same but for case',
      { ask: 'Which?', answers: [{ answer: 'The CRM' }, { answer: 'the crm' }, { answer: '  ' }] },
      'the question had 1 usable answer, not 2 to 4',
    ],
    ['answers with no question', { ask: ' \u200B', answers: QUESTION.answers }, 'the question had answers but no words'],
  ])('drops %s, keeps the plan, and says why for diagnostics', (_name, question, why) => {
    const plan = coach({ question });
    expect(plan.question).toBeUndefined();
    expect(plan.questionDropped).toBe(why);
    expect(plan.nextAction).toBe(PLAN.next_action);
  });

  it('keeps the first four answers, caps words, drops absurd entries and keeps each answer’s few', () => {
    const answers = Array.from({ length: 7 }, (_, i) => ({
      answer: `${i} ${'w'.repeat(MAX_ANSWER_CHARS)}`,
      allowed: [...Array.from({ length: 10 }, (_, j) => `site${j}.test`), 'x'.repeat(5_000)],
    }));
    const plan = coach({ question: { ask: 'q'.repeat(MAX_QUESTION_CHARS * 2), answers } });
    expect(plan.question?.answers).toHaveLength(4);
    expect(Array.from(plan.question!.ask)).toHaveLength(MAX_QUESTION_CHARS);
    for (const a of plan.question!.answers) {
      expect(Array.from(a.answer)).toHaveLength(MAX_ANSWER_CHARS);
      expect(a.allowed).toHaveLength(MAX_ANSWER_ALLOWED);
    }
  });

  it('a broken question never makes the plan fail; a broken plan still fails as before', () => {
    expect(() => coach({ question: { ask: 7, answers: {} } })).not.toThrow();
    expect(() => parseCoach(JSON.stringify({ ...PLAN, next_action: '', question: QUESTION }))).toThrow(/next_action is empty/);
  });

  it('readCoachQuestion never throws on anything a model may send', () => {
    for (const raw of [0, true, [], {}, { ask: 'x' }, { answers: [] }, { ask: 'x', answers: [{}] }, 'x'.repeat(1e5)]) {
      expect(() => readCoachQuestion(raw)).not.toThrow();
      expect(readCoachQuestion(raw).question).toBeNull();
    }
  });
});

describe('the coach prompt and its answer schema', () => {
  it('asks for at most one question, and nothing when the intention says enough', () => {
    const prompt = buildCoachPrompt('prepare the Q3 review', PROMPT_LIMITS);
    expect(prompt).toContain('Never more than one question.');
    expect(prompt).toContain('ask nothing: {"ask": "", "answers": []}');
  });

  it('the schema makes the question a required object ("nothing to ask" is empty), within Chrome’s keywords', () => {
    const coachSchema = ANSWER_SCHEMAS.coach as { required: string[]; properties: Record<string, { required?: string[] }> };
    expect(coachSchema.required).toContain('question');
    expect(coachSchema.properties.question?.required).toEqual(['ask', 'answers']);
  });
});
