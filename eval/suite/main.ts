// `npm run eval`: the labelled cases through the real host and backend; figures printed and kept in eval/results.json.
import { fileURLToPath } from 'node:url';
import { loadCaseFiles, planCases, type InvolvesMode } from '../cases';
import { parseEvalArgs, USAGE } from './args';
import { existsSync } from 'node:fs';
import { HOST_ENTRY } from './host-port';
import { formatInvolvesReport, involvesScores, type InvolvesScores } from './involves-report';
import { answered, outcomeKey, type Outcome } from './outcomes';
import { formatReport } from './report';
import { promptsHash, readPrevious, writeResults, RESULTS_VERSION, type ResultsFile } from './results-file';
import { runCases } from './run-cases';
import { DEFAULT_PROFILE, runCasesInBrowser } from './browser-cases';
import { score } from './score';

/** The run in words: `calls` planned (with `both`, two per case), `done` of them answered so far when given. */
function scope(calls: number, involves: InvolvesMode, done?: number): string {
  const of = done === undefined ? '' : `${done} of `;
  if (involves === 'both') return `${of}${calls} calls: ${calls / 2} cases, each asked without and with Involves`;
  return `${of}${calls} cases${involves === 'with' ? ', with Involves' : ''}`;
}

const DEFAULT_OUT = fileURLToPath(new URL('../results.json', import.meta.url));

export async function main(argv: string[]): Promise<number> {
  const parsed = parseEvalArgs(argv);
  if (parsed.ok === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!parsed.ok) {
    process.stderr.write(`eval: ${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  const args = parsed.args;
  const inBrowser = args.backend === 'browser';
  if (!inBrowser && !existsSync(HOST_ENTRY)) {
    process.stderr.write(`eval: the host is not built (${HOST_ENTRY} missing): run \`npm run build\` first\n`);
    return 2;
  }
  let files;
  try {
    files = loadCaseFiles();
  } catch (error) {
    process.stderr.write(`eval: the case files are not usable: ${(error as Error).message}\n`);
    return 2;
  }
  const unknown = args.kinds.filter((kind) => !files.some((f) => f.kind === kind));
  if (unknown.length > 0) {
    process.stderr.write(`eval: no such kind: ${unknown.join(', ')} (there are: ${files.map((f) => f.kind).join(', ')})\n`);
    return 2;
  }
  const planned = planCases(files, { kinds: args.kinds, limit: args.limit, involves: args.involves });
  const out = args.out ?? DEFAULT_OUT;
  const model = args.model ?? null;
  const hash = promptsHash();
  const previous = args.fresh ? { none: '--fresh' } : readPrevious(out, args.backend, model, hash);
  // Failed cases are asked again; answered ones are kept (they answered these very prompts).
  const kept: Outcome[] = 'file' in previous ? previous.file.outcomes.filter(answered) : [];
  // A case asked with Involves is another question than the same case without: each is kept, and asked, on its own.
  const plannedKey = (p: (typeof planned)[number]) => outcomeKey({ role: p.role, id: p.case.id, withInvolves: p.withInvolves });
  const keptIds = new Set(kept.map(outcomeKey));
  const todo = planned.filter((p) => !keptIds.has(plannedKey(p)));
  const plannedIds = new Set(planned.map(plannedKey));
  process.stderr.write(
    `eval: ${scope(planned.length, args.involves)} on ${args.backend}${model ? ` (${model})` : ''}; ` +
      ('file' in previous
        ? `${planned.length - todo.length} answered earlier, ${todo.length} to ask`
        : `${previous.none}, ${todo.length} to ask`) +
      '\n',
  );

  // What the run keeps; the scores are worked out from its outcomes at each save.
  const file: Omit<ResultsFile, keyof InvolvesScores> = {
    version: RESULTS_VERSION,
    backend: args.backend,
    model,
    promptsHash: hash,
    startedAt: 'file' in previous ? previous.file.startedAt : new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    outcomes: kept,
  };
  const save = (): void => writeResults(out, { ...file, updatedAt: new Date().toISOString(), ...involvesScores(file.outcomes) });
  let done = 0;
  // The host's own log only matters when something went wrong: kept, and shown if the run stops.
  const hostLog: string[] = [];
  const onOutcome = (outcome: Outcome) => {
    file.outcomes = [...file.outcomes, outcome];
    save();
    done++;
    const mark = !answered(outcome) ? 'failed' : outcome.got === outcome.expected ? 'ok' : 'MISS';
    process.stderr.write(
      `[${String(done).padStart(3)}/${todo.length}] ${outcome.id} ${outcome.role}${outcome.withInvolves ? ' +involves' : ''} ${mark} ${Math.round(outcome.ms)} ms\n`,
    );
  };
  const log = (line: string) => {
    hostLog.push(line);
    if (hostLog.length > 20) hostLog.shift();
  };
  const result = inBrowser
    ? await runCasesInBrowser(todo, {
        browserPath: args.browserPath!,
        profileDir: args.browserProfile ?? DEFAULT_PROFILE,
        injectScript: args.injectScript,
        headless: args.headless,
        timeoutSeconds: args.timeoutSeconds,
        log: (line) => {
          process.stderr.write(`eval: ${line}\n`);
          log(line);
        },
        onOutcome,
      })
    : await runCases(todo, {
        backend: args.backend,
        model: args.model,
        timeoutSeconds: args.timeoutSeconds,
        concurrency: args.concurrency,
        env: process.env,
        log,
        onOutcome,
      });
  if (result.hostVersion) file.hostVersion = result.hostVersion;
  if (result.browserVersion) file.browserVersion = result.browserVersion;
  save();
  // The report covers the cases this run was asked about, earlier answers included.
  const outcomes = file.outcomes.filter((o) => plannedIds.has(outcomeKey(o)));
  const s = score(outcomes);
  // No figures for a run that got no answer: a table of dashes would only look like a result.
  if (outcomes.some(answered)) {
    const title = `${args.backend}${model ? ` ${model}` : ''} — ${scope(planned.length, args.involves, outcomes.length)}`;
    process.stdout.write(`${args.involves === 'both' ? formatInvolvesReport(title, outcomes) : formatReport(title, outcomes, s)}\n`);
  }
  process.stdout.write(`\nresults: ${out}\n`);
  if (result.stoppedBecause) {
    process.stderr.write(`${hostLog.map((line) => `eval: ${line}\n`).join('')}eval: stopped: ${result.stoppedBecause}\n`);
    return 2;
  }
  if (args.strict && (s.misses.length > 0 || s.failures.length > 0 || outcomes.length < planned.length)) return 1;
  return 0;
}
