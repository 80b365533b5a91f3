// Push, apply or leave alone: the decisions between this machine's settings and the browser's sync; a template's fields travel whole.
import { describe, expect, it } from 'vitest';
import { decodeSynced, encodeSynced, type Decoded } from '../../../shared/sync/chunks';
import { FRESH_MEMORY, noteLocal, reconcile, type SyncMemory } from '../../../shared/sync/reconcile';
import { syncedHash, syncedPart } from '../../../shared/sync/synced-settings';
import type { Settings } from '../../../shared/settings/stored-settings';
import { machine } from './fixtures';
import { templateRecord } from '../../support/templates';

const ME = 'install-me';
const THEM = 'install-them';

function remote(settings: Settings, writer = THEM, savedAt = 5_000): Decoded {
  const encoded = encodeSynced(syncedPart(settings), writer, savedAt);
  if (!encoded.ok) throw new Error(encoded.error);
  return decodeSynced(encoded.items);
}

/** The memory of a machine that agreed with sync on `agreed` and changed its copy at `changedAt`. */
function memory(agreed: Settings | null, local: Settings, changedAt = 1_000): SyncMemory {
  const a = agreed && syncedHash(agreed);
  return { ...FRESH_MEMORY, agreed: a ? { remote: a, local: a } : null, localHash: syncedHash(local), localChangedAt: changedAt };
}

const mine = machine({ allowed: ['mine.test'] });
const theirs = machine({ backend: 'claude', model: 'opus', allowed: ['theirs.test'] });

describe('reconcile', () => {
  it('nothing in sync: push this machine’s copy (the first sync of a machine with settings)', () => {
    expect(reconcile(mine, memory(null, mine), { kind: 'empty' }, ME, 9)).toEqual({ do: 'push', hash: syncedHash(mine) });
  });

  it('the same in both: agreed, nothing written', () => {
    const decision = reconcile(mine, memory(null, mine), remote(mine), ME, 9);
    expect(decision).toMatchObject({ do: 'nothing', memory: { lastSyncedAt: 9, agreed: { remote: syncedHash(mine) } } });
  });

  it('only the other browser changed: apply theirs, keeping this machine’s backend and model', () => {
    const decision = reconcile(mine, memory(mine, mine), remote(theirs), ME, 9);
    expect(decision.do).toBe('apply');
    if (decision.do !== 'apply') return;
    expect(decision.settings).toMatchObject({ allowed: ['theirs.test'], backend: 'codex', model: 'gpt-5' });
    expect(decision.memory.agreed?.local).toBe(syncedHash(decision.settings));
  });

  it('only this machine changed: push', () => {
    const old = machine();
    const decision = reconcile(mine, memory(old, mine), remote(old), ME, 9);
    expect(decision.do).toBe('push');
  });

  it('our own earlier write that differs is replaced, never applied back', () => {
    const decision = reconcile(mine, memory(mine, mine), remote(theirs, ME), ME, 9);
    expect(decision.do).toBe('push');
  });

  it('both changed (or the first enable with both present): the later savedAt wins, this machine on a tie', () => {
    const old = machine();
    expect(reconcile(mine, memory(old, mine, 4_000), remote(theirs, THEM, 5_000), ME, 9).do).toBe('apply');
    expect(reconcile(mine, memory(old, mine, 6_000), remote(theirs, THEM, 5_000), ME, 9).do).toBe('push');
    expect(reconcile(mine, memory(null, mine, 5_000), remote(theirs, THEM, 5_000), ME, 9).do).toBe('push');
    expect(reconcile(mine, memory(null, mine, 0), remote(theirs, THEM, 5_000), ME, 9).do).toBe('apply');
  });

  it('bad data is never applied: a warning, and a push only of unsynced edits made after an agreement', () => {
    const bad: Decoded = { kind: 'bad', problem: 'broken' };
    expect(reconcile(mine, memory(mine, mine), bad, ME, 9)).toEqual({ do: 'warn', problem: 'broken', push: false });
    expect(reconcile(mine, memory(machine(), mine), bad, ME, 9)).toEqual({ do: 'warn', problem: 'broken', push: true });
    expect(reconcile(mine, memory(null, mine), bad, ME, 9)).toEqual({ do: 'warn', problem: 'broken', push: false });
  });

  it('a newer version’s data is neither applied nor overwritten', () => {
    const newer = { kind: 'newer', problem: 'update', meta: {} } as unknown as Decoded;
    expect(reconcile(mine, memory(machine(), mine), newer, ME, 9)).toEqual({ do: 'warn', problem: 'update', push: false });
  });
});

describe('noteLocal', () => {
  it('a change the memory missed is dated now; the first one ever is dated 0 (unknown)', () => {
    expect(noteLocal(FRESH_MEMORY, mine, 77)).toMatchObject({ localHash: syncedHash(mine), localChangedAt: 0 });
    const known = memory(mine, mine, 10);
    expect(noteLocal(known, mine, 77)).toBe(known);
    expect(noteLocal(known, theirs, 77)).toMatchObject({ localHash: syncedHash(theirs), localChangedAt: 77 });
  });

  it('a change of a local-only field is no change for sync', () => {
    const known = memory(mine, mine, 10);
    expect(noteLocal(known, { ...mine, backend: 'claude', syncEnabled: false }, 77)).toBe(known);
  });
});

describe('a template’s "Involves" through sync', () => {
  const deep = templateRecord({
    id: 't1',
    name: 'Deep work',
    nextAction: 'Write the Pratt parser',
    successCondition: 'parser.test passes',
    involves: 'the vitest docs, our parser’s GitHub issues, a lecture on Pratt parsing 🎓',
  });

  it('goes through the chunks and comes back equal, applied on the other machine', () => {
    const withDeep = machine({ templates: [deep] });
    const decoded = remote(withDeep);
    expect(decoded).toMatchObject({ kind: 'ok', part: { templates: [deep] } });
    const decision = reconcile(mine, memory(mine, mine), decoded, ME, 9);
    if (decision.do !== 'apply') throw new Error(`expected apply, got ${decision.do}`);
    expect(decision.settings.templates).toEqual([deep]);
    // Both machines then agree: the applied copy hashes as the one that was sent.
    expect(syncedHash(decision.settings)).toBe(syncedHash(withDeep));
  });

  it('a template synced by a version before "Involves" reads back with none', () => {
    const part = syncedPart(machine({ templates: [deep] }));
    const older = { ...part, templates: part.templates.map(({ involves: _none, ...rest }) => rest) };
    const encoded = encodeSynced(older as typeof part, THEM, 5_000);
    if (!encoded.ok) throw new Error(encoded.error);
    const decoded = decodeSynced(encoded.items);
    expect(decoded).toMatchObject({ kind: 'ok', part: { templates: [{ ...deep, involves: '' }] } });
    const decision = reconcile(mine, memory(mine, mine), decoded, ME, 9);
    expect(decision).toMatchObject({ do: 'apply', settings: { templates: [{ ...deep, involves: '' }] } });
  });

  it('an over-long one from another machine is refused in words, and nothing is applied', () => {
    const part = syncedPart(machine({ templates: [deep] }));
    const long = { ...part, templates: [{ ...deep, involves: 'x'.repeat(501) }] };
    const encoded = encodeSynced(long, THEM, 5_000);
    if (!encoded.ok) throw new Error(encoded.error);
    expect(decodeSynced(encoded.items)).toEqual({
      kind: 'bad',
      problem:
        "the settings in the browser's sync are not valid (templates.0.involves: keep what it involves under 500 characters); nothing changed",
    });
  });
});
