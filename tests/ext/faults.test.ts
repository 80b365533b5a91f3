// The background under faults: a crash-looping host, corrupt storage, hostile senders, privacy before prompts.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBackground, type StatePort } from '../../background';
import { KEYS } from '../../background/store';
import { sessionOf } from '../../shared/core/controller';
import type { StatePush } from '../../shared/messages/pushes';
import { CONTENT_REQUEST_TYPES, REQUEST_TYPES, type Reply } from '../../shared/messages/requests';
import { activate, boot, CONTENT_SENDER, FakeHost, FakeStatePort, openTab, PAGE_SENDER, spyConsole, tabOf, type Running } from './harness';

const START = {
  type: 'startSession',
  input: {
    commitment: { nextAction: 'Write the parser tests', successCondition: 'parser.test.ts passes' },
    allowed: ['docs.test'],
    blocked: ['videos.test'],
  },
};

let bg: Running | undefined;

beforeEach(() => {
  fakeBrowser.reset();
  spyConsole();
});
afterEach(() => {
  bg?.channel.stop();
  bg = undefined;
  vi.useRealTimers();
});

describe('a host that exits at start', () => {
  it('backs off (bounded attempts over 30 simulated minutes) and shows the reason on the state port', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const host = new FakeHost();
    host.refuse = 'Native host has exited.';
    const pushes: StatePush[] = [];
    const port = new FakeStatePort('antidrift-state', PAGE_SENDER());
    const started = startBackground({
      now: () => Date.now(),
      connectNative: host.connect,
      nativeError: () => host.lastError,
      onStatePort: (listener) => listener(port as StatePort),
    });
    await vi.advanceTimersByTimeAsync(0);
    await started.ready;
    const cpuBefore = process.cpuUsage();
    const minutes = 30;
    for (let m = 0; m < minutes; m++) await vi.advanceTimersByTimeAsync(60_000);
    const cpu = process.cpuUsage(cpuBefore);
    pushes.push(...port.received);
    // 1+2+4+8+16+32 s, then once a minute: ~36 attempts in 30 minutes, not a busy loop.
    expect(host.ports.length).toBeGreaterThan(20);
    expect(host.ports.length).toBeLessThanOrEqual(minutes + 8);
    const last = pushes.at(-1)!;
    expect(last.view.host).toMatchObject({ connection: 'disconnected', error: 'Native host has exited.' });
    expect(last.view.host.nextRetryAt! - Date.now()).toBeGreaterThan(0);
    expect(last.view.host.nextRetryAt! - Date.now()).toBeLessThanOrEqual(60_000);
    // Each attempt costs a few pushes (connecting, disconnected, the reconfigured view), nothing more.
    expect(pushes.length).toBeLessThanOrEqual(host.ports.length * 5 + 5);
    // 30 simulated minutes of retries take well under a second of real CPU.
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(2_000);
    console.log(`crash loop: ${host.ports.length} connects and ${pushes.length} state pushes in ${minutes} simulated minutes, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU`);
    host.refuse = null;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(port.received.at(-1)!.view.host.connection).toBe('connected');
    started.channel.stop();
  });
});

