// E2E: the exact sentence a person reads for each way the AI can fail, for claude and ollama, in Options, diagnostics and the popup.
import { chmodSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostPids } from './desktop';
import { e2eForSuite, FAKE_BIN, type E2E } from './harness';
import type { OptionsPage } from './pages';

type Backend = 'claude' | 'ollama';

interface Case {
  backend: Backend;
  what: string;
  /** Puts the failure in place; returns what undoes it. */
  arrange(e2e: E2E, options: OptionsPage): Promise<() => Promise<void>> | (() => Promise<void>);
  /** The sentence every surface shows, whole; a RegExp only where the browser's own words are part of it. */
  reads: string | RegExp;
}

const TIMEOUT_SECONDS = 5;

const fakeMode =
  (backend: Backend, mode: string) =>
  (e2e: E2E): (() => Promise<void>) => {
    e2e.setFakeMode(mode, backend);
    return async () => e2e.setFakeMode(null, backend);
  };

/** Reconnect in Options, until the host's status line says `shows`. */
async function reconnect(options: OptionsPage, shows: string): Promise<void> {
  await options.byId('host-reconnect').click();
  await expect.poll(() => options.byId('host-status').first().textContent(), { timeout: 20_000 }).toContain(shows);
}

/** The backend's fake leaves PATH and the host is asked again, as after an uninstall. */
const uninstalled =
  (backend: Backend) =>
  async (e2e: E2E, options: OptionsPage): Promise<() => Promise<void>> => {
    rmSync(join(e2e.bin, backend));
    await reconnect(options, `AI off: ${backend} is not available`);
    return async () => {
      symlinkSync(join(FAKE_BIN, backend), join(e2e.bin, backend));
      await reconnect(options, 'helper connected');
    };
  };

/** The host is killed and cannot be started again (its launcher is no longer executable). */
async function helperGone(e2e: E2E, options: OptionsPage): Promise<() => Promise<void>> {
  const manifest = JSON.parse(readFileSync(join(e2e.userDataDir, 'NativeMessagingHosts', 'dev.antidrift.host.json'), 'utf8')) as {
    path: string;
  };
  chmodSync(manifest.path, 0o644);
  for (const pid of hostPids(e2e.home)) process.kill(pid, 'SIGKILL');
  await expect.poll(() => options.byId('host-status').first().textContent(), { timeout: 15_000 }).toContain('The helper stopped');
  return async () => {
    chmodSync(manifest.path, 0o755);
    await reconnect(options, 'helper connected');
  };
}

const NOT_CONNECTED_HINT = ' — Options → Helper → Diagnostics says why; Reconnect tries again';
const TIMEOUT_HINT = ' — raise the timeout in Options, or choose a faster model';

