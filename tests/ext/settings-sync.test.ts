// Settings through storage.sync on the fake browser: debounced batched pushes, other browsers' changes applied (templates whole), ours and garbage not.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../background/store';
import { INSTALL_ID_KEY, SYNC_ALARM } from '../../background/sync/settings-sync';
import { defaultSettings, Settings } from '../../shared/settings/stored-settings';
import { decodeSynced, encodeSynced, META_KEY, type SyncMeta } from '../../shared/sync/chunks';
import { syncedPart } from '../../shared/sync/synced-settings';
import type { Reply } from '../../shared/messages/requests';
import { templateRecord } from '../support/templates';
import { boot, FakeHost, freshBackgroundEachTest, restartWorker, testPlatform, type Running } from './harness';

let bg: Running;
freshBackgroundEachTest();
afterEach(() => vi.restoreAllMocks());

/** Long enough that ten saves in a row land within it even on a busy machine. */
const DELAY_MS = 250;
/** This machine: its own backend, model and window classes, which never leave it. */
const HERE = Settings.parse({
  ...defaultSettings(),
  backend: 'codex',
  model: 'gpt-5',
  browserWindowClasses: ['here'],
  allowed: ['here.test'],
});
const THEIRS = Settings.parse({ ...defaultSettings(), backend: 'claude', model: 'opus', allowed: ['theirs.test'], nudgeEnabled: false });

async function start(local: Settings | null = HERE): Promise<Running> {
  if (local) await fakeBrowser.storage.local.set({ [KEYS.settings]: local });
  // No yes given here: the consent's own sync is in tests/unit/core/ai-consent.test.ts, and a yes would name the local-only backend.
  bg = await boot(new FakeHost(), () => Date.now(), undefined, { ...testPlatform(), syncDelayMs: DELAY_MS }, []);
  await bg.features.settingsSync.settled();
  return bg;
}

async function save(settings: Settings): Promise<void> {
  const reply = (await bg.send({ type: 'saveSettings', settings })) as Reply;
  expect(reply.ok).toBe(true);
}

/** Past the quiet time, and every sync step that followed done. */
async function afterDebounce(): Promise<void> {
  await bg.features.settingsSync.settled();
}

async function syncHolds(): Promise<ReturnType<typeof decodeSynced>> {
  return decodeSynced(await fakeBrowser.storage.sync.get(null));
}

/** Another browser's write: the items its install would set, with its writer id. */
async function writeFromElsewhere(settings: Settings, savedAt = Date.now() + 1_000, writer = 'install-elsewhere'): Promise<void> {
  const encoded = encodeSynced(syncedPart(settings), writer, savedAt);
  if (!encoded.ok) throw new Error(encoded.error);
  await fakeBrowser.storage.sync.set(encoded.items);
  await bg.flush();
  await bg.features.settingsSync.settled();
}

const syncWarnings = () => bg.shell.diagnostics.list().filter((d) => d.level === 'warn' && d.message.startsWith('sync:'));

