// eval/results.json: what a run asked and was answered, written after every case so an interrupted run resumes.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod';
import { ANSWER_SCHEMAS, buildJudgePrompt, buildNudgePrompt } from '../../shared/ai';
import { PROMPT_LIMITS } from '../../shared/core/core-limits';
import { SYSTEM_PROMPT } from '../../shared/protocol/system-prompt';
import { Outcome } from './outcomes';
import type { InvolvesScores } from './involves-report';

export const RESULTS_VERSION = 1;

export const ResultsFile = z.object({
  version: z.literal(RESULTS_VERSION),
  backend: z.string(),
  model: z.string().nullable(),
  /** Answers are only reused while the prompts they answered are the same. */
  promptsHash: z.string(),
  hostVersion: z.string().optional(),
  /** The browser whose built-in model answered (backend `browser`). */
  browserVersion: z.string().optional(),
  startedAt: z.string(),
  updatedAt: z.string(),
  outcomes: z.array(Outcome),
  /** The outcomes asked without Involves (every run before Involves was one of these). */
  score: z.unknown().optional(),
  /** The outcomes asked with the commitment's Involves, when there are any. */
  scoreWithInvolves: z.unknown().optional(),
  /** With minus without, figure by figure, when the file holds both. */
  involvesGain: z.unknown().optional(),
});
export type ResultsFile = z.infer<typeof ResultsFile>;

/**
 * A fingerprint of the prompts the roles build (same input, same prompt): a prompt change invalidates old answers. Both
 * forms are probed, without Involves and with it: a change to either is a change to the prompts.
 */
export function promptsHash(): string {
  const observation = { title: 'title', app: 'app', source: 'tab' } as const;
  const probe = [
    SYSTEM_PROMPT,
    ...[
      { text: 'commitment', involves: '' },
      { text: 'commitment', involves: 'involves' },
    ].flatMap((c) => [buildJudgePrompt(c, observation, PROMPT_LIMITS), buildNudgePrompt(c, ['one', 'two'], PROMPT_LIMITS)]),
    JSON.stringify(ANSWER_SCHEMAS),
  ].join('\n\u0000\n');
  return createHash('sha256').update(probe).digest('hex').slice(0, 16);
}

export type Previous = { file: ResultsFile } | { none: string };

/** Earlier answers for this backend, model and prompts, or why there are none to reuse. */
export function readPrevious(path: string, backend: string, model: string | null, hash: string): Previous {
  if (!existsSync(path)) return { none: 'no earlier results' };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { none: `earlier results unreadable (${(error as Error).message}); starting over` };
  }
  const parsed = ResultsFile.safeParse(raw);
  if (!parsed.success) return { none: `earlier results in an unknown shape (${parsed.error.issues[0]?.message}); starting over` };
  const file = parsed.data;
  if (file.backend !== backend || file.model !== model)
    return { none: `earlier results are for ${file.backend}${file.model ? ` ${file.model}` : ''}; starting over` };
  if (file.promptsHash !== hash) return { none: 'the prompts changed since the earlier results; starting over' };
  return { file };
}

/** Writes beside the file, then renames: a run killed mid-write leaves the previous file whole. */
export function writeResults(path: string, file: Omit<ResultsFile, keyof InvolvesScores> & InvolvesScores): void {
  const tmp = `${path}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(tmp, path);
}
