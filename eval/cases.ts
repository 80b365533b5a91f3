// The labelled evaluation set: one zod schema per case file, and the loader that checks them all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { PromptCommitment } from '../shared/ai/vocabulary';
import { commitmentProblem, involvesProblem, promptCommitment } from '../shared/core/commitment';
import { judgedApp, sequenceProblems } from './page-sequences';

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

/** One page of a mixed-use site, judged on its own as the extension judges it: the site as app, the page's title. */
export const PageCase = z.strictObject({
  id: Id,
  /** The page's address as the browser shows it: the extension keys the verdict by it; the judge is not sent it (the default). */
  url: z.string().max(500),
  title: z.string().max(400),
  drifting: z.boolean(),
  why: z.string().min(10),
});
export type PageCase = z.infer<typeof PageCase>;

/**
 * One walk through a mixed-use site in one session, in the order the pages were opened: work pages and drift pages
 * side by side. Under the seed's rule the first page's verdict stood for the whole site; the report scores both.
 */
export const PageSequence = z
  .strictObject({
    id: Id,
    /** The site as placeOf writes it (`youtube.com`, `reddit.com`, `google.com`). */
    site: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a site is a lower-case host without www.'),
    pages: z.array(PageCase).min(2).max(20),
  })
  .superRefine((seq, ctx) => {
    for (const p of sequenceProblems(seq.site, seq.pages))
      ctx.addIssue({ code: 'custom', message: p.message, path: p.index === null ? ['pages'] : ['pages', p.index, 'url'] });
  });
export type PageSequence = z.infer<typeof PageSequence>;

export const CommitmentCases = z.strictObject({
  id: Id,
  nextAction: Text,
  successCondition: Text,
  /** What the work takes, as the person would write it in Involves: scored with and without (`--involves`). */
  involves: Text,
  judge: z.array(JudgeCase),
  nudge: z.array(NudgeCase),
  /** Pages of mixed-use sites, in sequences on one site each. */
  pages: z.array(PageSequence).default([]),
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
      // Optional in the product, required here: a commitment without it would score the same both ways and dilute the gain.
      const involvesIssue = c.involves.trim() ? involvesProblem(c.involves) : 'say what the work involves';
      if (involvesIssue) throw new Error(`${name}: ${c.id}.involves: ${involvesIssue}`);
      const sequences = c.pages;
      const pages = sequences.flatMap((s) => s.pages);
      for (const id of [
        c.id,
        ...c.judge.map((j) => j.id),
        ...c.nudge.map((n) => n.id),
        ...sequences.map((s) => s.id),
        ...pages.map((p) => p.id),
      ]) {
        if (seen.has(id)) throw new Error(`${name}: duplicate id ${id}`);
        seen.add(id);
      }
      // A page the judge would see exactly as another case of the commitment is one question asked twice (maybe labelled two ways).
      const asked = new Set(c.judge.map((j) => `${j.source}\n${j.app}\n${j.title}`));
      for (const p of pages) {
        const question = `tab\n${judgedApp(p.url)}\n${p.title}`;
        if (asked.has(question)) throw new Error(`${name}: ${p.id}: the judge is asked the same (site, title) by another case of ${c.id}`);
        asked.add(question);
      }
    }
    return parsed.data;
  });
}

/** Which commitment the roles are shown: without its Involves (the prompt as before Involves existed), with it, or both. */
export const INVOLVES_MODES = ['without', 'with', 'both'] as const;
export type InvolvesMode = (typeof INVOLVES_MODES)[number];

/** Where a planned case sits: its kind, the commitment as the roles read it, and whether that carries its Involves. */
interface Planned {
  kind: string;
  commitment: PromptCommitment;
  withInvolves: boolean;
}

/** A page ready to run: its sequence and place in it, and the app the extension would name to the judge. */
export interface PlannedPage extends Planned {
  role: 'page';
  sequence: string;
  site: string;
  step: number;
  app: string;
  case: PageCase;
}

/** A case ready to run: its role, its kind and the commitment in the form the judge and the heads-up see. */
export type PlannedCase = (Planned & { role: 'judge'; case: JudgeCase }) | (Planned & { role: 'nudge'; case: NudgeCase }) | PlannedPage;

export interface PlanOptions {
  kinds?: readonly string[];
  /** Cuts the cases, before `both` asks each twice. */
  limit?: number;
  /** Default `without`: the figures stay comparable with runs from before Involves. */
  involves?: InvolvesMode;
}

/**
 * The cases in a stable order (file, commitment, judge, nudge then pages), narrowed to `kinds` and cut at `limit`; with
 * `both`, each case is asked without its commitment's Involves and then with it, side by side.
 */
export function planCases(files: readonly CaseFile[], opts: PlanOptions = {}): PlannedCase[] {
  // Each case once, as [without, with]: the two differ only in the commitment the roles are shown.
  const pairs: [PlannedCase, PlannedCase][] = [];
  for (const file of files) {
    if (opts.kinds && opts.kinds.length > 0 && !opts.kinds.includes(file.kind)) continue;
    for (const c of file.commitments) {
      const without = { kind: file.kind, commitment: promptCommitment({ ...c, involves: '' }), withInvolves: false };
      const withIt = { kind: file.kind, commitment: promptCommitment(c), withInvolves: true };
      const pair = <T extends object>(p: T): [T & Planned, T & Planned] => [
        { ...p, ...without },
        { ...p, ...withIt },
      ];
      for (const j of c.judge) pairs.push(pair({ role: 'judge' as const, case: j }));
      for (const n of c.nudge) pairs.push(pair({ role: 'nudge' as const, case: n }));
      for (const seq of c.pages)
        seq.pages.forEach((page, step) =>
          pairs.push(pair({ role: 'page' as const, sequence: seq.id, site: seq.site, step, app: judgedApp(page.url), case: page })),
        );
    }
  }
  const cut = opts.limit === undefined ? pairs : pairs.slice(0, opts.limit);
  const mode = opts.involves ?? 'without';
  return cut.flatMap(([without, withIt]) => (mode === 'without' ? [without] : mode === 'with' ? [withIt] : [without, withIt]));
}
