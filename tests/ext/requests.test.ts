// Requests, state ports and their senders: who may send what, what each surface receives.
import { fakeBrowser } from 'wxt/testing';
import { SETTINGS_VERSION } from '../../shared/settings/stored-settings';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../background/store';
import { sessionOf } from '../../shared/core/controller';
import { isToastPush } from '../../shared/messages/guards';
import { CONTENT_REQUEST_TYPES, REQUEST_TYPES, type Reply } from '../../shared/messages/requests';
import { activate, boot, CONTENT_SENDER, FakeHost, FRAME_SENDER, freshBackgroundEachTest, openTab, type Running, START } from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('surfaces', () => {
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
      view: {
        banner: {
          episode: 1,
          reason: 'videos.test is on your blocked list',
          task: START.input.commitment.nextAction,
          onTaskFrom: 0,
          onTaskAllows: null,
          strict: false,
        },
        nudge: null,
      },
    });
    expect(JSON.stringify(toast.received)).not.toContain('Payroll');
    // The answer comes from the banner's frame, the extension's own page in that tab; never from the content script.
    expect(await bg.send({ type: 'driftOnTask' }, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(await bg.send({ type: 'driftOnTask' }, FRAME_SENDER())).toEqual({ ok: true, value: null });
  });
});

describe('senders', () => {
  it('refuses messages and ports from unexpected senders; content scripts get only the report of faked events', async () => {
    bg = await boot();
    expect(await bg.send(START, { id: 'other-extension', url: 'chrome-extension://other/x.html' })).toMatchObject({
      ok: false,
      error: { message: 'not allowed' },
    });
    expect(await bg.send(START, { url: 'https://evil.test/' })).toMatchObject({ ok: false });
    expect(await bg.send({ type: 'driftOnTask' }, { id: 'other-extension', url: 'https://docs.test/', tab: { id: 3 } })).toMatchObject({
      ok: false,
      error: { message: 'not allowed' },
    });
    expect(await bg.send(START, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(await bg.send({ type: 'saveSettings', settings: {} }, CONTENT_SENDER())).toMatchObject({ ok: false });
    expect(bg.shell.state.phase).toBe('idle');
    await bg.send(START);
    expect(await bg.send({ type: 'driftOnTask' }, CONTENT_SENDER())).toMatchObject({ ok: false });
    expect(await bg.send({ type: 'surfaceEventsIgnored', count: 3, surface: 'page' }, CONTENT_SENDER())).toMatchObject({ ok: true });
    expect(bg.shell.diagnostics.list().map((d) => d.message)).toContain(
      "docs.test sent 3 events no person made at antidrift's banner: ignored",
    );
    expect(await bg.send({ type: 'driftOnTask' }, FRAME_SENDER())).toMatchObject({ ok: true });
    expect(await bg.send({ type: 'bogus', x: 1 })).toMatchObject({ ok: false });
    expect(bg.shell.diagnostics.list().filter((d) => /refused|rejected/.test(d.message)).length).toBeGreaterThanOrEqual(4);
    const stranger = bg.openStatePort({ id: 'other-extension', url: 'chrome-extension://other/' });
    await bg.send({ type: 'pauseSession' });
    expect(stranger.received).toHaveLength(0);
  });
});

describe('who may send what', () => {
  /** A valid instance of every PageRequest type, so only the sender decides the outcome. */
  const SAMPLES: Record<string, Record<string, unknown>> = {
    getState: { type: 'getState' },
    // The drift answers: the popup's and the in-page frame's (an extension page), no longer the content script's.
    driftBackToTask: { type: 'driftBackToTask' },
    driftOnTask: { type: 'driftOnTask' },
    driftSaveForLater: { type: 'driftSaveForLater' },
    driftDismiss: { type: 'driftDismiss', episode: 1 },
    nudgeDismiss: { type: 'nudgeDismiss', message: 'x' },
    endSession: { type: 'endSession' },
    startSession: START,
    pauseSession: { type: 'pauseSession' },
    beginWait: { type: 'beginWait', purpose: 'end' },
    cancelWait: { type: 'cancelWait' },
    navigationBlocked: { type: 'navigationBlocked', site: 'videos.test' },
    blockPageBackToTask: { type: 'blockPageBackToTask' },
    blockPageSaveForLater: { type: 'blockPageSaveForLater', site: 'videos.test', url: 'https://videos.test/watch' },
    resumeSession: { type: 'resumeSession' },
    coach: { type: 'coach', intention: 'watch videos all day' },
    getSettings: { type: 'getSettings' },
    saveSettings: {
      type: 'saveSettings',
      settings: { version: SETTINGS_VERSION, blocked: [], allowed: ['videos.test'], neverSendUrls: false },
    },
    testBackend: { type: 'testBackend' },
    getDiagnostics: { type: 'getDiagnostics' },
    reconnectHost: { type: 'reconnectHost' },
    checkAIPorts: { type: 'checkAIPorts' },
    getLater: { type: 'getLater' },
    removeLater: { type: 'removeLater', ids: ['x'] },
    openLater: { type: 'openLater', ids: ['x'], oneWindow: true },
    clearLater: { type: 'clearLater' },
    answerAIConsent: { type: 'answerAIConsent', backend: 'gemini', answer: 'allowed' },
    getHistoryStatus: { type: 'getHistoryStatus' },
    getSyncStatus: { type: 'getSyncStatus' },
    getWeeklyGoal: { type: 'getWeeklyGoal' },
    reviewSession: { type: 'reviewSession', key: 'k-1', answer: 'yes', note: '' },
    getStartChoices: { type: 'getStartChoices' },
    saveTemplate: { type: 'saveTemplate', template: { name: 'Deep work', nextAction: 'Write' } },
    getPlan: { type: 'getPlan' },
    startDueBlock: { type: 'startDueBlock', key: 'b1@2026-01-05' },
    snoozeDueBlock: { type: 'snoozeDueBlock', key: 'b1@2026-01-05' },
    dismissDueBlock: { type: 'dismissDueBlock', key: 'b1@2026-01-05' },
  };
  /** Valid requests a page may send that are still refused for what they ask (in words, not for their shape). */
  const REFUSED_FROM_PAGE: Partial<Record<string, string>> = {
    startDueBlock: 'this block is no longer on offer',
    blockPageSaveForLater: 'not saved for later: videos.test is not blocked by a running strict session',
  };

  it('every page-only request type is refused from a content script, and changes nothing', async () => {
    const contentTypes = new Set<string>(CONTENT_REQUEST_TYPES);
    const pageOnly = REQUEST_TYPES.filter((t) => !contentTypes.has(t));
    // A new request type must be added here and so decided on, not silently allowed.
    expect(pageOnly.sort()).toEqual(Object.keys(SAMPLES).sort());
    const host = new FakeHost();
    host.reply = (prompt) => ({
      text: prompt.includes('intention') ? '{"next_action": "a", "success_condition": "b", "allowed": []}' : '{"ok": true}',
    });
    bg = await boot(host);
    await bg.send(START);
    const settingsBefore = JSON.stringify(bg.settings.current);
    const storedBefore = await fakeBrowser.storage.local.get(KEYS.settings);
    const stateBefore = JSON.stringify(sessionOf(bg.shell.state));
    const connectsBefore = bg.host.ports.length;
    for (const type of pageOnly) {
      const reply = (await bg.send(SAMPLES[type], CONTENT_SENDER())) as Reply;
      expect(reply, type).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
      expect(JSON.stringify(reply)).not.toContain('Write the parser tests');
    }
    expect(JSON.stringify(bg.settings.current)).toBe(settingsBefore);
    expect(JSON.stringify(sessionOf(bg.shell.state))).toBe(stateBefore);
    expect(bg.host.ports.length).toBe(connectsBefore);
    expect(bg.host.runs).toHaveLength(0);
    expect(await fakeBrowser.storage.local.get(KEYS.settings)).toEqual(storedBefore);
    const refusals = bg.shell.diagnostics.list().filter((d) => /rejected a malformed or forbidden content message/.test(d.message));
    expect(refusals).toHaveLength(pageOnly.length);
    // The same requests from our own page are accepted (the table is valid, not refused for its shape).
    for (const type of pageOnly) {
      const refused = REFUSED_FROM_PAGE[type];
      expect(await bg.send(SAMPLES[type]), type).toMatchObject(refused ? { ok: false, error: { message: refused } } : { ok: true });
    }
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
    [
      'startSession with an empty commitment',
      { type: 'startSession', input: { commitment: { nextAction: ' ', successCondition: '' }, allowed: [], blocked: [] } },
    ],
    ['saveSettings of a future version', { type: 'saveSettings', settings: { version: SETTINGS_VERSION + 1 } }],
    ['saveSettings with an invalid regex', { type: 'saveSettings', settings: { version: SETTINGS_VERSION, redactPatterns: ['(('] } }],
    ['an over-long coach intention', { type: 'coach', intention: 'x'.repeat(5_000) }],
    ['driftDismiss with a negative episode', { type: 'driftDismiss', episode: -1 }],
    ['nudgeDismiss with an over-long text', { type: 'nudgeDismiss', message: 'x'.repeat(5_000) }],
  ];

  it.each(MALFORMED)('%s is rejected with a logged diagnostic, nothing thrown', async (_what, message) => {
    bg = await boot();
    const before = bg.shell.diagnostics.list().length;
    const settingsBefore = JSON.stringify(bg.settings.current);
    const reply = await bg.send(message);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'bad_request', message: expect.stringMatching(/rejected/) } });
    const added = bg.shell.diagnostics.list().slice(before);
    expect(added.some((d) => d.level === 'warn' && /rejected a malformed or forbidden page message/.test(d.message))).toBe(true);
    expect(JSON.stringify(bg.settings.current)).toBe(settingsBefore);
    expect(bg.shell.state.phase).toBe('idle');
  });
});