describe('corrupt or old stored values', () => {
  const SESSION = {
    version: 1,
    lastSessionId: 3,
    session: { id: 3, commitment: { nextAction: 'a', successCondition: 'b' }, allowed: ['docs.test'], blocked: [], startedAt: 1, pausedTotalMs: 0, timeboxNotified: false },
  };
  const GOOD: Record<string, unknown> = {
    [KEYS.settings]: { version: 1, nudgeIntervalMinutes: 7 },
    [KEYS.session]: SESSION,
    [KEYS.drift]: { version: 2, drift: { sessionId: 3, status: 'drifting', reason: 'kept reason', driftEpisode: 4, current: null, dismissedNudge: 'kept advice' } },
    [KEYS.diagnostics]: [{ at: 1, level: 'info', message: 'kept entry' }],
    [KEYS.observer]: { focus: 'os', lastOs: { title: 'kept window', app: 'code', at: 1 } },
  };
  const LOCAL = new Set<string>([KEYS.settings, KEYS.session]);
  const deep = JSON.parse('['.repeat(1_000) + ']'.repeat(1_000)) as unknown;
  const GARBAGE: Array<[string, unknown]> = [
    ['a string', '{{{not json'],
    ['a number', 42],
    ['an array', [1, 2, 3]],
    ['a future version', { version: 99 }],
    ['deeply nested', deep],
  ];
  const SPECIFIC: Array<[string, string, unknown]> = [
    [KEYS.settings, 'an invalid redaction regex', { version: 1, redactPatterns: ['('] }],
    [KEYS.settings, 'a v0 record of the wrong types', { allowedApps: 'code' }],
    [KEYS.session, 'version 0', { lastSessionId: 1, session: null }],
    [KEYS.session, 'a session without a commitment', { ...SESSION, session: { ...SESSION.session, commitment: { nextAction: '', successCondition: '' } } }],
    [KEYS.drift, 'an unknown status', { version: 2, drift: { sessionId: 3, status: 'panicking', current: null } }],
    [KEYS.drift, 'an over-long dismissed nudge', { version: 2, drift: { sessionId: 3, status: 'ontask', current: null, dismissedNudge: 'x'.repeat(5_000) } }],
    [KEYS.diagnostics, 'too many entries', Array.from({ length: 501 }, (_, i) => ({ at: i, level: 'info', message: 'm' }))],
    [KEYS.observer, 'an unknown focus', { focus: 'moon', lastOs: null }],
  ];
  const table: Array<[string, string, unknown]> = [
    ...Object.values(KEYS).flatMap((key) => GARBAGE.map(([what, value]) => [key, what, value] as [string, string, unknown])),
    ...SPECIFIC,
  ];

  it.each(table)('%s = %s → default with a warning, other keys intact, listeners keep working', async (key, _what, value) => {
    const local: Record<string, unknown> = {};
    const session: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(GOOD)) (LOCAL.has(k) ? local : session)[k] = k === key ? value : v;
    await fakeBrowser.storage.local.set(local);
    await fakeBrowser.storage.session.set(session);
    bg = await boot();
    const shell = bg.shell;
    const messages = shell.diagnostics.list().map((d) => d.message).join('\n');
    expect(messages).toMatch(/unreadable|reset|migrated/);

    if (key !== KEYS.settings) expect(shell.state.settings.nudgeIntervalMinutes).toBe(7);
    else expect(shell.state.settings.nudgeIntervalMinutes).toBe(5);
    if (key !== KEYS.session) expect(sessionOf(shell.state)?.id).toBe(3);
    else expect(sessionOf(shell.state)).toBeNull();
    // The drift state (with the dismissed nudge) belongs to its session: it survives exactly when both keys are readable.
    const driftKept = key !== KEYS.session && key !== KEYS.drift;
    if (driftKept) expect(shell.state.drift).toMatchObject({ reason: 'kept reason', driftEpisode: 4, dismissedNudge: 'kept advice' });
    else expect(shell.state.drift).toMatchObject({ driftEpisode: 0, dismissedNudge: null });
    expect(messages.includes('kept entry')).toBe(key !== KEYS.diagnostics);
    expect(bg.observer.memory.focus).toBe(key === KEYS.observer ? 'browser' : 'os');

    // Nothing escapes a listener afterwards: messages, tabs and alarms all still work.
    expect(await bg.send({ type: 'getState' })).toMatchObject({ ok: true });
    await activate(await openTab('https://docs.test/', 'Docs'));
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'antidrift-tick', scheduledTime: Date.now() });
    await bg.flush();
    expect(await bg.send(START)).toMatchObject({ ok: true });
  });
  it('drift state of version 1 (with the dismissed nudge under its own key) is migrated, the old key removed', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.session]: SESSION });
    await fakeBrowser.storage.session.set({
      [KEYS.drift]: { version: 1, drift: { sessionId: 3, status: 'ontask', episode: 4, dismissedEpisode: 4, driftGen: 2, nudgeEpoch: 6, current: null } },
      dismissedNudge: 'kept advice',
    });
    bg = await boot();
    expect(bg.shell.state.drift).toMatchObject({ driftEpisode: 4, answeredDriftEpisode: 4, judgeLaunches: 2, onTaskStretch: 6, dismissedNudge: 'kept advice' });
    expect(bg.shell.diagnostics.list().map((d) => d.message)).toContain('drift state migrated from version 1');
    await bg.flush();
    expect(await fakeBrowser.storage.session.get('dismissedNudge')).toEqual({});
  });
});

