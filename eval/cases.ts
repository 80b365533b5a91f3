// The labelled evaluation set: one zod schema per case file, and the loader that checks them all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { commitmentProblem, commitmentText } from '../shared/core/commitment';
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

/** A page ready to run: its sequence and place in it, and the app the extension would name to the judge. */
export interface PlannedPage {
  role: 'page';
  kind: string;
  commitment: string;
  sequence: string;
  site: string;
  step: number;
  app: string;
  case: PageCase;
}

/** A case ready to run: its role, its kind and the commitment in the one-line form every AI role sees. */
export type PlannedCase =
  | { role: 'judge'; kind: string; commitment: string; case: JudgeCase }
  | { role: 'nudge'; kind: string; commitment: string; case: NudgeCase }
  | PlannedPage;

/** The cases in a stable order (file, commitment, judge, nudge then pages), narrowed to `kinds` and cut at `limit`. */
export function planCases(files: readonly CaseFile[], opts: { kinds?: readonly string[]; limit?: number } = {}): PlannedCase[] {
  const planned: PlannedCase[] = [];
  for (const file of files) {
    if (opts.kinds && opts.kinds.length > 0 && !opts.kinds.includes(file.kind)) continue;
    for (const c of file.commitments) {
      const commitment = commitmentText(c);
      for (const j of c.judge) planned.push({ role: 'judge', kind: file.kind, commitment, case: j });
      for (const n of c.nudge) planned.push({ role: 'nudge', kind: file.kind, commitment, case: n });
      for (const seq of c.pages)
        seq.pages.forEach((page, step) =>
          planned.push({
            role: 'page',
            kind: file.kind,
            commitment,
            sequence: seq.id,
            site: seq.site,
            step,
            app: judgedApp(page.url),
            case: page,
          }),
        );
    }
  }
  return opts.limit === undefined ? planned : planned.slice(0, opts.limit);
}
