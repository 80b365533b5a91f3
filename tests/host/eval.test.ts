// `npm run eval` end to end with a fake claude first on PATH: the real host, real framing, counted and scored exactly,
// pages of mixed-use sites included (page by page, and under the per-site rule they replace), and each case asked
// without and with its commitment's Involves, side by side.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCaseFiles, planCases, type PlannedCase, type PlannedPage } from '../../eval/cases';
import { ResultsFile } from '../../eval/suite/results-file';
import type { InvolvesGain } from '../../eval/suite/involves-report';
import type { Score } from '../../eval/suite/score';
import { buildJudgePrompt, buildNudgePrompt } from '../../shared/ai';
import { PROMPT_LIMITS } from '../../shared/core/core-limits';
import { makeHostEnv, type HostTestEnv } from '../../harness/host-env.js';
import { waitFor } from '../../harness/processes.js';

const require = createRequire(import.meta.url);
const { dataKey } = require('./fixtures/eval-answers.cjs') as { dataKey(prompt: string): string | undefined };
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const KINDS = ['coding', 'writing'];

let hostEnv: HostTestEnv;
afterEach(() => hostEnv?.cleanup());

type Answer = string | { notLoggedIn: true };

function keyOf(p: PlannedCase): string {
  const prompt =
    p.role === 'judge'
      ? buildJudgePrompt(p.commitment, { title: p.case.title, app: p.case.app, source: p.case.source }, PROMPT_LIMITS)
      : p.role === 'page'
        ? // A page is asked as the extension asks it: a tab, its site as the app, its title.
          buildJudgePrompt(p.commitment, { title: p.case.title, app: p.site, source: 'tab' }, PROMPT_LIMITS)
        : buildNudgePrompt(p.commitment, p.case.titles, PROMPT_LIMITS);
  return dataKey(prompt)!;
}

/** The model's text for a case: the label itself, unless `override` says otherwise. */
function correct(p: PlannedCase): string {
  return p.role !== 'nudge'
    ? JSON.stringify({ drifting: p.case.drifting, reason: p.case.drifting ? 'That is not the commitment.' : '' })
    : JSON.stringify({ on_track: p.case.onTrack, message: p.case.onTrack ? '' : 'This looks like other work.' });
}

/** The per-site rule's confusion on these pages when every first page is answered as labelled: its label for the rest. */
function perSiteConfusion(pages: readonly PlannedPage[]): { tp: number; fp: number; fn: number; tn: number } {
  const first = new Map(pages.filter((p) => p.step === 0).map((p) => [p.sequence, p.case.drifting]));
  const count = (expected: boolean, got: boolean) =>
    pages.filter((p) => p.case.drifting === expected && first.get(p.sequence) === got).length;
  return { tp: count(true, true), fp: count(false, true), fn: count(true, false), tn: count(false, false) };
}

function writeAnswers(planned: readonly PlannedCase[], override: (p: PlannedCase) => Answer | undefined = () => undefined): void {
  const answers: Record<string, Answer> = {};
  for (const p of planned) answers[keyOf(p)] = override(p) ?? correct(p);
  expect(Object.keys(answers)).toHaveLength(planned.length); // every case is told apart by its DATA block
  writeFileSync(join(hostEnv.root, 'eval-answers.json'), JSON.stringify(answers));
}

function runEval(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['eval/run.mjs', '--backend', 'claude', '--out', join(hostEnv.root, 'results.json'), ...args],
      {
        cwd: REPO,
        env: hostEnv.env,
        encoding: 'utf8',
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

function results(): ResultsFile & { score: Score } {
  return ResultsFile.parse(JSON.parse(readFileSync(join(hostEnv.root, 'results.json'), 'utf8'))) as ResultsFile & { score: Score };
}

/** The DATA block of every call the fake was asked, in the order asked. */
function askedKeys(): string[] {
  const logFile = join(hostEnv.root, 'eval-calls.log');
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  return log
    .split('\n')
    .filter((line) => line.startsWith('start '))
    .map((line) => JSON.parse(line.slice(line.indexOf(' ', 'start '.length) + 1)) as string);
}

/** The fake's call log: how many calls, the most that were running at once, and how many run now. */
function calls(): { count: number; maxOverlap: number; running: number } {
  const logFile = join(hostEnv.root, 'eval-calls.log');
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
  let running = 0;
  let maxOverlap = 0;
  let count = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('start ')) {
      count++;
      maxOverlap = Math.max(maxOverlap, ++running);
    } else if (line.startsWith('end ')) running--;
  }
  return { count, maxOverlap, running };
}