const CASES: Case[] = [
  {
    backend: 'claude',
    what: 'not logged in (the real claude 2.1.332’s output)',
    arrange: fakeMode('claude', 'auth'),
    reads: 'claude is not logged in (it says “Not logged in · Please run /login”) — run `claude` once in a terminal and log in',
  },
  {
    backend: 'claude',
    what: 'not installed',
    arrange: uninstalled('claude'),
    reads:
      'claude is not installed here (not found on PATH, the login-shell PATH or the usual install folders) — install it with `npm install -g @anthropic-ai/claude-code`, or choose another backend in Options',
  },
  {
    backend: 'claude',
    what: 'timeout',
    arrange: fakeMode('claude', 'hang'),
    reads: `claude gave no answer within ${TIMEOUT_SECONDS} s${TIMEOUT_HINT}`,
  },
  {
    backend: 'claude',
    what: 'unavailable (the native host is gone)',
    arrange: helperGone,
    // Chromium's own words for a killed host: which it reports first (the exit, the broken pipe, the failed restart) is a matter of timing.
    reads:
      /^claude cannot be asked: the helper is not connected \((Native host has exited\.|Failed to start native messaging host\.|Error when communicating with the native messaging host\.)\) — Options → Helper → Diagnostics says why; Reconnect tries again$/,
  },
  {
    backend: 'claude',
    what: 'unusable answer',
    arrange: fakeMode('claude', 'prose'),
    reads: "claude's answer was unusable: the model response contains no JSON object",
  },
  {
    backend: 'ollama',
    what: 'its server is not running',
    arrange: fakeMode('ollama', 'no-server'),
    reads:
      "ollama's server is not running (it says “Error: could not connect to ollama app, is it running?”) — start it with `ollama serve` in a terminal, or open the Ollama app",
  },
  {
    backend: 'ollama',
    what: 'its model is not pulled',
    arrange: fakeMode('ollama', 'no-model'),
    reads:
      "ollama does not have the model “llama3.2” (it says “Error: model 'llama3.2' not found”) — run `ollama pull llama3.2` in a terminal, or name a model you have in Options",
  },
  {
    backend: 'ollama',
    what: 'not installed',
    arrange: uninstalled('ollama'),
    reads:
      'ollama is not installed here (not found on PATH, the login-shell PATH or the usual install folders) — install it from ollama.com, or choose another backend in Options',
  },
  {
    backend: 'ollama',
    what: 'timeout',
    arrange: fakeMode('ollama', 'hang'),
    reads: `ollama gave no answer within ${TIMEOUT_SECONDS} s${TIMEOUT_HINT}`,
  },
  {
    backend: 'ollama',
    what: 'unavailable (the native host is gone)',
    arrange: helperGone,
    reads: new RegExp(`^ollama cannot be asked: the helper is not connected \\([^)]+\\)${NOT_CONNECTED_HINT}$`),
  },
  {
    backend: 'ollama',
    what: 'unusable answer',
    arrange: fakeMode('ollama', 'prose'),
    reads: "ollama's answer was unusable: the model response contains no JSON object",
  },
];

function expectReads(text: string, reads: string | RegExp): void {
  if (typeof reads === 'string') expect(text).toBe(reads);
  else expect(text).toMatch(reads);
}

/** The newest line of Options' Recent log that starts with `prefix`, without it (the page reads the log as it opens). */
async function lastEntry(options: OptionsPage, prefix: string): Promise<string> {
  const newest = async () =>
    (await options.byId('diagnostic-message').allTextContents()).map((l) => l.trim()).findLast((l) => l.startsWith(prefix));
  await expect.poll(newest, { message: `a diagnostics line "${prefix}…"` }).toBeDefined();
  return (await newest())!.slice(prefix.length);
}

describe('what a person reads when the AI fails', () => {
  const e2e = e2eForSuite();
  let chosen: Backend | null = null;

  it.each(CASES.map((c) => [`${c.backend}: ${c.what}`, c] as const))('%s', async (_name, c) => {
    const options = await e2e().options();
    await expect.poll(() => options.byId('host-status').first().textContent(), { timeout: 15_000 }).toContain('helper connected');
    if (chosen !== c.backend) {
      // The coach and the judge use the saved choice; a short timeout keeps the timeout cases short.
      await options.byId('backend-select').selectOption(c.backend);
      await options.byId('ai-timeout').fill(String(TIMEOUT_SECONDS));
      await options.save();
      chosen = c.backend;
    }
    const undo = await c.arrange(e2e(), options);
    try {
      // Options → Test backend.
      expectReads((await options.testBackend()).trim(), c.reads);

      // The popup's Coach.
      const popup = await e2e().popup();
      await popup.byId('coach-intention').fill('parser tests, finally');
      await popup.byId('coach').click();
      const coachError = popup.byId('coach-error');
      await coachError.waitFor({ timeout: 30_000 });
      expectReads(((await coachError.textContent()) ?? '').trim(), c.reads);
      await popup.page.close();

      // Diagnostics (Options → Native host → Recent log), after both.
      await options.page.reload();
      expectReads(await lastEntry(options, 'backend test failed: '), c.reads);
      expectReads(await lastEntry(options, 'coach failed: '), c.reads);
    } finally {
      await undo();
      await options.page.close();
    }
  });
});