describe('who may send what', () => {
  /** A valid instance of every PageRequest type, so only the sender decides the outcome. */
  const SAMPLES: Record<string, Record<string, unknown>> = {
    getState: { type: 'getState' },
    startSession: START,
    pauseSession: { type: 'pauseSession' },
    resumeSession: { type: 'resumeSession' },
    coach: { type: 'coach', intention: 'watch videos all day' },
    getSettings: { type: 'getSettings' },
    saveSettings: { type: 'saveSettings', settings: { version: 1, blocked: [], allowed: ['videos.test'], neverSendUrls: false } },
    testBackend: { type: 'testBackend' },
    getDiagnostics: { type: 'getDiagnostics' },
    reconnectHost: { type: 'reconnectHost' },
  };

  it('every page-only request type is refused from a content script, and changes nothing', async () => {
    const contentTypes = new Set<string>(CONTENT_REQUEST_TYPES);
    const pageOnly = REQUEST_TYPES.filter((t) => !contentTypes.has(t));
    // A new request type must be added here and so decided on, not silently allowed.
    expect(pageOnly.sort()).toEqual(Object.keys(SAMPLES).sort());
    const host = new FakeHost();
    host.reply = (prompt) => ({ text: prompt.includes('intention') ? '{"next_action": "a", "success_condition": "b", "allowed": []}' : '{"ok": true}' });
    bg = await boot(host);
    await bg.send(START);
    const settingsBefore = JSON.stringify(bg.shell.state.settings);
    const stateBefore = JSON.stringify(sessionOf(bg.shell.state));
    const connectsBefore = bg.host.ports.length;
    for (const type of pageOnly) {
      const reply = (await bg.send(SAMPLES[type], CONTENT_SENDER())) as Reply;
      expect(reply, type).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
      expect(JSON.stringify(reply)).not.toContain('Write the parser tests');
    }
    expect(JSON.stringify(bg.shell.state.settings)).toBe(settingsBefore);
    expect(JSON.stringify(sessionOf(bg.shell.state))).toBe(stateBefore);
    expect(bg.host.ports.length).toBe(connectsBefore);
    expect(bg.host.runs).toHaveLength(0);
    expect(await fakeBrowser.storage.local.get(KEYS.settings)).toEqual({});
    const refusals = bg.shell.diagnostics.list().filter((d) => /rejected a malformed or forbidden content message/.test(d.message));
    expect(refusals).toHaveLength(pageOnly.length);
    // The same requests from our own page are accepted (the table is valid, not refused for its shape).
    for (const type of pageOnly) expect(await bg.send(SAMPLES[type]), type).toMatchObject({ ok: true });
  });

  const deepType = JSON.parse(`{"type":${'['.repeat(20_000)}${']'.repeat(20_000)}}`) as unknown;
  const MALFORMED: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'startSession'],
    ['a number', 7],
    ['an array', [{ type: 'getState' }]],
    ['no type', { input: {} }],
    ['an unknown type', { type: 'deleteEverything' }],
    ['a type of the wrong kind', { type: 42 }],
    ['a deeply nested type', deepType],
    ['startSession without input', { type: 'startSession' }],
    ['startSession with an empty commitment', { type: 'startSession', input: { commitment: { nextAction: ' ', successCondition: '' }, allowed: [], blocked: [] } }],
    ['saveSettings of a future version', { type: 'saveSettings', settings: { version: 2 } }],
    ['saveSettings with an invalid regex', { type: 'saveSettings', settings: { version: 1, redactPatterns: ['(('] } }],
    ['an over-long coach intention', { type: 'coach', intention: 'x'.repeat(5_000) }],
    ['driftDismiss with a negative episode', { type: 'driftDismiss', episode: -1 }],
    ['nudgeDismiss with an over-long text', { type: 'nudgeDismiss', message: 'x'.repeat(5_000) }],
  ];

  it.each(MALFORMED)('%s is rejected with a logged diagnostic, nothing thrown', async (_what, message) => {
    bg = await boot();
    const before = bg.shell.diagnostics.list().length;
    const settingsBefore = JSON.stringify(bg.shell.state.settings);
    const reply = await bg.send(message);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_request', message: expect.stringMatching(/rejected/) } });
    const added = bg.shell.diagnostics.list().slice(before);
    expect(added.some((d) => d.level === 'warn' && /rejected a malformed or forbidden page message/.test(d.message))).toBe(true);
    expect(JSON.stringify(bg.shell.state.settings)).toBe(settingsBefore);
    expect(bg.shell.state.phase).toBe('idle');
  });
});

