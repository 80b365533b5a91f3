// The built-in model inside the background: chosen by Automatic only when no CLI backend can run, and alone without a helper.
import { describe, expect, it } from 'vitest';
import { NO_PROMPT_API } from '../../background/ai/browser-model-port';
import { aiTargetOf } from '../../shared/core/controller';
import type { Reply } from '../../shared/messages/requests';
import { fakeLanguageModel } from '../support/fake-language-model';
import {
  activate,
  boot,
  FakeHost,
  freshBackgroundEachTest,
  openTab,
  patchSettings,
  readBadge,
  START,
  testPlatform,
  type Running,
  wanderIntoLexerDocs,
} from './harness';

let bg: Running;
freshBackgroundEachTest();

const noHelper = () => {
  const host = new FakeHost();
  host.refuse = 'Specified native messaging host not found.';
  return host;
};

describe('the built-in model in the background', () => {
  it('where there is none: listed as unavailable with the reason, and Automatic uses the CLI backend', async () => {
    bg = await boot();
    expect(bg.shell.snapshot().view.host.ports.browser.status).toEqual({ availability: 'unavailable', reason: NO_PROMPT_API });
    expect(aiTargetOf(bg.shell.state)).toEqual({ port: 'helper', backend: 'claude' });
    const chosen = (await bg.send({ type: 'testBackend', backend: 'browser' })) as Reply<'testBackend'>;
    expect(chosen).toMatchObject({ ok: false, error: { kind: 'unavailable', message: expect.stringContaining(NO_PROMPT_API) } });
  });

  it('Automatic keeps the CLI backends first even when the model is ready', async () => {
    bg = await boot(new FakeHost(), Date.now, undefined, testPlatform(undefined, fakeLanguageModel()));
    await bg.flush();
    expect(bg.shell.snapshot().view.host.ports.browser.status).toEqual({ availability: 'available' });
    expect(aiTargetOf(bg.shell.state)).toEqual({ port: 'helper', backend: 'claude' });
  });

  it('with no helper at all, an unmatched tab is judged by the built-in model and drift is shown', async () => {
    const model = fakeLanguageModel({ respond: () => '{"drifting": true, "reason": "headlines are not the parser tests"}' });
    bg = await boot(noHelper(), Date.now, undefined, testPlatform(undefined, model));
    await patchSettings(bg, { judgeDebounceSeconds: 0 });
    expect(bg.shell.snapshot().view.host).toMatchObject({ connection: 'missing', activeBackend: 'browser' });
    await bg.send(START);
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(model.prompts.map((p) => p.input).join('\n')).toContain('Headlines');
    expect(bg.shell.state.drift.status).toBe('drifting');
    expect(bg.host.runs).toEqual([]);
  });

  it('with no helper at all, the heads-up runs on the built-in model', async () => {
    let now = Date.now();
    const model = fakeLanguageModel({
      respond: (p) =>
        p.input.includes('Lexer docs') ? '{"on_track": false, "message": "You drifted into the lexer."}' : '{"on_track": true}',
    });
    bg = await boot(noHelper(), () => now, undefined, testPlatform(undefined, model));
    await bg.send(START);
    await wanderIntoLexerDocs(bg, (ms) => (now += ms));
    expect(bg.shell.state.drift.nudgeMessage).toBe('You drifted into the lexer.');
    expect(await readBadge()).toMatchObject({ text: '?' });
    expect(model.prompts.at(-1)?.responseConstraint).toMatchObject({ properties: { on_track: { type: 'boolean' } } });
  });

  it('a malformed answer from the model fabricates no drift, and says so in diagnostics', async () => {
    const model = fakeLanguageModel({ respond: () => 'I think they might be drifting' });
    bg = await boot(noHelper(), Date.now, undefined, testPlatform(undefined, model));
    await patchSettings(bg, { judgeDebounceSeconds: 0 });
    await bg.send(START);
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('unknown');
    const diag = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    expect(diag.value.map((d) => d.message).join('\n')).toMatch(/drift judge failed for news\.test: browser's answer was unusable/);
  });

  it('chosen in Options but not downloaded: no AI call, the reason and the way to download it', async () => {
    const model = fakeLanguageModel({ state: 'downloadable' });
    bg = await boot(noHelper(), Date.now, undefined, testPlatform(undefined, model));
    await patchSettings(bg, { backend: 'browser' });
    expect(aiTargetOf(bg.shell.state)).toBeNull();
    const test = (await bg.send({ type: 'testBackend' })) as Reply<'testBackend'>;
    expect(test).toMatchObject({ ok: false, error: { kind: 'unavailable', hint: 'Options → AI backend → Download the built-in model' } });
    expect(model.created).toBe(0);
    // Options finished a download: the worker asks again and the backend becomes usable.
    model.state = 'available';
    await bg.send({ type: 'checkAIPorts' });
    expect(aiTargetOf(bg.shell.state)).toEqual({ port: 'browser', backend: 'browser' });
    const again = (await bg.send({ type: 'testBackend' })) as Reply<'testBackend'>;
    expect(again).toMatchObject({ ok: true, value: { backend: 'browser' } });
  });
});
