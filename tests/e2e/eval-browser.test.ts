// `npm run eval -- --backend browser`: the labelled cases asked inside the extension's own worker, in a real Chromium.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fakeModelScript } from './fake-model';
import { e2eDisplay } from './harness';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCaseFiles, planCases } from '../../eval/cases';
import { ResultsFile } from '../../eval/suite/results-file';
import { CHROMIUM_PATH, REPO_ROOT } from '../../harness/chromium';

const root = mkdtempSync(join(tmpdir(), 'antidrift-eval-browser-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function runEval(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        join(REPO_ROOT, 'eval/run.mjs'),
        '--backend',
        'browser',
        '--browser-path',
        CHROMIUM_PATH,
        '--browser-profile',
        join(root, 'profile'),
        ...args,
      ],
      { env: { ...process.env, DISPLAY: e2eDisplay() }, timeout: 80_000, encoding: 'utf8' },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

describe('the evaluation on the built-in model', () => {
  it("Debian's Chromium has no model: the run stops at once and says why; nothing is scored", async () => {
    const out = join(root, 'none.json');
    const r = await runEval(['--kind', 'coding', '--limit', '4', '--out', out]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain("eval: stopped: the browser's built-in model is unavailable: the browser says it cannot run here");
    expect(r.stdout).not.toContain('precision');
  }, 90_000);

  it('with a model in the worker (a test-only fake), every planned case is asked through the extension and scored', async () => {
    const fake = join(root, 'fake-model.js');
    writeFileSync(fake, await fakeModelScript());
    const out = join(root, 'fake.json');
    const r = await runEval(['--kind', 'coding', '--limit', '6', '--out', out, '--inject-script', fake]);
    expect(r.code, r.stderr).toBe(0);
    const planned = planCases(loadCaseFiles(), { kinds: ['coding'], limit: 6 });
    const results = ResultsFile.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(results.backend).toBe('browser');
    expect(results.browserVersion).toMatch(/^\d+\./);
    expect(results.hostVersion).toBeUndefined();
    expect(results.outcomes).toHaveLength(planned.length);
    // The fake says "not drifting" and "on track" to every case here: every answer is an answer, scored against its label.
    expect(results.outcomes.every((o) => o.got !== undefined && o.error === undefined)).toBe(true);
    expect(r.stdout).toMatch(/browser — \d+ of \d+ cases/);
  }, 90_000);
});
