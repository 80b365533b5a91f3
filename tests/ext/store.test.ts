// Storage across worker and browser restarts, corrupt values and old versions.
import { fakeBrowser } from 'wxt/testing';
import { SETTINGS_VERSION } from '../../shared/settings/stored-settings';
import { describe, expect, it } from 'vitest';
import * as store from '../../background/store';
import { unreadableKey, KEYS } from '../../background/store';
import { sessionOf } from '../../shared/core/controller';
import {
  activate,
  boot,
  freshBackgroundEachTest,
  openTab,
  readBadge,
  restartWorker,
  type Running,
  START,
  STORED_SESSION,
  TEST_VERSION,
} from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('restarts', () => {
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
    expect(await readBadge()).toMatchObject({ text: '!' });
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
});

describe('stored values', () => {
  it('corrupt stored values fall back to defaults with a warning; other keys survive', async () => {
    await fakeBrowser.storage.local.set({
      [KEYS.settings]: { version: SETTINGS_VERSION, nudgeIntervalMinutes: 'soon' },
      [KEYS.session]: {
        version: 1,
        lastSessionId: 1,
        session: {
          id: 1,
          commitment: { nextAction: 'a', successCondition: 'b' },
          allowed: [],
          blocked: [],
          startedAt: 1,
          pausedTotalMs: 0,
          timeboxNotified: false,
        },
      },
    });
    await fakeBrowser.storage.session.set({ [KEYS.drift]: '{{{not json' });
    bg = await boot();
    expect(bg.settings.current.nudgeIntervalMinutes).toBe(5);
    expect(bg.shell.state.phase).toBe('active');
    const messages = bg.shell.diagnostics
      .list()
      .map((d) => d.message)
      .join('\n');
    expect(messages).toMatch(
      /stored settings could not be read by this version \(.*nudgeIntervalMinutes.*\): defaults are used; the stored value is kept as unreadable:settings/,
    );
    expect(messages).toMatch(/stored drift state was unreadable/);
  });

  it('old-version settings are migrated', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { allowedApps: ['Code'], blockedApps: ['https://www.youtube.com/'] } });
    bg = await boot();
    expect(bg.settings.current).toMatchObject({ version: SETTINGS_VERSION, allowed: ['code'], blocked: ['youtube.com'] });
  });

  it('version 1 settings gain the plan with its defaults, and keep everything they held', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: { version: 1, nudgeIntervalMinutes: 7, allowed: ['code'] } });
    bg = await boot();
    expect(bg.settings.current).toMatchObject({
      version: SETTINGS_VERSION,
      nudgeIntervalMinutes: 7,
      allowed: ['code'],
      templates: [],
      schedule: [],
      daySummary: { enabled: false },
      syncEnabled: true,
    });
  });
});

describe('corrupt or old stored values', () => {
  const SESSION = STORED_SESSION;
  const GOOD: Record<string, unknown> = {
    [KEYS.settings]: { version: SETTINGS_VERSION, nudgeIntervalMinutes: 7 },
    [KEYS.session]: SESSION,
    [KEYS.drift]: {
      version: 2,
      drift: { sessionId: 3, status: 'drifting', reason: 'kept reason', driftEpisode: 4, current: null, dismissedNudge: 'kept advice' },
    },
    [KEYS.diagnostics]: [{ at: 1, level: 'info', message: 'kept entry' }],
    [KEYS.observer]: { focus: 'os', windowId: 7 },
    [KEYS.tabBadges]: { tabs: { 5: { text: 'ON', color: '#188038', title: 'antidrift' } }, front: { 1: 5 }, context: '0123456789abcd' },
    [KEYS.pendingReview]: { key: 'k-3', nextAction: 'Write', successCondition: 'Done', endedAt: 1 },
  };
  const LOCAL = new Set<string>([KEYS.settings, KEYS.session, KEYS.pendingReview]);
  const deep = JSON.parse('['.repeat(1_000) + ']'.repeat(1_000)) as unknown;
  const GARBAGE: Array<[string, unknown]> = [
    ['a string', '{{{not json'],
    ['a number', 42],
    ['an array', [1, 2, 3]],
    ['a future version', { version: 99 }],
    ['deeply nested', deep],
  ];
  const SPECIFIC: Array<[string, string, unknown]> = [
    [KEYS.settings, 'an invalid redaction regex', { version: SETTINGS_VERSION, redactPatterns: ['('] }],
    [KEYS.settings, 'a v0 record of the wrong types', { allowedApps: 'code' }],
    [KEYS.session, 'version 0', { lastSessionId: 1, session: null }],
    [
      KEYS.session,
      'a session without a commitment',
      { ...SESSION, session: { ...SESSION.session, commitment: { nextAction: '', successCondition: '' } } },
    ],
    [KEYS.drift, 'an unknown status', { version: 2, drift: { sessionId: 3, status: 'panicking', current: null } }],
    [
      KEYS.drift,
      'an over-long dismissed nudge',
      { version: 2, drift: { sessionId: 3, status: 'ontask', current: null, dismissedNudge: 'x'.repeat(5_000) } },
    ],
    [KEYS.diagnostics, 'too many entries', Array.from({ length: 501 }, (_, i) => ({ at: i, level: 'info', message: 'm' }))],
    [KEYS.observer, 'an unknown focus', { focus: 'moon' }],
    [
      KEYS.tabBadges,
      'a tab id that is not a number',
      { tabs: { five: { text: 'ON', color: '#188038', title: '' } }, front: {}, context: '' },
    ],
  ];
  const table: Array<[string, string, unknown]> = [
    ...Object.values(KEYS)
      .filter((key) => key !== KEYS.version)
      .flatMap((key) => GARBAGE.map(([what, value]) => [key, what, value] as [string, string, unknown])),
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
    const messages = shell.diagnostics
      .list()
      .map((d) => d.message)
      .join('\n');
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

    // A person's record this version could not read is kept as it was, even after new ones are written.
    const allMessages = (await bg.send({ type: 'getDiagnostics' })) as { value: Array<{ message: string }> };
    const keptAside = allMessages.value.some((d) => d.message.includes(`kept as ${unreadableKey(key)}`));
    expect(keptAside).toBe(LOCAL.has(key) && !/migrated/.test(messages));
    if (keptAside) expect((await fakeBrowser.storage.local.get(unreadableKey(key)))[unreadableKey(key)]).toEqual(value);
  });

  it('a kept unreadable record is never overwritten by a later one', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.settings]: 'first unreadable', [unreadableKey(KEYS.settings)]: 'kept before' });
    bg = await boot();
    expect((await fakeBrowser.storage.local.get(unreadableKey(KEYS.settings)))[unreadableKey(KEYS.settings)]).toBe('kept before');
  });
  it('drift state of version 1 (with the dismissed nudge under its own key) is migrated, the old key removed', async () => {
    await fakeBrowser.storage.local.set({ [KEYS.session]: SESSION });
    await fakeBrowser.storage.session.set({
      [KEYS.drift]: {
        version: 1,
        drift: { sessionId: 3, status: 'ontask', episode: 4, dismissedEpisode: 4, driftGen: 2, nudgeEpoch: 6, current: null },
      },
      dismissedNudge: 'kept advice',
    });
    bg = await boot();
    expect(bg.shell.state.drift).toMatchObject({
      driftEpisode: 4,
      answeredDriftEpisode: 4,
      judgeLaunches: 2,
      onTaskStretch: 6,
      dismissedNudge: 'kept advice',
    });
    expect(bg.shell.diagnostics.list().map((d) => d.message)).toContain('drift state migrated from version 1');
    await bg.flush();
    expect(await fakeBrowser.storage.session.get('dismissedNudge')).toEqual({});
  });
});