describe('privacy before any prompt is built', () => {
  const SECRET_URL = 'https://news.test/private/path-secret/?token=qsecret123&user=urlsecret#fragsecret';
  const SECRETS = ['hunter2', 'tok_abc123', 'qsecret123', 'urlsecret', 'fragsecret', 'incognito-secret'];

  async function sessionWith(neverSendUrls: boolean): Promise<Running> {
    let now = Date.now();
    const host = new FakeHost();
    host.reply = (prompt) => ({ text: prompt.includes('recent_titles') ? '{"on_track": true, "message": ""}' : '{"drifting": true, "reason": "news"}' });
    const running = await boot(host, () => (now += 1_000));
    const settings = ((await running.send({ type: 'getSettings' })) as { value: object }).value;
    await running.send({
      type: 'saveSettings',
      settings: { ...settings, judgeDebounceSeconds: 0, neverSendUrls, redactPatterns: ['hunter2', 'tok_[a-z0-9]+'] },
    });
    await running.send(START);
    // Nudge: two allowed pages whose titles carry secrets; judge: an unmatched site with secrets in title and URL.
    await activate(await openTab('https://docs.test/a?token=qsecret123', 'Parser docs — password hunter2'));
    await activate(await openTab('https://docs.test/b#fragsecret', 'Lexer notes tok_abc123'));
    await activate(await openTab(SECRET_URL, 'Headlines for tok_abc123'));
    // A page without a <title>: the browser shows its URL as the title.
    await activate(await openTab(SECRET_URL.replace('news.test', 'blog.test'), SECRET_URL.replace('https://', '').replace('news.test', 'blog.test')));
    // An incognito tab is never observed (includeIncognito is off).
    await fakeBrowser.tabs.onUpdated.trigger(77, { title: 'incognito-secret' }, tabOf({ id: 77, windowId: 0, active: true, incognito: true, url: 'https://videos.test/', title: 'incognito-secret' }));
    await running.flush();
    return running;
  }

  it('with the defaults: redaction marker present, no secret, no URL path or query in any prompt', async () => {
    bg = await sessionWith(true);
    const prompts = bg.host.runs.map((r) => r.prompt);
    const judges = prompts.filter((p) => p.includes('"window"'));
    const nudges = prompts.filter((p) => p.includes('recent_titles'));
    expect(judges.length).toBeGreaterThanOrEqual(2);
    expect(nudges.length).toBeGreaterThanOrEqual(1);
    const all = prompts.join('\n');
    expect(all).toContain('[redacted]');
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    for (const urlPart of ['/private', 'path-secret', 'token=', '?token', '#frag', 'https://']) expect(all, urlPart).not.toContain(urlPart);
    expect(all).toContain('news.test');
    expect(all).toContain('blog.test');
    console.log(`privacy: ${prompts.length} prompts checked (${judges.length} judges, ${nudges.length} nudges) against ${SECRETS.length} secrets`);
  });

  it('with neverSendUrls off: the path may appear, never the query, the fragment or a redacted secret', async () => {
    bg = await sessionWith(false);
    const all = bg.host.runs.map((r) => r.prompt).join('\n');
    expect(all).toContain('news.test/private/path-secret/');
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    for (const urlPart of ['token=', '#frag', 'https://']) expect(all, urlPart).not.toContain(urlPart);
  });
});
