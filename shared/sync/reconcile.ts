// What to do when this machine's settings and the browser's sync differ: push, apply, or leave both alone — decided from hashes and times.
import * as z from 'zod';
import { onFirstUse } from '../util/on-first-use';
import type { Settings } from '../settings/stored-settings';
import type { Decoded } from './chunks';
import { mergeSynced, syncedHash } from './synced-settings';

/** What this install remembers about sync, in storage.local (never synced: it is about this machine). */
export const SyncMemory = onFirstUse(() =>
  z.object({
    version: z.literal(1),
    /** The last state both sides agreed on: the hash sync held, and this machine's synced-part hash then. */
    agreed: z.object({ remote: z.string(), local: z.string() }).nullable(),
    /** This machine's synced-part hash as last seen, and when it last changed (0: before sync kept count). */
    localHash: z.string().nullable(),
    localChangedAt: z.number().nonnegative(),
    lastSyncedAt: z.number().nullable(),
    /** The last sync problem in words, until a sync succeeds. */
    problem: z.string().max(1000).nullable(),
  }),
);
export type SyncMemory = z.infer<typeof SyncMemory>;

export const FRESH_MEMORY: SyncMemory = {
  version: 1,
  agreed: null,
  localHash: null,
  localChangedAt: 0,
  lastSyncedAt: null,
  problem: null,
};

/**
 * The memory once the local settings are known: a synced part that changed without the memory noticing
 * (the worker died between the two writes) changed just now; one never counted (the first run with
 * sync) changed at an unknown time, 0, so a copy in sync with a time wins the first comparison.
 */
export function noteLocal(memory: SyncMemory, local: Settings, at: number): SyncMemory {
  const hash = syncedHash(local);
  if (hash === memory.localHash) return memory;
  return { ...memory, localHash: hash, localChangedAt: memory.localHash === null ? 0 : at };
}

export type Decision =
  | { do: 'nothing'; memory: SyncMemory }
  | { do: 'push'; hash: string }
  | { do: 'apply'; settings: Settings; memory: SyncMemory }
  | { do: 'warn'; problem: string; push: boolean };

/**
 * Compares this machine's settings (with `memory` already updated by `noteLocal`) with what sync holds.
 * Rules: nothing in sync → push; the same → agreed; only one side changed since the last agreement →
 * that side wins; both changed (or no agreement yet: the first sync of a machine) → the later `savedAt`
 * wins, this machine on a tie. Our own earlier write that differs is simply replaced.
 */
export function reconcile(local: Settings, memory: SyncMemory, remote: Decoded, installId: string, at: number): Decision {
  const localHash = syncedHash(local);
  const localDirty = memory.agreed?.local !== localHash;
  switch (remote.kind) {
    case 'empty':
      return { do: 'push', hash: localHash };
    case 'newer':
      return { do: 'warn', problem: remote.problem, push: false };
    case 'bad':
      // Unreadable data is never applied; this machine's unsynced edits replace it, nothing else does.
      return { do: 'warn', problem: remote.problem, push: localDirty && memory.agreed !== null };
    case 'ok':
      break;
  }
  const { meta, part } = remote;
  if (meta.hash === localHash) {
    return { do: 'nothing', memory: { ...memory, agreed: { remote: meta.hash, local: localHash }, lastSyncedAt: at, problem: null } };
  }
  const remoteNew = memory.agreed?.remote !== meta.hash;
  const theirsWins = meta.writer !== installId && remoteNew && (!localDirty || meta.savedAt > memory.localChangedAt);
  if (!theirsWins) return { do: 'push', hash: localHash };
  const merged = mergeSynced(local, part);
  if (!merged.ok)
    return {
      do: 'warn',
      problem: `the settings in the browser's sync do not fit together (${merged.error}); nothing changed`,
      push: false,
    };
  const mergedHash = syncedHash(merged.settings);
  return {
    do: 'apply',
    settings: merged.settings,
    memory: {
      ...memory,
      agreed: { remote: meta.hash, local: mergedHash },
      localHash: mergedHash,
      localChangedAt: meta.savedAt,
      lastSyncedAt: at,
      problem: null,
    },
  };
}
