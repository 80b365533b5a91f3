// The test-only fake of the browser's built-in model, put into the running service worker (it is never in a build).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'playwright-core';

const FAKE_ENTRY = fileURLToPath(new URL('./fixtures/fake-model-entry.ts', import.meta.url));

let script: Promise<string> | undefined;

/** The fake as one script: evaluated in the worker, it becomes its `LanguageModel`. */
export function fakeModelScript(): Promise<string> {
  script ??= build({ entryPoints: [FAKE_ENTRY], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2022' }).then(
    (out) => out.outputFiles[0]!.text,
  );
  return script;
}

/** Gives the running worker the fake model, or takes it away (as a browser without one). */
export async function setFakeModel(sw: Worker, present: boolean): Promise<void> {
  if (present) await sw.evaluate(await fakeModelScript());
  else await sw.evaluate(() => void delete (globalThis as { LanguageModel?: unknown }).LanguageModel);
}