describe('npm run eval over the real host with a fake claude', () => {
  const planned = planCases(loadCaseFiles(), { kinds: KINDS });
  const judge = planned.filter((p) => p.role === 'judge');
  const nudge = planned.filter((p) => p.role === 'nudge');
  const firstWhere = (pred: (p: PlannedCase) => boolean) => planned.find(pred)!;
  const missedDrift = firstWhere((p) => p.role === 'judge' && p.case.drifting);
  // Two false alarms and one missed drift: counts that differ, so a swapped FP/FN cannot pass.
  const [falseAlarm, secondFalseAlarm] = planned.filter((p) => p.role === 'judge' && !p.case.drifting) as [PlannedCase, PlannedCase];
  const wrongNudge = firstWhere((p) => p.role === 'nudge' && p.case.onTrack);
  const unparseable = firstWhere((p) => p.role === 'judge' && p.case.drifting && p !== missedDrift);
  const pages = planned.filter((p): p is PlannedPage => p.role === 'page');
  const sequences = new Set(pages.map((p) => p.sequence)).size;
  // A work page after its sequence's first: a false alarm page by page, and no change to the per-site rule's reading.
  const wrongPage = pages.find((p) => p.step > 0 && !p.case.drifting)!;

  it('counts every case, scores each against its label, names the misses and fails --strict on them', async () => {
    hostEnv = makeHostEnv();
    writeAnswers(planned, (p) => {
      if (p === missedDrift) return JSON.stringify({ drifting: false, reason: '' });
      if (p === falseAlarm || p === secondFalseAlarm) return JSON.stringify({ drifting: true, reason: 'Looks like a distraction.' });
      if (p === wrongNudge) return JSON.stringify({ on_track: false, message: 'This seems like other work.' });
      if (p === unparseable) return 'I would say they are drifting.';
      if (p === wrongPage) return JSON.stringify({ drifting: true, reason: 'Looks like a distraction.' });
      return undefined;
    });
    const run = await runEval(['--kind', KINDS.join(','), '--strict']);
    expect(run.code, run.stderr).toBe(1);

    const drifting = judge.filter((p) => p.role === 'judge' && p.case.drifting).length;
    const onTask = judge.length - drifting;
    const { score, outcomes } = results();
    expect(outcomes).toHaveLength(planned.length);
    expect(score.calls).toBe(planned.length);
    expect(score.judge).toMatchObject({
      cases: judge.length,
      answered: judge.length - 1,
      errors: 1,
      truePositives: drifting - 2, // one missed, one unparseable
      falseNegatives: 1,
      falsePositives: 2,
      trueNegatives: onTask - 2,
      falseAlarmRate: 2 / onTask,
    });
    expect(score.judge.precision).toBeCloseTo((drifting - 2) / (drifting - 2 + 2), 10);
    expect(score.judge.recall).toBeCloseTo((drifting - 2) / (drifting - 1), 10);
    expect(score.nudge).toMatchObject({
      cases: nudge.length,
      answered: nudge.length,
      agreed: nudge.length - 1,
      falseConcerns: 1,
      missedConcerns: 0,
    });
    const pagesDrifting = pages.filter((p) => p.case.drifting).length;
    const site = perSiteConfusion(pages);
    expect(pages.length).toBeGreaterThan(0);
    expect(score.pages).toMatchObject({
      sequences,
      perPage: { cases: pages.length, answered: pages.length, truePositives: pagesDrifting, falsePositives: 1, falseNegatives: 0 },
      perSite: { cases: pages.length, truePositives: site.tp, falsePositives: site.fp, falseNegatives: site.fn, trueNegatives: site.tn },
      perSiteCalls: sequences,
    });
    expect(score.misses.map((o) => o.id).sort()).toEqual(
      [missedDrift.case.id, falseAlarm.case.id, secondFalseAlarm.case.id, wrongNudge.case.id, wrongPage.case.id].sort(),
    );
    expect(score.failures.map((o) => [o.id, o.error])).toEqual([
      [unparseable.case.id, "claude's answer was unusable: the model response contains no JSON object"],
    ]);

    // The report says the same, in words.
    expect(run.stdout).toContain(`| Judge cases (answered / failed) | ${judge.length} (${judge.length - 1} / 1) |`);
    expect(run.stdout).toContain('Answered against the label (5):');
    expect(run.stdout).toContain(`| Confusion (TP / FP / FN / TN) | ${drifting - 2} / 2 / 1 / ${onTask - 2} |`);
    expect(run.stdout).toContain(`${falseAlarm.case.id} (judge): expected on task, got drifting — Looks like a distraction.`);
    // The pages in a section of their own, beside the per-site rule's reading of the same answers.
    expect(run.stdout).toContain('### Pages of mixed-use sites');
    expect(run.stdout).toContain(
      `| Pages (answered / failed) | ${pages.length} (${pages.length} / 0) | ${pages.length} (${pages.length} / 0) |`,
    );
    expect(run.stdout).toContain(
      `| Confusion (TP / FP / FN / TN) | ${pagesDrifting} / 1 / 0 / ${pages.length - pagesDrifting - 1} | ${site.tp} / ${site.fp} / ${site.fn} / ${site.tn} |`,
    );
    expect(run.stdout).toContain(`| Judge calls | ${pages.length} | ${sequences} |`);
    expect(run.stdout).toContain(
      `${wrongPage.case.id} (page of ${wrongPage.site}): expected on task, got drifting — Looks like a distraction.`,
    );
    // Two at once, as the host allows, and each case asked exactly once.
    expect(calls()).toEqual({ count: planned.length, maxOverlap: 2, running: 0 });
  });

  it('passes --strict when every answer is right, and resumes: answered cases are not asked again', async () => {
    hostEnv = makeHostEnv();
    writeAnswers(planned);
    const first = await runEval(['--kind', KINDS.join(','), '--limit', '10', '--strict']);
    expect(first.code, first.stderr).toBe(0);
    expect(calls().count).toBe(10);
    const second = await runEval(['--kind', KINDS.join(','), '--strict']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`10 answered earlier, ${planned.length - 10} to ask`);
    expect(calls().count).toBe(planned.length);
    expect(results().score).toMatchObject({
      judge: { falsePositives: 0, falseNegatives: 0, errors: 0 },
      nudge: { agreed: nudge.length },
      pages: { perPage: { accuracy: 1 } },
    });
    // Right answers page by page are still wrong under the per-site rule wherever a sequence changes label.
    expect(results().score.pages.perSite.accuracy).toBeLessThan(1);
    expect(second.stdout).toContain('No case answered against its label.');
    const third = await runEval(['--kind', KINDS.join(','), '--strict']);
    expect(third.code).toBe(0);
    expect(calls().count).toBe(planned.length);
    // Three whole eval runs through the real host: about 25 s alone, and up to a minute and more beside the browser tiers.
  }, 180_000);

  it('a run killed midway leaves a whole results file, and the next run asks only what was not answered', async () => {
    hostEnv = makeHostEnv();
    writeAnswers(planned);
    const child = spawn(
      process.execPath,
      ['eval/run.mjs', '--backend', 'claude', '--out', join(hostEnv.root, 'results.json'), '--kind', KINDS.join(',')],
      {
        cwd: REPO,
        env: hostEnv.env,
        stdio: 'ignore',
        // A group of its own, killed whole as a terminal's Ctrl-C would: an orphaned host or backend finishing a call
        // after the kill would be counted against the rerun.
        detached: true,
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await waitFor(() => calls().count >= 12 || undefined, 'a dozen calls', 60_000);
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    // A backend the host had just started runs in a group of its own: its call is the killed run's, so it is
    // let finish (no call running, and no new one for a second) before the rerun's calls are counted.
    let last = { count: -1, at: Date.now() };
    await waitFor(
      () => {
        const now = calls();
        if (now.count !== last.count) last = { count: now.count, at: Date.now() };
        return (now.running === 0 && Date.now() - last.at >= 1_000) || undefined;
      },
      "the killed run's last call to finish",
      30_000,
    );
    const kept = results().outcomes.length;
    expect(kept).toBeGreaterThanOrEqual(9);
    expect(kept).toBeLessThan(planned.length);
    const before = calls().count;
    const rerun = await runEval(['--kind', KINDS.join(','), '--strict']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain(`${kept} answered earlier, ${planned.length - kept} to ask`);
    expect(calls().count - before).toBe(planned.length - kept);
    expect(results().outcomes).toHaveLength(planned.length);
  });

  it('--involves both asks each case without and with its Involves, and scores the two side by side', async () => {
    hostEnv = makeHostEnv();
    const files = loadCaseFiles();
    const both = planCases(files, { kinds: KINDS, involves: 'both' });
    const involvesOf = new Map(
      files.flatMap((f) =>
        f.commitments.flatMap((c) => [...c.judge, ...c.nudge, ...c.pages.flatMap((s) => s.pages)].map((k) => [k.id, c.involves] as const)),
      ),
    );
    // The fake answers by the DATA block: without an "involves" key, a missed drift, two false alarms, a wrong heads-up
    // and a work page called drift; with one, every answer as labelled. Involves has to make exactly that difference.
    const wrongWithout = new Map<string, string>([
      [`judge:${missedDrift.case.id}`, JSON.stringify({ drifting: false, reason: '' })],
      [`judge:${falseAlarm.case.id}`, JSON.stringify({ drifting: true, reason: 'Looks like a distraction.' })],
      [`judge:${secondFalseAlarm.case.id}`, JSON.stringify({ drifting: true, reason: 'Looks like a distraction.' })],
      [`nudge:${wrongNudge.case.id}`, JSON.stringify({ on_track: false, message: 'This seems like other work.' })],
      [`page:${wrongPage.case.id}`, JSON.stringify({ drifting: true, reason: 'Looks like a distraction.' })],
    ]);
    writeAnswers(both, (p) => {
      const involves = 'involves' in (JSON.parse(keyOf(p)) as object);
      expect(involves).toBe(p.withInvolves);
      return involves ? undefined : wrongWithout.get(`${p.role}:${p.case.id}`);
    });
    const run = await runEval(['--kind', KINDS.join(','), '--involves', 'both', '--strict']);
    expect(run.code, run.stderr).toBe(1); // --strict: the misses without Involves count
    expect(both).toHaveLength(2 * planned.length);
    expect(run.stderr).toContain(`eval: ${both.length} calls: ${planned.length} cases, each asked without and with Involves on claude`);
    expect(run.stdout).toContain(
      `## claude — ${both.length} of ${both.length} calls: ${planned.length} cases, each asked without and with Involves`,
    );

    // Each case asked twice: once with no "involves" key in its DATA block, once with its commitment's own words.
    const asked = askedKeys().map((key) => JSON.parse(key) as { commitment: string; involves?: string });
    expect(asked).toHaveLength(both.length);
    expect(asked.filter((d) => d.involves === undefined)).toHaveLength(planned.length);
    for (const p of both) {
      const data = JSON.parse(keyOf(p)) as { involves?: string };
      expect(asked, p.case.id).toContainEqual(data);
      expect(data.involves, p.case.id).toBe(p.withInvolves ? involvesOf.get(p.case.id) : undefined);
    }

    const drifting = judge.filter((p) => p.role === 'judge' && p.case.drifting).length;
    const onTask = judge.length - drifting;
    const file = results() as ReturnType<typeof results> & { scoreWithInvolves: Score; involvesGain: InvolvesGain };
    expect(file.outcomes).toHaveLength(both.length);
    expect(file.outcomes.filter((o) => o.withInvolves)).toHaveLength(planned.length);
    expect(file.score.judge).toMatchObject({ cases: judge.length, falsePositives: 2, falseNegatives: 1 });
    expect(file.score.nudge).toMatchObject({ cases: nudge.length, agreed: nudge.length - 1 });
    expect(file.score.pages.perPage).toMatchObject({ cases: pages.length, falsePositives: 1 });
    expect(file.scoreWithInvolves.judge).toMatchObject({ cases: judge.length, falsePositives: 0, falseNegatives: 0, accuracy: 1 });
    expect(file.scoreWithInvolves.nudge.agreement).toBe(1);
    expect(file.scoreWithInvolves.pages.perPage.accuracy).toBe(1);
    expect(file.involvesGain.judgeAccuracy).toBeCloseTo(3 / judge.length, 10);
    expect(file.involvesGain.falseAlarmRate).toBeCloseTo(-2 / onTask, 10);
    expect(file.involvesGain.nudgeAgreement).toBeCloseTo(1 / nudge.length, 10);
    expect(file.involvesGain.pageAccuracy).toBeCloseTo(1 / pages.length, 10);

    // The report: the two columns and the difference, figure by figure.
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    const pts = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)} pts`;
    const out = run.stdout;
    expect(out).toContain('| Figure | Without Involves | With Involves | Difference |');
    expect(out).toContain(
      `| Judge cases (answered / failed) | ${judge.length} (${judge.length} / 0) | ${judge.length} (${judge.length} / 0) | |`,
    );
    expect(out).toContain(`| Judge accuracy | ${pct((judge.length - 3) / judge.length)} | 100.0 % | ${pts(3 / judge.length)} |`);
    expect(out).toContain(
      `| Confusion (TP / FP / FN / TN) | ${drifting - 1} / 2 / 1 / ${onTask - 2} | ${drifting} / 0 / 0 / ${onTask} | |`,
    );
    expect(out).toContain(`| False-alarm rate (lower is better) | ${pct(2 / onTask)} | 0.0 % | ${pts(-2 / onTask)} |`);
    expect(out).toContain(`| Nudge agreement | ${pct((nudge.length - 1) / nudge.length)} | 100.0 % | ${pts(1 / nudge.length)} |`);
    expect(out).toContain(
      `| Pages: accuracy page by page | ${pct((pages.length - 1) / pages.length)} | 100.0 % | ${pts(1 / pages.length)} |`,
    );
    expect(out).toContain(`| Calls | ${planned.length} | ${planned.length} | |`);
    expect(out).toContain('Involves changed 5 answers: 5 now agree with the label, 0 no longer do.');
    expect(out).toContain('Answered against the label without Involves (5):');
    expect(out).toContain('No case answered against its label with Involves.');
    expect(calls()).toMatchObject({ count: both.length, running: 0 });
  }, 180_000);

  it('--involves takes without, with or both, and nothing else', async () => {
    hostEnv = makeHostEnv();
    const run = await runEval(['--involves', 'sometimes']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('eval: --involves wants without, with, both');
  });

  it('a backend that is not logged in stops the run at once with the login hint; nothing is scored as answered', async () => {
    hostEnv = makeHostEnv();
    writeAnswers(planned, () => ({ notLoggedIn: true }));
    const run = await runEval(['--kind', KINDS.join(',')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/stopped: claude is not logged in \(it says “.*”\) — run `claude` once in a terminal and log in/);
    expect(calls().count).toBeLessThanOrEqual(2);
    const { score } = results();
    expect(score.judge.answered + score.nudge.answered).toBe(0);
    expect(score.judge.precision).toBeNull();
  });
});