describe('records this release stored', () => {
  const stripFingerprints = async () => {
    const keys = (area: Record<string, unknown>) => Object.keys(area).filter((key) => key.startsWith('checked:'));
    await fakeBrowser.storage.local.remove(keys(await fakeBrowser.storage.local.get(null)));
    await fakeBrowser.storage.session.remove(keys(await fakeBrowser.storage.session.get(null)));
  };

  it('are read back as they were stored, exactly what their schemas would have read', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://videos.test/', 'Cats'));
    await bg.flush();
    await store.saveObserverMemory({ focus: 'browser', windowId: 7 });
    await store.saveDiagnostics([{ at: 1, level: 'info', message: 'kept' }]);
    await store.saveSettings({ ...bg.settings.current, allowed: ['docs.test'], redactPatterns: ['ticket-\\d+'] });
    const local = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(local)).toEqual(expect.arrayContaining(['checked:settings', 'checked:session']));
    const recognised = await store.loadAll();
    await stripFingerprints();
    const validated = await store.loadAll();
    expect(validated.warnings).toEqual([]);
    const comparable = (loaded: store.Loaded) => ({ ...loaded, diagnostics: loaded.diagnostics(), settingsToStore: 'left out' });
    expect(comparable(recognised)).toEqual(comparable(validated));
    expect(recognised.diagnostics().entries).toEqual([{ at: 1, level: 'info', message: 'kept' }]);
    // Only what had to be validated is offered to be stored again.
    expect(recognised.settingsToStore).toBeNull();
    expect(validated.settingsToStore).toEqual(validated.settings);
    expect(recognised.session?.commitment.nextAction).toBe('Write the parser tests');
    expect(recognised.drift?.current).toMatchObject({ app: 'videos.test', title: 'Cats' });
    expect(recognised.observer).toEqual({ focus: 'browser', windowId: 7 });
    expect(recognised.settings).toMatchObject({ allowed: ['docs.test'], redactPatterns: ['ticket-\\d+'] });
  });

  it('skip their schemas: a field no schema knows stays on a recognised record and is dropped once it is validated', async () => {
    await store.saveObserverMemory({ focus: 'os', extra: 'kept' } as never);
    expect((await store.loadAll()).observer).toEqual({ focus: 'os', extra: 'kept' });
    await stripFingerprints();
    expect((await store.loadAll()).observer).toEqual({ focus: 'os' });
  });

  it('with no settings stored, the woken worker stores the defaults once with their fingerprint', async () => {
    bg = await boot();
    await bg.flush();
    const local = await fakeBrowser.storage.local.get([KEYS.settings, 'checked:settings']);
    expect(local[KEYS.settings]).toEqual(bg.settings.current);
    expect(local['checked:settings']).toMatch(/^[0-9a-f]{14}$/);
    expect((await store.loadAll()).settingsToStore).toBeNull();
  });

  it('changed after they were stored, or stored by another release, are validated again; an unreadable one is set aside', async () => {
    bg = await boot();
    await bg.send(START);
    await bg.flush();
    const { [KEYS.session]: stored } = await fakeBrowser.storage.local.get(KEYS.session);
    await fakeBrowser.storage.local.set({ [KEYS.session]: { ...(stored as object), lastSessionId: -1 } });
    const changed = await store.loadAll();
    expect(changed.session).toBeNull();
    expect(changed.warnings.join()).toMatch(/stored session was unreadable.*kept as unreadable:session/);

    store.identifyRelease('9.9.9');
    await store.saveObserverMemory({ focus: 'os', extra: 'from another release' } as never);
    store.identifyRelease(TEST_VERSION);
    expect((await store.loadAll()).observer).toEqual({ focus: 'os' });
  });
});
