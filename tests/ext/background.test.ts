// The background shell over WXT's fake browser: observations, host, judge, alarms, restarts, senders.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYS } from '../../background/store';
import { TICK_ALARM } from '../../background/effects';
import { sessionOf } from '../../shared/core/controller';
import { isToastPush } from '../../shared/messages/guards';
import type { Reply } from '../../shared/messages/requests';
import { activate, boot, patchSettings, tabOf, CONTENT_SENDER, FakeHost, openTab, restartWorker, spyConsole, type Running } from './harness';

const START = {
  type: 'startSession',
  input: {
    commitment: { nextAction: 'Write the parser tests', successCondition: 'parser.test.ts passes' },
    allowed: ['docs.test', 'code'],
    blocked: ['videos.test'],
  },
};

async function badge() {
  const rgba = (await fakeBrowser.action.getBadgeBackgroundColor({})) as unknown as number[];
  return {
    text: await fakeBrowser.action.getBadgeText({}),
    color: `#${rgba.slice(0, 3).map((c) => c.toString(16).padStart(2, '0')).join('')}`,
  };
}

let bg: Running;

beforeEach(() => {
  fakeBrowser.reset();
  spyConsole();
});
afterEach(() => bg?.channel.stop());

describe('observations', () => {
  it('tab activation becomes a tab observation with the site host, no URL', async () => {
    bg = await boot();
    await bg.send(START);
    const id = await openTab('https://www.docs.test/guide/parsers?q=secret', 'Parser guide');
    await activate(id);
    await bg.flush();
    expect(bg.shell.state.drift.current).toMatchObject({ source: 'tab', app: 'docs.test', title: 'Parser guide' });
    expect(JSON.stringify(bg.shell.state)).not.toContain('secret');
    expect(await badge()).toEqual({ text: 'ON', color: '#188038' });
  });

  it('a title change of the active tab is observed; incognito tabs are not', async () => {
    bg = await boot();
    await bg.send(START);
    const id = await openTab('https://docs.test/a', 'A');
    await activate(id);
    await fakeBrowser.tabs.onUpdated.trigger(id, { title: 'B' }, tabOf({ id, windowId: 0, active: true, url: 'https://docs.test/a', title: 'B' }));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('B');
    await fakeBrowser.tabs.onUpdated.trigger(99, { title: 'Secret' }, tabOf({ id: 99, windowId: 0, active: true, incognito: true, url: 'https://videos.test/', title: 'Secret' }));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('B');
    expect(bg.shell.state.drift.recentTitles).not.toContain('Secret');
  });

  it('redaction patterns apply before anything is stored or sent', async () => {
    bg = await boot();
    await patchSettings(bg, { redactPatterns: ['ticket-\\d+'] });
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Fix ticket-4711 now'));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('Fix [redacted] now');
  });

  it('the tab event that wakes the worker is read with the stored redaction, not the defaults', async () => {
    bg = await boot();
    await patchSettings(bg, { redactPatterns: ['ticket-\\d+'] });
    await bg.send(START);
    await restartWorker(true);
    const tabId = await openTab('https://docs.test/', 'Fix ticket-4711 now');
    await fakeBrowser.tabs.update(tabId, { active: true });
    bg = await boot(new FakeHost(), Date.now, () => fakeBrowser.tabs.onActivated.trigger({ tabId, windowId: 0 }));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('Fix [redacted] now');
    expect(bg.shell.state.drift.recentTitles.join(' ')).not.toContain('4711');
  });

  it('internal and own pages are ignored; the previous observation stays', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Docs'));
    await activate(await openTab('chrome://newtab/', 'New Tab'));
    await activate(await openTab(fakeBrowser.runtime.getURL('/options.html'), 'antidrift options'));
    await bg.flush();
    expect(bg.shell.state.drift.current?.app).toBe('docs.test');
  });

  it('host window pushes: another app is observed, the browser’s own window is not', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Docs'));
    bg.host.pushWindow('antidrift - Chromium', 'Chromium');
    await bg.flush();
    expect(bg.shell.state.drift.current?.source).toBe('tab');
    bg.host.pushWindow('~/src — zsh', 'Code');
    await bg.flush();
    expect(bg.shell.state.drift.current).toMatchObject({ source: 'os', app: 'Code', title: '~/src — zsh' });
    // While another app has focus, a background tab retitling itself is not an observation.
    const id = await openTab('https://videos.test/', 'x');
    await fakeBrowser.tabs.onUpdated.trigger(id, { title: 'Cats' }, tabOf({ id, windowId: 0, active: true, url: 'https://videos.test/', title: 'Cats' }));
    await bg.flush();
    expect(bg.shell.state.drift.current?.app).toBe('Code');
  });
});

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
    expect(await badge()).toEqual({ text: '!', color: '#d93025' });
  });

  it('a failing judge (not logged in) leaves the person undisturbed and says so in diagnostics', async () => {
    const host = new FakeHost();
    host.reply = () => ({ kind: 'auth', message: 'Not logged in · Please run /login' });
    bg = await boot(host);
    await patchSettings(bg, { judgeDebounceSeconds: 0 });
    await bg.send(START);
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('unknown');
    expect(await badge()).toMatchObject({ text: '–' });
    const diag = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'> & { ok: true };
    expect(diag.value.map((d) => d.message).join('\n')).toMatch(/auth: claude: Not logged in.*run `claude` once/);
  });

  it('host disconnect → AI unavailable, local rules still work; reconnect restores it', async () => {
    bg = await boot();
    await bg.send(START);
    bg.host.port!.hangUp();
    await bg.flush();
    const push = bg.shell.snapshot();
    expect(push.view.host.connection).toBe('disconnected');
    expect(push.view.host.activeBackend).toBeNull();
    expect(push.view.host.nextRetryAt).toBeGreaterThan(Date.now());
    expect(bg.shell.state.config.aiAvailable).toBe(false);
    await activate(await openTab('https://videos.test/', 'Cats'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('drifting');
    await activate(await openTab('https://news.test/', 'Headlines'));
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('unknown');
    await bg.send({ type: 'reconnectHost' });
    await bg.flush();
    expect(bg.shell.snapshot().view.host.connection).toBe('connected');
    expect(bg.shell.state.config.aiAvailable).toBe(true);
  });

  it('a host that is not installed is reported as missing with the browser’s words', async () => {
    const host = new FakeHost();
    host.refuse = 'Specified native messaging host not found.';
    bg = await boot(host);
    await bg.flush();
    expect(bg.shell.snapshot().view.host).toMatchObject({ connection: 'missing', error: 'Specified native messaging host not found.' });
    const coach = (await bg.send({ type: 'coach', intention: 'parser tests' })) as Reply<'coach'>;
    expect(coach).toMatchObject({ ok: false, error: { kind: 'unavailable', hint: 'install the native host — see Options' } });
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
    expect(await bg.send({ type: 'testBackend' })).toEqual({ ok: true, value: { text: '{"ok": true}', ms: 5, backend: 'claude' } });
  });
});

