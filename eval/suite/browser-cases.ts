// Runs planned cases on the browser's built-in model: the person's Chrome with the built extension, the cases asked inside its worker.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Worker } from 'playwright-core';
import type { PromptCommitment } from '../../shared/ai/vocabulary';
import type { PlannedCase } from '../cases';
import type { Outcome } from './outcomes';
import { caseFields, pageFields, type RunCasesOptions, type RunCasesResult } from './run-cases';

export const EXTENSION_DIR = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));
const ENTRY = fileURLToPath(new URL('./browser-entry.ts', import.meta.url));
/** Its own profile, kept: Chrome keeps the model per installation, and a profile keeps the extension's state apart from the person's. */
export const DEFAULT_PROFILE = join(homedir(), '.local', 'share', 'antidrift', 'eval-browser-profile');
const DOWNLOAD_WAIT_MS = 30 * 60_000;

export interface BrowserRunOptions extends Omit<RunCasesOptions, 'backend' | 'model' | 'env' | 'concurrency'> {
  browserPath: string;
  profileDir: string;
  /** For tests only: a script evaluated in the worker first (a fake LanguageModel where the browser has none). */
  injectScript: string | undefined;
  headless: boolean;
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: string; kind: string };
/** What browser-entry.ts puts on the worker's global (named in full inside each evaluated function: it runs there, not here). */
interface EvalApi {
  status(): Promise<{ availability: string; reason?: string }>;
  judge(
    c: PromptCommitment,
    t: string,
    a: string,
    s: string | undefined,
    ms: number,
  ): Promise<Answer<{ drifting: boolean; reason?: string }>>;
  nudge(c: PromptCommitment, titles: string[], ms: number): Promise<Answer<string>>;
}

async function entryScript(): Promise<string> {
  const out = await build({ entryPoints: [ENTRY], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022' });
  return out.outputFiles[0]!.text;
}

export async function runCasesInBrowser(planned: readonly PlannedCase[], opts: BrowserRunOptions): Promise<RunCasesResult> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json')))
    return { outcomes: [], hostVersion: undefined, stoppedBecause: `the extension is not built (${EXTENSION_DIR}): run \`npm run build\`` };
  mkdirSync(opts.profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(opts.profileDir, {
    executablePath: opts.browserPath,
    headless: opts.headless,
    args: [
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      // Google Chrome 137+ ignores --load-extension unless this is turned off.
      '--disable-features=DisableLoadExtensionCommandLineSwitch',
      '--no-first-run',
    ],
  });
  try {
    const sw: Worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
    if (opts.injectScript) await sw.evaluate(readFileSync(opts.injectScript, 'utf8'));
    await sw.evaluate(await entryScript());
    let status = await sw.evaluate(() => (globalThis as unknown as { __antidriftEval: EvalApi }).__antidriftEval.status());
    if (status.availability === 'downloadable' || status.availability === 'downloading') {
      // The browser downloads the model only for a click on a page: Options' button, clicked here.
      opts.log(`the built-in model is ${status.availability}: starting its download from Options (once per browser)`);
      const page = await context.newPage();
      await page.goto(`chrome-extension://${new URL(sw.url()).host}/options.html`);
      await page.getByTestId('browser-model-download').click();
      const deadline = Date.now() + DOWNLOAD_WAIT_MS;
      while (status.availability !== 'available' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 2_000));
        status = await sw.evaluate(() => (globalThis as unknown as { __antidriftEval: EvalApi }).__antidriftEval.status());
      }
      await page.close();
    }
    if (status.availability !== 'available')
      return {
        outcomes: [],
        hostVersion: undefined,
        stoppedBecause: `the browser's built-in model is ${status.availability}${status.reason ? `: ${status.reason}` : ''}`,
      };
    // A persistent context has no Browser object to ask: the worker's user agent names the build.
    const userAgent = await sw.evaluate(() => navigator.userAgent);
    const version = /(?:Chrome|Chromium)\/([\d.]+)/.exec(userAgent)?.[1] ?? userAgent;
    const timeoutMs = opts.timeoutSeconds * 1000;
    const outcomes: Outcome[] = [];
    // One at a time: one on-device model.
    for (const [index, p] of planned.entries()) {
      const started = performance.now();
      let outcome: Outcome;
      if (p.role === 'judge' || p.role === 'page') {
        const c = p.case;
        // A page of a mixed-use site is judged as the extension judges it: a tab, its site as the app.
        const [app, source] = p.role === 'page' ? [p.app, 'tab' as const] : [p.case.app, p.case.source];
        const a = await sw.evaluate(
          ([commitment, title, app, source, ms]) =>
            (globalThis as unknown as { __antidriftEval: EvalApi }).__antidriftEval.judge(commitment, title, app, source, ms),
          [p.commitment, c.title, app, source, timeoutMs] as const,
        );
        const where = p.role === 'page' ? pageFields(p) : ({ role: 'judge', ...caseFields(p) } as const);
        const base = { ...where, expected: c.drifting, ms: performance.now() - started };
        outcome = a.ok
          ? { ...base, got: a.value.drifting, ...(a.value.reason ? { reason: a.value.reason } : {}) }
          : { ...base, error: a.error };
        if (!a.ok && a.kind === 'unavailable')
          return { outcomes: [...outcomes, outcome], hostVersion: undefined, browserVersion: version, stoppedBecause: a.error };
      } else {
        const c = p.case;
        const a = await sw.evaluate(
          ([commitment, titles, ms]) =>
            (globalThis as unknown as { __antidriftEval: EvalApi }).__antidriftEval.nudge(commitment, titles, ms),
          [p.commitment, c.titles, timeoutMs] as const,
        );
        const base = { role: 'nudge' as const, ...caseFields(p), expected: c.onTrack, ms: performance.now() - started };
        outcome = a.ok ? { ...base, got: a.value === '', message: a.value } : { ...base, error: a.error };
      }
      outcomes.push(outcome);
      opts.onOutcome(outcome, index);
    }
    return { outcomes, hostVersion: undefined, browserVersion: version };
  } finally {
    await context.close().catch(() => {});
  }
}