describe('pushing this machine’s settings', () => {
  it('the first start pushes the local settings when sync holds nothing, without the local-only fields', async () => {
    await start();
    const held = await syncHolds();
    expect(held.kind).toBe('ok');
    if (held.kind !== 'ok') return;
    expect(held.part.allowed).toEqual(['here.test']);
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toMatch(/codex|gpt-5|"here"/);
    const id = (await fakeBrowser.storage.local.get(INSTALL_ID_KEY))[INSTALL_ID_KEY];
    expect(held.meta.writer).toBe(id);
  });

  it('a save is stored locally at once and written to sync after the quiet time, in one set call', async () => {
    await start();
    const set = vi.spyOn(fakeBrowser.storage.sync, 'set');
    await save({ ...HERE, allowed: ['new.test'] });
    expect((await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings]).toMatchObject({ allowed: ['new.test'] });
    expect(set).not.toHaveBeenCalled();
    await afterDebounce();
    expect(set).toHaveBeenCalledTimes(1);
    expect(set.mock.calls[0]![0]).toHaveProperty(META_KEY);
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['new.test'] } });
    const status = (await bg.send({ type: 'getSyncStatus' })) as Reply<'getSyncStatus'>;
    expect(status).toEqual({ ok: true, value: { enabled: true, lastSyncedAt: expect.any(Number), problem: null } });
  });

  it('ten quick saves are one write, of the last', async () => {
    await start();
    const set = vi.spyOn(fakeBrowser.storage.sync, 'set');
    for (let i = 0; i < 10; i++) await save({ ...HERE, allowed: [`site${i}.test`] });
    await afterDebounce();
    expect(set).toHaveBeenCalledTimes(1);
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['site9.test'] } });
  });

  it('a change of a local-only field writes nothing to sync', async () => {
    await start();
    const set = vi.spyOn(fakeBrowser.storage.sync, 'set');
    await save({ ...HERE, backend: 'claude', model: 'sonnet' });
    await afterDebounce();
    expect(set).not.toHaveBeenCalled();
  });

  it('a save the worker died before pushing is pushed at the next start', async () => {
    await start();
    await save({ ...HERE, allowed: ['pending.test'] });
    // The worker dies before the quiet time is over: its timer with it.
    bg.channel.stop();
    bg.features.settingsSync.stop();
    const sync = await fakeBrowser.storage.sync.get(null);
    await restartWorker();
    await fakeBrowser.storage.sync.set(sync);
    await start(null);
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['pending.test'] } });
  });

  it('a write the browser refuses (offline, quota) is said once, kept locally, and tried again by the alarm', async () => {
    await start();
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(new Error('MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded'));
    await save({ ...HERE, allowed: ['retry.test'] });
    await afterDebounce();
    expect(bg.features.settingsSync.status().problem).toBe(
      'not synced yet (MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded); it is tried again later — the copy on this computer keeps everything',
    );
    expect(syncWarnings()).toHaveLength(1);
    expect(bg.settings.current.allowed).toEqual(['retry.test']);
    expect(await fakeBrowser.alarms.get(SYNC_ALARM)).toBeDefined();
    await fakeBrowser.alarms.onAlarm.trigger({ name: SYNC_ALARM, scheduledTime: Date.now() });
    await bg.features.settingsSync.settled();
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['retry.test'] } });
    expect(bg.features.settingsSync.status().problem).toBeNull();
  });

  it('a synced part over the total is refused in words; the local copy keeps everything', async () => {
    await start();
    // Two lists of 500 entries of about 130 characters: some 130 KB.
    const entries = (prefix: string) => Array.from({ length: 500 }, (_, i) => `${prefix}${'a'.repeat(60)}.${'b'.repeat(60)}${i}.test`);
    const huge = { ...HERE, allowed: entries('x'), blocked: entries('y') };
    await save(huge);
    await afterDebounce();
    expect(bg.settings.current.allowed).toHaveLength(500);
    const status = (await bg.send({ type: 'getSyncStatus' })) as Reply<'getSyncStatus'>;
    expect(status.ok && status.value.problem).toMatch(
      /^not synced: your settings \(mostly the .*\) take \d+ KB; the browser's sync holds 100 KB/,
    );
    expect(syncWarnings()).toHaveLength(1);
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['here.test'] } });
  });
});