describe('alarms, restarts and storage', () => {
  it('the tick alarm reaches the controller (periodic nudge)', async () => {
    let now = Date.now();
    const host = new FakeHost();
    host.reply = () => ({ text: '{"on_track": false, "message": "You drifted into the lexer."}' });
    bg = await boot(host, () => now);
    await bg.send(START);
    await activate(await openTab('https://docs.test/1', 'Parser docs'));
    await bg.flush();
    now += 1000;
    await activate(await openTab('https://docs.test/2', 'Lexer docs'));
    await bg.flush();
    expect(bg.shell.state.drift.nudgeMessage).toBe('You drifted into the lexer.');
    expect(await badge()).toMatchObject({ text: '?' });
    const alarm = await fakeBrowser.alarms.get(TICK_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThan(now);
    now += 10 * 60_000;
    await fakeBrowser.alarms.onAlarm.trigger({ name: TICK_ALARM, scheduledTime: now });
    await bg.flush();
    expect(bg.shell.state.drift.lastReevaluatedAt).toBe(now);
  });

  it('a dismissed heads-up stays hidden until the advice moves on; the same text returning shows again', async () => {
    let now = Date.now();
    const host = new FakeHost();
    let advice = 'You drifted into the lexer.';
    host.reply = () => ({ text: JSON.stringify(advice ? { on_track: false, message: advice } : { on_track: true, message: '' }) });
    bg = await boot(host, () => now);
    await bg.send(START);
    /** Past any nudge back-off, with two new titles (the new evidence a nudge needs). */
    const nudgeNow = async (title: string) => {
      now += 30 * 60_000;
      await activate(await openTab('https://docs.test/' + title, `${title} (notes)`));
      await activate(await openTab('https://docs.test/' + title, title));
      await bg.flush();
    };
    await nudgeNow('one');
    await nudgeNow('two');
    const page = bg.openStatePort();
    expect(page.received.at(-1)?.view.nudge).toEqual({ message: 'You drifted into the lexer.' });
    await bg.send({ type: 'nudgeDismiss', message: 'You drifted into the lexer.' }, CONTENT_SENDER());
    expect(bg.shell.state.drift.dismissedNudge).toBe('You drifted into the lexer.');
    // Pushed at once to every surface: the popup and every tab hide it without deciding for themselves.
    expect(page.received.at(-1)?.view.nudge).toBeNull();
    expect(await badge()).toMatchObject({ text: 'ON' });
    advice = '';
    await nudgeNow('three');
    expect(bg.shell.state.drift.dismissedNudge).toBeNull();
    expect(bg.shell.snapshot().view.nudge).toBeNull();
    advice = 'You drifted into the lexer.';
    await nudgeNow('four');
    expect(bg.shell.state.drift.dismissedNudge).toBeNull();
    expect(bg.shell.snapshot().view.nudge).toEqual({ message: 'You drifted into the lexer.' });
  });

  it('service-worker restart keeps the session and the drift state', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://videos.test/', 'Cats'));
    await bg.flush();
    const before = bg.shell.snapshot().view;
    bg.channel.stop();
    await restartWorker(true);
    bg = await boot();
    expect(bg.shell.snapshot().view).toEqual(before);
    expect(await badge()).toMatchObject({ text: '!' });
  });

  it('browser restart keeps the session and resets drift state (no stale banner)', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://videos.test/', 'Cats'));
    await bg.flush();
    bg.channel.stop();
    await restartWorker(false);
    bg = await boot();
    const view = bg.shell.snapshot().view;
    expect(view.phase).toBe('active');
    expect(view.session?.commitment.nextAction).toBe('Write the parser tests');
    expect(view).toMatchObject({ status: 'unknown', banner: null });
    expect(bg.shell.state.drift.driftEpisode).toBe(0);
  });

  it('events that arrive before hydration are queued, not lost', async () => {
    await fakeBrowser.storage.local.set({
      [KEYS.session]: {
        version: 1,
        lastSessionId: 3,
        session: { id: 3, commitment: { nextAction: 'a', successCondition: 'b' }, allowed: ['docs.test'], blocked: [], startedAt: 1, pausedTotalMs: 0, timeboxNotified: false },
      },
    });
    const id = await openTab('https://docs.test/', 'Docs');
    const host = new FakeHost();
    const { startBackground } = await import('../../background');
    const early = startBackground({ now: Date.now, connectNative: host.connect, nativeError: () => undefined, onStatePort: () => {} });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: id, windowId: 0 }); // before `ready`
    await early.ready;
    await early.observer.settled();
    await new Promise((r) => setTimeout(r, 0));
    expect(early.shell.state.drift.current?.app).toBe('docs.test');
    expect(early.shell.state.drift.status).toBe('ontask');
    early.channel.stop();
  });

  it('corrupt stored values fall back to defaults with a warning; other keys survive', async () => {
    await fakeBrowser.storage.local.set({
      [KEYS.settings]: { version: 1, nudgeIntervalMinutes: 'soon' },
      [KEYS.session]: { version: 1, lastSessionId: 1, session: { id: 1, commitment: { nextAction: 'a', successCondition: 'b' }, allowed: [], blocked: [], startedAt: 1, pausedTotalMs: 0, timeboxNotified: false } },
    });
    await fakeBrowser.storage.session.set({ [KEYS.drift]: '{{{not json' });
    bg = await boot();
    expect(bg.shell.state.settings.nudgeIntervalMinutes).toBe(5);
    expect(bg.shell.state.phase).toBe('active');
    const messages = bg.shell.diagnostics.list().map((d) => d.message).join('\n');
    expect(messages).toMatch(/stored settings were unreadable.*nudgeIntervalMinutes/);
    expect(messages).toMatch(/stored drift state was unreadable/);
  });

  it('old-version settings are migrated', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { allowedApps: ['Code'], blockedApps: ['https://www.youtube.com/'] } });
    bg = await boot();
    expect(bg.shell.state.settings).toMatchObject({ version: 1, allowed: ['code'], blocked: ['youtube.com'] });
  });
});

