// storage.sync adapter: pushes this machine's synced settings (debounced, within quotas), applies other browsers' changes, reports problems.
import { browser } from 'wxt/browser';
import * as z from 'zod';
import { onFirstUse } from '../../shared/util/on-first-use';
import type { Settings } from '../../shared/settings/stored-settings';
import type { SyncStatus } from '../../shared/sync/sync-feature';
import { decodeSynced, encodeSynced, isSyncKey, META_KEY, planWrite } from '../../shared/sync/chunks';
import { FRESH_MEMORY, noteLocal, reconcile, SyncMemory } from '../../shared/sync/reconcile';
import { syncedPart } from '../../shared/sync/synced-settings';
import { Backoff } from '../../shared/util/backoff';
import { errorText } from '../../shared/util/error-text';
import { serial } from '../../shared/util/serial';
import type { Diagnostics } from '../diagnostics';

/** A backstop for a pending push and the retry after a refused one: alarms survive the worker, timers do not. */
export const SYNC_ALARM = 'antidrift-sync';
/** Per machine, in storage.local: what this install knows about sync, and who it is (so it can ignore its own writes). */
export const SYNC_MEMORY_KEY = 'syncMemory';
export const INSTALL_ID_KEY = 'installId';

export const SYNC_DELAY_MS = 2_000;
/** Saves that keep coming still push this often at most: well under 120 writes a minute and 1,800 an hour. */
const MAX_WAIT_MS = 10_000;
const InstallId = onFirstUse(() => z.string().min(8).max(100));

const NO_SYNC_AREA = 'this browser has no storage.sync: settings stay on this computer';

export interface SettingsSyncDeps {
  now(): number;
  /** The controller's settings now (the local copy, already stored). */
  settings(): Settings;
  /** Applies settings from another browser through the controller (the settingsSaved event); resolves once stored. */
  apply(settings: Settings): Promise<void>;
  diagnostics: Diagnostics;
  /** Quiet time after the last save before pushing. */
  delayMs: number;
  newInstallId(): string;
}

type SyncArea = typeof browser.storage.sync;

export class SettingsSync {
  #memory: SyncMemory = FRESH_MEMORY;
  #installId = '';
  /** Every read and write of sync runs in turn: a push never interleaves with an apply. */
  readonly #turns = serial({ onError: (error) => this.deps.diagnostics.add('error', `settings sync failed: ${errorText(error)}`) });
  #timer: ReturnType<typeof setTimeout> | undefined;
  #pendingSince: number | null = null;
  /** Settles once the scheduled push has run (or was dropped), for `settled`. */
  #pendingRun: { done: Promise<void>; resolve(): void } | null = null;
  #wasEnabled: boolean | null = null;
  readonly #retry = new Backoff({ firstMs: 60_000, maxMs: 60 * 60_000 });
  readonly #area: SyncArea | undefined;

  constructor(private readonly deps: SettingsSyncDeps) {
    this.#area = typeof browser.storage.sync?.get === 'function' ? browser.storage.sync : undefined;
  }