describe('changes from another browser', () => {
  it('are applied to the controller’s settings, keeping this machine’s backend, model and window classes', async () => {
    await start();
    await writeFromElsewhere(THEIRS);
    expect(bg.settings.current).toMatchObject({
      allowed: ['theirs.test'],
      nudgeEnabled: false,
      backend: 'codex',
      model: 'gpt-5',
      browserWindowClasses: ['here'],
    });
    expect((await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings]).toMatchObject({
      allowed: ['theirs.test'],
      backend: 'codex',
    });
    // The surfaces learn the saved settings changed (an open Options page compares).
    const revision = bg.shell.snapshot().view.settingsRevision;
    await writeFromElsewhere({ ...THEIRS, allowed: ['again.test'] });
    expect(bg.shell.snapshot().view.settingsRevision).not.toBe(revision);
  });

  it('carry what a template’s work involves both ways; a template synced by an older version reads back with none', async () => {
    await start();
    const deep = templateRecord({
      id: 't1',
      name: 'Deep work',
      nextAction: 'Write',
      successCondition: 'Done',
      involves: 'the vitest docs',
    });
    await save({ ...HERE, templates: [deep] });
    await afterDebounce();
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { templates: [deep] } });
    await writeFromElsewhere({ ...THEIRS, templates: [{ ...deep, involves: 'a lecture on Pratt parsing' }] });
    expect(bg.settings.current.templates).toEqual([{ ...deep, involves: 'a lecture on Pratt parsing' }]);
    const part = syncedPart({ ...THEIRS, templates: [deep] });
    const older = { ...part, templates: part.templates.map(({ involves: _none, ...rest }) => rest) };
    const encoded = encodeSynced(older as typeof part, 'install-elsewhere', Date.now() + 2_000);
    if (!encoded.ok) throw new Error(encoded.error);
    await fakeBrowser.storage.sync.set(encoded.items);
    await bg.flush();
    await bg.features.settingsSync.settled();
    expect(bg.settings.current.templates).toEqual([{ ...deep, involves: '' }]);
  });

  it('at start, a newer copy in sync from another install is applied', async () => {
    await fakeBrowser.storage.sync.set(
      (encodeSynced(syncedPart(THEIRS), 'install-elsewhere', Date.now()) as { items: Record<string, unknown> }).items,
    );
    await start();
    expect(bg.settings.current).toMatchObject({ allowed: ['theirs.test'], backend: 'codex' });
  });

  it('our own write is not applied back', async () => {
    await start();
    const id = (await fakeBrowser.storage.local.get(INSTALL_ID_KEY))[INSTALL_ID_KEY] as string;
    const before = bg.settings.current;
    await writeFromElsewhere(THEIRS, Date.now() + 1_000, id);
    expect(bg.settings.current).toBe(before);
  });

  it('garbage in sync: a warning, the settings unchanged', async () => {
    await start();
    const before = bg.settings.current;
    const meta = (await fakeBrowser.storage.sync.get(META_KEY))[META_KEY] as SyncMeta;
    await fakeBrowser.storage.sync.set({ [META_KEY]: { ...meta, writer: 'install-elsewhere', chunks: 2, hash: 'ffffffffffffff' } });
    await bg.flush();
    await bg.features.settingsSync.settled();
    expect(bg.settings.current).toBe(before);
    expect(syncWarnings().at(-1)?.message).toMatch(/incomplete \(part 2 of 2 is missing.*nothing changed/);
    await fakeBrowser.storage.sync.set({ [META_KEY]: 'garbage' });
    await bg.features.settingsSync.settled();
    expect(bg.settings.current).toBe(before);
    expect(syncWarnings().at(-1)?.message).toMatch(/unreadable header/);
  });
});

describe('sync off', () => {
  it('reads and writes nothing in sync, and leaves what it holds', async () => {
    await fakeBrowser.storage.sync.set(
      (encodeSynced(syncedPart(THEIRS), 'install-elsewhere', Date.now()) as { items: Record<string, unknown> }).items,
    );
    const get = vi.spyOn(fakeBrowser.storage.sync, 'get');
    const set = vi.spyOn(fakeBrowser.storage.sync, 'set');
    await start({ ...HERE, syncEnabled: false });
    await save({ ...HERE, syncEnabled: false, allowed: ['off.test'] });
    await afterDebounce();
    await writeFromElsewhere({ ...THEIRS, allowed: ['later.test'] });
    expect(bg.settings.current.allowed).toEqual(['off.test']);
    expect(get).not.toHaveBeenCalled();
    expect(set).toHaveBeenCalledTimes(1); // the test's own write as the other browser
    expect(await syncHolds()).toMatchObject({ kind: 'ok', part: { allowed: ['later.test'] } });
    const status = (await bg.send({ type: 'getSyncStatus' })) as Reply<'getSyncStatus'>;
    expect(status.ok && status.value.enabled).toBe(false);
  });

  it('turned on again, compares with sync: the newer copy there is adopted, this machine’s backend kept', async () => {
    await start({ ...HERE, syncEnabled: false });
    await writeFromElsewhere(THEIRS);
    expect(bg.settings.current.allowed).toEqual(['here.test']);
    await save({ ...HERE, syncEnabled: true });
    await afterDebounce();
    expect(bg.settings.current).toMatchObject({ allowed: ['theirs.test'], backend: 'codex', syncEnabled: true });
  });
});

describe('a browser without storage.sync', () => {
  it('says so in diagnostics and in the status, and keeps saving locally', async () => {
    const storage = fakeBrowser.storage as { sync?: unknown };
    const area = storage.sync;
    storage.sync = undefined;
    try {
      await start();
      await save({ ...HERE, allowed: ['local-only.test'] });
      await afterDebounce();
      expect((await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings]).toMatchObject({ allowed: ['local-only.test'] });
      const message = 'this browser has no storage.sync: settings stay on this computer';
      expect(bg.shell.diagnostics.list().some((d) => d.level === 'warn' && d.message === message)).toBe(true);
      expect(bg.features.settingsSync.status()).toMatchObject({ enabled: true, problem: message });
    } finally {
      storage.sync = area;
    }
  });
});
