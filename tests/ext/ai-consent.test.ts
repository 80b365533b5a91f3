// Consent through the real worker over WXT's fake browser: what reaches the helper before and after a yes, per backend, withdrawn at once.
import { describe, expect, it } from 'vitest';
import type { ConsentReply } from '../../shared/core/ai-consent';
import { type Reply } from '../../shared/messages/requests';
import { loadSettings } from '../../shared/settings/stored-settings';
import { KEYS } from '../../background/stored-state-read';
import {
  activate,
  boot,
  CONTENT_SENDER,
  FakeHost,
  freshBackgroundEachTest,
  openTab,
  patchSettings,
  restartWorker,
  type Running,
  START,
} from './harness';
import { fakeBrowser } from 'wxt/testing';

let bg: Running;
freshBackgroundEachTest();

const DRIFTING = { text: '{"drifting": true, "reason": "News is unrelated to parser tests"}' };

/** A worker whose person has answered nothing yet, a session running and the judge asked at once. */
async function withoutYes(host = new FakeHost()): Promise<FakeHost> {
  host.reply = () => DRIFTING;
  bg = await boot(host, () => Date.now(), undefined, undefined, []);
  await patchSettings(bg, { judgeDebounceSeconds: 0 });
  await bg.send(START);
  return host;
}

const answer = async (backend: string, to: ConsentReply, sender?: Record<string, unknown>) =>
  (await bg.send({ type: 'answerAIConsent', backend, answer: to }, sender)) as Reply<'answerAIConsent'>;

async function lookAt(url: string, title: string): Promise<void> {
  await activate(await openTab(url, title));
  await bg.flush();
}

describe('consent before any title leaves', () => {
  it('no yes: nothing reaches the helper, the person is undisturbed and the surfaces ask', async () => {
    const host = await withoutYes();
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toEqual([]);
    expect(bg.shell.state.drift.status).toBe('unknown');
    const view = bg.shell.snapshot().view.host;
    expect(view.consent).toMatchObject({ backend: 'claude', to: 'Anthropic', answer: 'unasked' });
    expect(view.aiOff).toMatchObject({ kind: 'consent' });
    // The coach carries the person's words too: refused in the same words.
    expect(await bg.send({ type: 'coach', intention: 'parser tests' })).toMatchObject({ ok: false, error: { kind: 'consent' } });
    // Options' test carries nothing of theirs: it runs.
    expect(await bg.send({ type: 'testBackend' })).toMatchObject({ ok: false });
    expect(host.runs.map((r) => r.prompt)).not.toContainEqual(expect.stringContaining('Headlines'));
  });

  it('yes: the page being looked at is judged at once, and after that every call goes', async () => {
    const host = await withoutYes();
    await lookAt('https://news.test/', 'Headlines');
    expect(await answer('claude', 'allowed')).toMatchObject({ ok: true, value: { claude: { answer: 'allowed' } } });
    await bg.flush();
    expect(host.runs).toHaveLength(1);
    expect(host.runs[0]).toMatchObject({ backend: 'claude', prompt: expect.stringContaining('Headlines') });
    expect(bg.shell.state.drift.status).toBe('drifting');
    expect(bg.shell.snapshot().view.host.consent).toBeNull();
  });

  it('another backend with another provider is asked again', async () => {
    const host = new FakeHost();
    host.backends = [
      { name: 'claude', available: true },
      { name: 'codex', available: true },
    ];
    await withoutYes(host);
    await answer('claude', 'allowed');
    await patchSettings(bg, { backend: 'codex' });
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toEqual([]);
    expect(bg.shell.snapshot().view.host.consent).toMatchObject({ backend: 'codex', to: 'OpenAI' });
  });

  it('withdrawn: the next look sends nothing, at once, and the AI waits for a yes again', async () => {
    const host = await withoutYes();
    await answer('claude', 'allowed');
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toHaveLength(1);
    expect(await answer('claude', 'withdrawn')).toEqual({ ok: true, value: {} });
    await lookAt('https://forum.test/', 'Threads');
    expect(host.runs).toHaveLength(1);
    expect(bg.shell.snapshot().view.host.consent).toMatchObject({ backend: 'claude', answer: 'unasked' });
    const diagnostics = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    expect(diagnostics.value.map((d) => d.message)).toContain('claude: yes withdrawn: nothing more goes to Anthropic');
  });

  it('not now: nothing is sent, the answer is kept across a restart of the worker', async () => {
    const host = await withoutYes();
    expect(await answer('claude', 'notNow')).toMatchObject({ ok: true, value: { claude: { answer: 'notNow' } } });
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toEqual([]);
    expect(bg.shell.snapshot().view.host.consent).toMatchObject({ backend: 'claude', answer: 'notNow' });
    // Stored with the settings: a new worker keeps the answer.
    await restartWorker();
    const stored = loadSettings((await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings]);
    expect(stored.settings.aiConsent.claude?.answer).toBe('notNow');
  });

  it('local backends are never asked: ollama runs with no answer stored', async () => {
    const host = new FakeHost();
    host.backends = [{ name: 'ollama', available: true }];
    await withoutYes(host);
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toHaveLength(1);
    expect(host.runs[0]!.backend).toBe('ollama');
    expect(bg.shell.snapshot().view.host.consent).toBeNull();
  });

  it('no web page can say yes: a content script’s answer is refused and stores nothing', async () => {
    const host = await withoutYes();
    expect(await answer('claude', 'allowed', CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    await lookAt('https://news.test/', 'Headlines');
    expect(host.runs).toEqual([]);
  });

  it('a saved settings page or an imported file never changes an answer', async () => {
    await withoutYes();
    await answer('claude', 'allowed');
    const current = (await bg.send({ type: 'getSettings' })) as Reply<'getSettings'> & { ok: true };
    const saved = (await bg.send({ type: 'saveSettings', settings: { ...current.value, aiConsent: {} } })) as Reply<'saveSettings'>;
    expect(saved).toMatchObject({ ok: true, value: { aiConsent: { claude: { answer: 'allowed' } } } });
    const other = { ...current.value, aiConsent: { codex: { answer: 'allowed' as const, at: 1 } } };
    await bg.send({ type: 'saveSettings', settings: other });
    expect(bg.settings.current.aiConsent).toEqual({ claude: expect.objectContaining({ answer: 'allowed' }) });
  });
});