describe('surfaces and senders', () => {
  it.each([
    ['paused', 'II', '#5f6368'],
    ['ontask', 'ON', '#188038'],
    ['drifting', '!', '#d93025'],
    ['idle', '', '#5f6368'],
  ])('badge for %s is %j', async (status, text, color) => {
    bg = await boot();
    if (status !== 'idle') await bg.send(START);
    await activate(await openTab(status === 'drifting' ? 'https://videos.test/' : 'https://docs.test/', 'Page'));
    if (status === 'paused') await bg.send({ type: 'pauseSession' });
    await bg.flush();
    expect(await badge()).toEqual({ text, color });
    expect(await fakeBrowser.action.getTitle({})).toMatch(status === 'idle' ? /no focus session/ : /Write the parser tests/);
  });

  it('state is pushed to connected surfaces on every change', async () => {
    bg = await boot();
    const port = bg.openStatePort();
    expect(port.received.at(-1)?.view.phase).toBe('idle');
    await bg.send(START);
    expect(port.received.at(-1)?.view.phase).toBe('active');
    await bg.send({ type: 'pauseSession' });
    expect(port.received.at(-1)?.view.phase).toBe('paused');
  });

  it("a page's toast port gets only what the toast shows: no titles, lists or host details", async () => {
    bg = await boot();
    await bg.send(START);
    const page = bg.openStatePort();
    const toast = bg.openStatePort(CONTENT_SENDER());
    await activate(await openTab('https://docs.test/', 'Quarterly salaries spreadsheet'));
    await bg.flush();
    const full = JSON.stringify(page.received.at(-1));
    expect(full).toContain('Quarterly salaries spreadsheet');
    const sent = JSON.stringify(toast.received);
    expect(sent).not.toContain('Quarterly salaries');
    expect(sent).not.toContain('docs.test');
    expect(sent).not.toContain('"host"');
    expect(toast.received.at(-1)).toEqual({ type: 'toast', view: { banner: null, nudge: null } });
    await activate(await openTab('https://videos.test/', 'Payroll of the whole team'));
    await bg.flush();
    const drifted = toast.received.at(-1);
    expect(isToastPush(drifted)).toBe(true);
    expect(drifted).toEqual({
      type: 'toast',
      view: { banner: { episode: 1, reason: 'videos.test is on your blocked list', task: START.input.commitment.nextAction }, nudge: null },
    });
    expect(JSON.stringify(toast.received)).not.toContain('Payroll');
    expect(await bg.send({ type: 'driftOnTask' }, CONTENT_SENDER())).toEqual({ ok: true, value: null });
  });

  it('refuses messages and ports from unexpected senders; content scripts get only drift actions', async () => {
    bg = await boot();
    expect(await bg.send(START, { id: 'other-extension', url: 'chrome-extension://other/x.html' })).toMatchObject({ ok: false, error: { message: 'not allowed' } });
    expect(await bg.send(START, { url: 'https://evil.test/' })).toMatchObject({ ok: false });
    expect(await bg.send({ type: 'driftOnTask' }, { id: 'other-extension', url: 'https://docs.test/', tab: { id: 3 } })).toMatchObject({ ok: false, error: { message: 'not allowed' } });
    expect(await bg.send(START, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(await bg.send({ type: 'saveSettings', settings: {} }, CONTENT_SENDER())).toMatchObject({ ok: false });
    expect(bg.shell.state.phase).toBe('idle');
    await bg.send(START);
    expect(await bg.send({ type: 'driftOnTask' }, CONTENT_SENDER())).toMatchObject({ ok: true });
    expect(await bg.send({ type: 'bogus', x: 1 })).toMatchObject({ ok: false });
    expect(bg.shell.diagnostics.list().filter((d) => /refused|rejected/.test(d.message)).length).toBeGreaterThanOrEqual(4);
    const stranger = bg.openStatePort({ id: 'other-extension', url: 'chrome-extension://other/' });
    await bg.send({ type: 'pauseSession' });
    expect(stranger.received).toHaveLength(0);
  });

  it('an OS drift raises one notification per episode with the two actions', async () => {
    const host = new FakeHost();
    bg = await boot(host);
    await bg.send({ ...START, input: { ...START.input, blocked: ['slack'] } });
    host.pushWindow('general — Slack', 'Slack');
    await bg.flush();
    host.pushWindow('random — Slack', 'Slack');
    await bg.flush();
    const all = await fakeBrowser.notifications.getAll();
    expect(Object.keys(all)).toEqual(['antidrift-drift-1']);
    expect(all['antidrift-drift-1']).toMatchObject({ buttons: [{ title: 'Back to task' }, { title: 'This is on task' }] });
    await fakeBrowser.notifications.onButtonClicked.trigger('antidrift-drift-1', 1);
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('ontask');
    expect(bg.shell.state.settings.addedFromBanner).toContain('slack');
  });
});