  get #enabled(): boolean {
    return this.deps.settings().syncEnabled;
  }

  /** After hydration: loads this install's memory, then compares with sync (pending work is re-derived here, not remembered). */
  start(): Promise<void> {
    if (!this.#area) this.deps.diagnostics.add('warn', NO_SYNC_AREA);
    this.#wasEnabled = this.#enabled;
    return this.#queue(async () => {
      await this.#load();
      if (this.#enabled) await this.#sync();
    });
  }

  /** The local copy was written (a save, an import, an apply): push later if its synced part changed. */
  settingsStored(settings: Settings): void {
    const turnedOn = settings.syncEnabled && this.#wasEnabled === false;
    this.#wasEnabled = settings.syncEnabled;
    void this.#queue(async () => {
      const before = this.#memory;
      this.#memory = noteLocal(before, settings, this.deps.now());
      if (this.#memory !== before) await this.#persist();
      if (settings.syncEnabled && (this.#memory !== before || turnedOn)) this.#schedule();
    });
  }

  /** storage.onChanged in the 'sync' area: another browser's write (ours are recognised by the writer id). */
  remoteChanged(changes: Record<string, { newValue?: unknown }>): void {
    if (!Object.keys(changes).some(isSyncKey) || !this.#enabled) return;
    const writer = (changes[META_KEY]?.newValue as { writer?: unknown } | undefined)?.writer;
    void this.#queue(async () => {
      if (writer !== undefined && writer === this.#installId) return;
      if (this.#enabled) await this.#sync();
    });
  }

  /** The sync alarm fired: a backstop push or a retry. */
  alarmFired(): void {
    void this.#queue(async () => {
      if (this.#enabled) await this.#sync();
    });
  }

  status(): SyncStatus {
    return {
      enabled: this.#enabled,
      lastSyncedAt: this.#memory.lastSyncedAt,
      problem: this.#area ? this.#memory.problem : NO_SYNC_AREA,
    };
  }

  /** Drops the pending push timer (a stopped background; the tests' dead worker). The start compares again anyway. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#pendingSince = null;
    this.#pendingRun?.resolve();
    this.#pendingRun = null;
  }

  /** Resolves when nothing is queued or scheduled any more (for tests and callers that must know). */
  async settled(): Promise<void> {
    // The scheduled push queues its turn when its timer fires: the queue is idle again only after that.
    for (;;) {
      await this.#turns.idle();
      const pending = this.#pendingRun;
      if (!pending) return;
      await pending.done;
    }
  }

  /** Settles once `work` has had its turn; never rejects (a failure is already in diagnostics). */
  #queue(work: () => Promise<void>): Promise<void> {
    return this.#turns.run(work).catch(() => {});
  }

  #schedule(): void {
    const now = this.deps.now();
    this.#pendingSince ??= now;
    clearTimeout(this.#timer);
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    this.#pendingRun ??= { done, resolve };
    const run = this.#pendingRun;
    const delay = Math.max(0, Math.min(this.deps.delayMs, this.#pendingSince + MAX_WAIT_MS - now));
    this.#timer = setTimeout(() => {
      this.#pendingSince = null;
      this.#pendingRun = null;
      void this.#queue(async () => {
        if (this.#enabled) await this.#sync();
      }).then(run.resolve);
    }, delay);
    // If the worker dies before the timer, the alarm wakes it and the start compares again.
    void browser.alarms.create(SYNC_ALARM, { delayInMinutes: 1 });
  }

  async #load(): Promise<void> {
    const stored = await browser.storage.local.get([SYNC_MEMORY_KEY, INSTALL_ID_KEY]);
    const memory = SyncMemory.safeParse(stored[SYNC_MEMORY_KEY]);
    if (memory.success) this.#memory = memory.data;
    else if (stored[SYNC_MEMORY_KEY] !== undefined) this.deps.diagnostics.add('warn', 'the stored sync state was unreadable and was reset');
    const id = InstallId.safeParse(stored[INSTALL_ID_KEY]);
    this.#installId = id.success ? id.data : this.deps.newInstallId();
    if (!id.success) await browser.storage.local.set({ [INSTALL_ID_KEY]: this.#installId });
    this.#memory = noteLocal(this.#memory, this.deps.settings(), this.deps.now());
    await this.#persist();
  }

  async #persist(): Promise<void> {
    await browser.storage.local.set({ [SYNC_MEMORY_KEY]: this.#memory });
  }

  /** One comparison with sync, and what it decides. */
  async #sync(): Promise<void> {
    const area = this.#area;
    if (!area) return;
    let current: Record<string, unknown>;
    try {
      current = ours(await area.get(null));
    } catch (error) {
      return this.#failed(`could not read the browser's sync (${errorText(error)})`, true);
    }
    const settings = this.deps.settings();
    this.#memory = noteLocal(this.#memory, settings, this.deps.now());
    const decision = reconcile(settings, this.#memory, decodeSynced(current), this.#installId, this.deps.now());
    switch (decision.do) {
      case 'nothing':
        this.#memory = decision.memory;
        return this.#succeeded();
      case 'apply':
        this.#memory = decision.memory;
        await this.#persist();
        await this.deps.apply(decision.settings);
        this.deps.diagnostics.add('info', 'settings changed in another browser were applied');
        return this.#succeeded();
      case 'warn':
        await this.#failed(decision.problem, false);
        if (decision.push) await this.#push(settings, current);
        return;
      case 'push':
        return this.#push(settings, current);
    }
  }

  async #push(settings: Settings, current: Record<string, unknown>): Promise<void> {
    const encoded = encodeSynced(syncedPart(settings), this.#installId, this.#memory.localChangedAt);
    if (!encoded.ok) return this.#failed(encoded.error, false);
    const { set, remove } = planWrite(current, encoded.items);
    try {
      if (Object.keys(set).length) await this.#area!.set(set);
      if (remove.length) await this.#area!.remove(remove);
    } catch (error) {
      return this.#failed(
        `not synced yet (${errorText(error)}); it is tried again later — the copy on this computer keeps everything`,
        true,
      );
    }
    this.#memory = { ...this.#memory, agreed: { remote: encoded.hash, local: encoded.hash }, lastSyncedAt: this.deps.now(), problem: null };
    await this.#succeeded();
  }

  async #succeeded(): Promise<void> {
    this.#retry.reset();
    this.#memory = { ...this.#memory, problem: null };
    await this.#persist();
    if (!this.#pendingSince) await browser.alarms.clear(SYNC_ALARM);
  }

  /** Says it once in diagnostics (not again on every retry), keeps it for Options, and retries when trying again can help. */
  async #failed(problem: string, retry: boolean): Promise<void> {
    if (problem !== this.#memory.problem) this.deps.diagnostics.add('warn', `sync: ${problem}`);
    this.#memory = { ...this.#memory, problem };
    await this.#persist();
    if (retry) void browser.alarms.create(SYNC_ALARM, { delayInMinutes: this.#retry.next() / 60_000 });
  }
}

function ours(items: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(items).filter(([key]) => isSyncKey(key)));
}
