// The labelled evaluation set: one zod schema per case file, and the loader that checks them all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { commitmentProblem, commitmentText } from '../shared/core/commitment';

/** The hard cases the set must cover; a case may carry several. */
export const CASE_TAGS = [
  'youtube-tutorial',
  'stackoverflow',
  'chat-for-work',
  'neighbouring-docs',
  'news',
  'shopping',
  'social',
  'entertainment',
  'injection',
  'non-english',
  'empty-title',
  'truncated-title',
  'other-work',
  'search',
  'reference',
  'tool',
] as const;
export const CaseTag = z.enum(CASE_TAGS);

const Text = z.string().max(500);
const Id = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'ids are lowercase words joined by -');

/** One observation for the drift judge: a tab (app = the site's domain) or a desktop window (app = program/class). */
export const JudgeCase = z.strictObject({
  id: Id,
  source: z.enum(['tab', 'os']),
  app: z.string().max(100),
  title: z.string().max(400),
  drifting: z.boolean(),
  /** Why the label is what it is, for the person reading a failed case. */
  why: z.string().min(10),
  tags: z.array(CaseTag).default([]),
});
export type JudgeCase = z.infer<typeof JudgeCase>;

/** Recent titles inside allowed apps, oldest first, for the heads-up nudge. */
export const NudgeCase = z.strictObject({
  id: Id,
  titles: z.array(z.string().max(400)).min(2).max(10),
  onTrack: z.boolean(),
  why: z.string().min(10),
  tags: z.array(CaseTag).default([]),
});
export type NudgeCase = z.infer<typeof NudgeCase>;

export const CommitmentCases = z.strictObject({
  id: Id,
  nextAction: Text,
  successCondition: Text,
  judge: z.array(JudgeCase),
  nudge: z.array(NudgeCase),
});
export type CommitmentCases = z.infer<typeof CommitmentCases>;

/** One file per kind of commitment (coding, writing, …). */
export const CaseFile = z.strictObject({
  kind: Id,
  commitments: z.array(CommitmentCases).min(1),
});
export type CaseFile = z.infer<typeof CaseFile>;

export const CASES_DIR = fileURLToPath(new URL('./cases/', import.meta.url));

/** Reads and checks every case file; throws with the file and the first problem. */
export function loadCaseFiles(dir: string = CASES_DIR): CaseFile[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const seen = new Set<string>();
  return files.map((name) => {
    const parsed = CaseFile.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Error(`${name}: ${issue.path.join('.')}: ${issue.message}`);
    }
    if (`${parsed.data.kind}.json` !== name) throw new Error(`${name}: kind "${parsed.data.kind}" must match the file name`);
    for (const c of parsed.data.commitments) {
      for (const field of ['nextAction', 'successCondition'] as const) {
        const problem = commitmentProblem(field, c[field]);
        if (problem) throw new Error(`${name}: ${c.id}.${field}: ${problem}`);
      }
      for (const id of [c.id, ...c.judge.map((j) => j.id), ...c.nudge.map((n) => n.id)]) {
        if (seen.has(id)) throw new Error(`${name}: duplicate id ${id}`);
        seen.add(id);
      }
    }
    return parsed.data;
  });
}

/** A case ready to run: its role, its kind and the commitment in the one-line form every AI role sees. */
export type PlannedCase =
  | { role: 'judge'; kind: string; commitment: string; case: JudgeCase }
  | { role: 'nudge'; kind: string; commitment: string; case: NudgeCase };

/** The cases in a stable order (file, commitment, judge then nudge), narrowed to `kinds` and cut at `limit`. */
export function planCases(files: readonly CaseFile[], opts: { kinds?: readonly string[]; limit?: number } = {}): PlannedCase[] {
  const planned: PlannedCase[] = [];
  for (const file of files) {
    if (opts.kinds && opts.kinds.length > 0 && !opts.kinds.includes(file.kind)) continue;
    for (const c of file.commitments) {
      const commitment = commitmentText(c);
      for (const j of c.judge) planned.push({ role: 'judge', kind: file.kind, commitment, case: j });
      for (const n of c.nudge) planned.push({ role: 'nudge', kind: file.kind, commitment, case: n });
    }
  }
  return opts.limit === undefined ? planned : planned.slice(0, opts.limit);
}
