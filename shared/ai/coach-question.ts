// The coach's one optional question (what the work involves) and its strict reader: a bad question costs nothing else.
import * as z from 'zod';
import { cleanAllowed } from './coach-allowed';
import { cleanAndCap } from './sanitize';
import { onFirstUse } from '../util/on-first-use';

/** Longest question kept, in code points (longer ones end with "…"). */
export const MAX_QUESTION_CHARS = 160;
/** Longest answer kept, in code points: it becomes the commitment's Involves, so it stays well inside that field's cap. */
export const MAX_ANSWER_CHARS = 160;
/** Fewest and most answers a question offers: fewer is no choice; more is kept to the first four. */
export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 4;
/** Most allowed entries one answer may add. */
export const MAX_ANSWER_ALLOWED = 6;

/** The question on the wire. `ask: ""` with no answers is "nothing to ask" (the form a constrained model writes). */
export const CoachQuestionSchema = onFirstUse(() =>
  z.object({
    ask: z.string(),
    answers: z.array(z.object({ answer: z.string(), allowed: z.array(z.string()).nullish() })),
  }),
);

/** One answer to click: its words fill Involves; its entries join the allowed list, where the person sees them before Start. */
export interface CoachAnswer {
  answer: string;
  allowed: string[];
}

export interface CoachQuestion {
  ask: string;
  /** Two to four, distinct (ignoring case), none blank. */
  answers: CoachAnswer[];
}

/** What was read: a question, nothing to ask, or why the question was dropped (for diagnostics; the plan stands). */
export type CoachQuestionRead = { question: CoachQuestion } | { question: null; dropped?: string };

/** Reads the coach answer's `question` field; never throws, whatever the model sent there. */
export function readCoachQuestion(raw: unknown): CoachQuestionRead {
  if (raw === undefined || raw === null) return { question: null };
  const wire = CoachQuestionSchema.safeParse(raw);
  if (!wire.success) return { question: null, dropped: 'the question was not in the shape asked for' };
  const ask = cleanAndCap(wire.data.ask, MAX_QUESTION_CHARS);
  const seen = new Set<string>();
  const answers: CoachAnswer[] = [];
  for (const a of wire.data.answers.slice(0, MAX_ANSWERS * 4)) {
    const answer = cleanAndCap(a.answer, MAX_ANSWER_CHARS);
    const key = answer.toLocaleLowerCase();
    if (answer === '' || seen.has(key)) continue;
    seen.add(key);
    answers.push({ answer, allowed: cleanAllowed(a.allowed ?? [], MAX_ANSWER_ALLOWED) });
  }
  if (ask === '' && answers.length === 0) return { question: null };
  if (ask === '') return { question: null, dropped: 'the question had answers but no words' };
  if (answers.length < MIN_ANSWERS)
    return { question: null, dropped: `the question had ${answers.length} usable answer${answers.length === 1 ? '' : 's'}, not 2 to 4` };
  return { question: { ask, answers: answers.slice(0, MAX_ANSWERS) } };
}
