// AI through the native host over WXT's fake browser: judge round trips, failures, missing hosts, coach and testBackend.
import { describe, expect, it } from 'vitest';
import { aiTargetOf } from '../../shared/core/controller';
import { type Reply } from '../../shared/messages/requests';
import { activate, patchSettings, boot, FakeHost, freshBackgroundEachTest, openTab, readBadge, type Running, START } from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('AI through the native host', () => {
  it('a judge round trip: unmatched site → checking → drifting from the verdict', async () => {
    const host = new FakeHost();
    host.reply = () => ({ text: 'Sure! {"drifting": true, "reason": "News is unrelated to parser tests"}' });
    bg = await boot(host);
    await patchSettings(bg, { judgeDebounceSeconds: 0 });
    await bg.send(START);
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(host.runs).toHaveLength(1);
    expect(host.runs[0]!.backend).toBe('claude');
    expect(host.runs[0]!.prompt).toContain('Headlines');
    expect(host.runs[0]!.prompt).toContain('Write the parser tests');
    expect(bg.shell.state.drift.status).toBe('drifting');
    expect(await readBadge()).toEqual({ text: '!', color: '#d93025' });
  });

  it('a failing judge (not logged in) leaves the person undisturbed and says so in diagnostics', async () => {
    const host = new FakeHost();
    // What the host says (tests/host/real-cli.test.ts pins these words against the real claude).
    host.reply = () => ({
      kind: 'auth',
      message: 'claude is not logged in (it says “Not logged in · Please run /login”)',
      hint: 'run `claude` once in a terminal and log in',
    });
    bg = await boot(host);
    await patchSettings(bg, { judgeDebounceSeconds: 0 });
    await bg.send(START);
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('unknown');
    expect(await readBadge()).toMatchObject({ text: '–' });
    const diag = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    // The host's words as they are: no kind, no second name, no second hint.
    expect(diag.value.map((d) => d.message)).toContain(
      'drift judge failed for news.test: claude is not logged in (it says “Not logged in · Please run /login”) — run `claude` once in a terminal and log in',
    );
  });

  it('host disconnect → AI unavailable, local rules still work; reconnect restores it', async () => {
    bg = await boot();
    await bg.send(START);
    bg.host.port!.hangUp();
    await bg.flush();
    const push = bg.shell.snapshot();
    expect(push.view.host.connection).toBe('disconnected');
    expect(push.view.host.activeBackend).toBeNull();
    expect(aiTargetOf(bg.shell.state)).toBeNull();
    await activate(await openTab('https://videos.test/', 'Cats'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('drifting');
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('unknown');
    await bg.send({ type: 'reconnectHost' });
    await bg.flush();
    expect(bg.shell.snapshot().view.host.connection).toBe('connected');
    expect(aiTargetOf(bg.shell.state)).toEqual({ port: 'helper', backend: 'claude' });
  });

  it('a host that is not installed is reported as missing with the browser’s words', async () => {
    const host = new FakeHost();
    host.refuse = 'Specified native messaging host not found.';
    bg = await boot(host);
    await bg.flush();
    expect(bg.shell.snapshot().view.host).toMatchObject({ connection: 'missing', error: 'Specified native messaging host not found.' });
    const coach = (await bg.send({ type: 'coach', intention: 'parser tests' })) as Reply<'coach'>;
    expect(coach).toEqual({
      ok: false,
      error: {
        kind: 'unavailable',
        message: 'The AI cannot be asked: the helper is not installed',
        hint: 'install it with the command the welcome page and Options → Helper show',
      },
    });
  });

  it('coach fills a suggestion; testBackend reports the text and timing', async () => {
    const host = new FakeHost();
    host.reply = (prompt) =>
      prompt.includes('intention')
        ? { text: '{"next_action": "Write parser tests", "success_condition": "tests pass", "allowed": ["docs.test", "code"]}' }
        : { text: '{"ok": true}' };
    bg = await boot(host);
    expect(await bg.send({ type: 'coach', intention: 'do the parser thing' })).toEqual({
      ok: true,
      value: { nextAction: 'Write parser tests', successCondition: 'tests pass', allowed: ['docs.test', 'code'] },
    });
    expect(await bg.send({ type: 'testBackend' })).toEqual({
      ok: true,
      value: { text: '{"ok": true}', ms: expect.any(Number), backend: 'claude' },
    });
  });
});
