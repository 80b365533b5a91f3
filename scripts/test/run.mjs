#!/usr/bin/env node
// `npm test`: every step of scripts/test/steps.mjs, side by side where the two cores allow, then one table of where the time went.
// Usage: npm test [-- --only id,id] (the steps named and what they wait for)   Logs: artifacts/test-logs/<step>.log
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { steps as allSteps } from './steps.mjs';
import { clock, report } from './report.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const logs = join(root, 'artifacts', 'test-logs');
const results = join(root, 'artifacts', 'test-results');
/**
 * What the machine runs at once, in steps' `load` (cores, measured alone): the two cores this suite is made for,
 * a little over, since a step's load is its average and the browser tiers' comes in bursts.
 */
const CAPACITY = 2.6;

function chosen(all) {
  const i = process.argv.indexOf('--only');
  if (i < 0) return all;
  const want = new Set(process.argv[i + 1]?.split(',') ?? []);
  const unknown = [...want].filter((id) => !all.some((s) => s.id === id));
  if (unknown.length) throw new Error(`unknown step ${unknown.join(', ')}; the steps: ${all.map((s) => s.id).join(', ')}`);
  // What the named steps wait for comes too.
  const add = (id) => {
    if (want.has(id)) return;
    want.add(id);
    for (const d of all.find((s) => s.id === id)?.after ?? []) add(d);
  };
  for (const id of [...want]) for (const d of all.find((s) => s.id === id).after) add(d);
  return all.filter((s) => want.has(s.id));
}

/** Runs one command of a step; its output goes to the step's log and, line by line with the step's name, to ours. */
function command(step, argv, log, env) {
  const cpuFile = join(results, `${step.id}.cpu`);
  rmSync(cpuFile, { force: true });
  return new Promise((resolve) => {
    const niced = step.nice ? ['nice', '-n', '19', ...argv] : argv;
    const wrapped = [process.execPath, join(root, 'scripts', 'test', 'cpu-of.mjs'), cpuFile, ...niced];
    const child = spawn(wrapped[0], wrapped.slice(1), { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    step.children.add(child);
    everyChild.add(child);
    let partial = '';
    const relay = (chunk) => {
      log.write(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`[${step.id}] ${line}\n`);
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('error', (error) => {
      log.write(`${argv[0]}: ${error.message}\n`);
      resolve(127);
    });
    child.on('close', (code, signal) => {
      step.children.delete(child);
      everyChild.delete(child);
      if (partial) process.stdout.write(`[${step.id}] ${partial}\n`);
      if (existsSync(cpuFile)) step.cpuMs = (step.cpuMs ?? 0) + Number(readFileSync(cpuFile, 'utf8'));
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

async function runStep(step, env) {
  const log = createWriteStream(join(logs, `${step.id}.log`));
  step.started = Date.now();
  step.parts = [];
  let status = 0;
  if (step.vitestCommand || step.vitestVia) {
    const json = join(results, `${step.id}.json`);
    rmSync(json, { force: true });
    const reporters = ['--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
    const argv = step.vitestCommand ? [...step.vitestCommand, ...reporters] : [...step.vitestVia, ...reporters];
    status = await command(step, argv, log, env);
    step.vitestJson = json;
  } else {
    for (const argv of step.run) {
      const t = Date.now();
      status = await command(step, argv, log, env);
      step.parts.push({
        name: argv
          .slice(argv[0] === 'npm' ? 2 : 0)
          .map((a) => a.replace(/^.*node_modules\/\.bin\//, ''))
          .join(' '),
        ms: Date.now() - t,
      });
      if (status !== 0) break;
    }
  }
  step.ended = Date.now();
  step.status = status;
  await new Promise((resolve) => log.end(resolve));
}

/**
 * What the tracked files hold, as git sees them against HEAD (a fingerprint of `git diff HEAD`): `npm test` must leave it as it
 * was, uncommitted work included. null outside a git checkout (a release tarball), where there is nothing to hold.
 */
function trackedFingerprint() {
  const diff = spawnSync('git', ['diff', 'HEAD', '--binary', '--no-ext-diff'], { cwd: root, maxBuffer: 1 << 30 });
  if (diff.status !== 0) return null;
  const changed = spawnSync('git', ['diff', 'HEAD', '--name-only'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  return { diff: diff.stdout.toString('base64'), changed: new Set(changed ? changed.split('\n') : []) };
}

async function main() {
  const started = Date.now();
  const before = trackedFingerprint();
  mkdirSync(logs, { recursive: true });
  mkdirSync(results, { recursive: true });
  const plan = chosen(allSteps(root)).map((s) => ({ ...s, children: new Set(), state: 'waiting' }));
  // The tiers' own setups find everything built: no tier builds while another reads its files.
  const env = { ...process.env, ANTIDRIFT_TEST_RUN: '1' };
  let failed = null;
  const running = new Set();
  const byId = new Map(plan.map((s) => [s.id, s]));
  const load = () => [...running].reduce((sum, s) => sum + s.load, 0);

  await new Promise((finish) => {
    const schedule = () => {
      if (!failed) {
        for (const step of plan) {
          if (step.state !== 'waiting') continue;
          if (!step.after.every((d) => !byId.has(d) || byId.get(d).state === 'passed')) continue;
          if (running.size > 0 && step.load > 0 && load() + step.load > CAPACITY) continue;
          step.state = 'running';
          running.add(step);
          console.log(`[${step.id}] started at ${clock(Date.now() - started)}`);
          void runStep(step, env).then(() => {
            running.delete(step);
            step.state = step.status === 0 ? 'passed' : step.stopped ? 'stopped' : 'failed';
            console.log(`[${step.id}] ${step.state} after ${clock(step.ended - step.started)}`);
            if (step.status !== 0 && !failed) {
              failed = step;
              // The first failure ends the run: what still runs is stopped, nothing new starts.
              for (const other of running) {
                other.stopped = true;
                for (const child of other.children) killGroup(child);
              }
            }
            schedule();
          });
        }
      }
      if (running.size === 0) finish();
    };
    schedule();
  });

  report(plan, started, Date.now(), join(results, 'times.md'));
  const gallery = join(root, 'artifacts', 'gallery', 'index.html');
  if (plan.some((s) => s.id === 'e2e' && s.state === 'passed') && existsSync(gallery)) console.log(`state gallery: ${gallery}`);
  const after = before && trackedFingerprint();
  if (!failed && after && after.diff !== before.diff) {
    const touched = [...after.changed].filter((f) => !before.changed.has(f));
    console.error(
      `\nnpm test changed tracked files: ${touched.join(', ') || 'files changed before it started'}.\n` +
        'A test writes only under artifacts/ (or a temporary folder); curated pictures are made by `npm run images`.',
    );
    process.exit(1);
  }
  if (failed) {
    const tail = readFileSync(join(logs, `${failed.id}.log`), 'utf8')
      .split('\n')
      .slice(-60)
      .join('\n');
    console.error(`\n${failed.id} failed (exit ${failed.status}); the end of artifacts/test-logs/${failed.id}.log:\n${tail}`);
    process.exit(1);
  }
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Every command still running, for Ctrl+C: their process groups go with us. */
const everyChild = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of everyChild) killGroup(child);
    process.exit(130);
  });
await main();
