// storage.sync items: under 8 KB each (multi-byte text included), refused over the total in words, only changed items written, careful reassembly.
import { describe, expect, it } from 'vitest';
import {
  chunkKey,
  decodeSynced,
  encodeSynced,
  itemBytes,
  META_KEY,
  planWrite,
  SYNC_QUOTA,
  type SyncMeta,
} from '../../../shared/sync/chunks';
import { syncedHash, syncedPart } from '../../../shared/sync/synced-settings';
import { SETTINGS_VERSION } from '../../../shared/settings/stored-settings';
import { machine, withTemplates } from './fixtures';
import { templateRecord } from '../../support/templates';

function encoded(settings = withTemplates(30), writer = 'install-a', savedAt = 1000) {
  const result = encodeSynced(syncedPart(settings), writer, savedAt);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const totalBytes = (items: Record<string, unknown>) => Object.entries(items).reduce((sum, [k, v]) => sum + itemBytes(k, v), 0);

describe('encodeSynced', () => {
  it('splits multi-byte text into items each under 8,192 bytes (key + JSON, UTF-8), and back', () => {
    const settings = withTemplates(30);
    const { items, hash } = encoded(settings);
    const meta = items[META_KEY] as SyncMeta;
    expect(meta.chunks).toBeGreaterThan(3);
    for (const [key, value] of Object.entries(items)) expect(itemBytes(key, value)).toBeLessThanOrEqual(SYNC_QUOTA.bytesPerItem);
    expect(hash).toBe(syncedHash(settings));
    const decoded = decodeSynced(items);
    expect(decoded.kind).toBe('ok');
    if (decoded.kind === 'ok') expect(decoded.part).toEqual(syncedPart(settings));
  });

  it('never cuts a character in two (emoji only)', () => {
    const settings = withTemplates(1, 0, {
      templates: [templateRecord({ id: 't', name: 'x', nextAction: '🎯'.repeat(250), successCondition: '😀'.repeat(250) })],
      redactPatterns: Array.from({ length: 50 }, (_, i) => `${'🎯'.repeat(190)}${i}`),
    });
    const { items } = encoded(settings);
    for (let i = 0; i < (items[META_KEY] as SyncMeta).chunks; i++) {
      expect(items[chunkKey(i)] as string).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
      expect(itemBytes(chunkKey(i), items[chunkKey(i)])).toBeLessThanOrEqual(SYNC_QUOTA.bytesPerItem);
    }
    expect(decodeSynced(items).kind).toBe('ok');
  });

  it('a small record is one chunk and its meta', () => {
    const { items } = encoded(machine());
    expect(Object.keys(items).sort()).toEqual([META_KEY, chunkKey(0)].sort());
    expect(items[META_KEY]).toMatchObject({ chunks: 1, writer: 'install-a', savedAt: 1000, version: SETTINGS_VERSION });
  });

  it('refuses a synced part over the total, saying what takes the room and that this computer keeps it all', () => {
    const big = withTemplates(50, 500, {
      allowed: Array.from({ length: 500 }, (_, i) => `${'a'.repeat(50)}${i}.example.test`),
    });
    const result = encodeSynced(syncedPart(big), 'install-a', 1);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.bytes).toBeGreaterThan(SYNC_QUOTA.totalBytes);
    expect(result.error).toMatch(
      /^not synced: your settings \(mostly the (templates and allowed list|allowed list and templates)\) take \d+ KB; the browser's sync holds 100 KB — the copy on this computer keeps everything$/,
    );
  });

  it('fills up to the total and no further', () => {
    const { items } = encoded(withTemplates(50, 480));
    expect(totalBytes(items)).toBeLessThanOrEqual(SYNC_QUOTA.totalBytes);
  });
});

describe('planWrite', () => {
  it('writes nothing when nothing changed', () => {
    const { items } = encoded();
    expect(planWrite(items, items)).toEqual({ set: {}, remove: [] });
  });

  it('writes only the chunks that changed, with the meta, in one set', () => {
    const before = withTemplates(30);
    const after = { ...before, templates: before.templates.map((t, i) => (i === 29 ? { ...t, name: 'Renamed' } : t)) };
    const old = encoded(before).items;
    const next = encoded(after).items;
    const plan = planWrite(old, next);
    const chunks = (next[META_KEY] as SyncMeta).chunks;
    expect(plan.set).toHaveProperty(META_KEY);
    expect(Object.keys(plan.set).length).toBeLessThan(chunks);
    expect(plan.remove).toEqual([]);
  });

  it('removes stale chunk keys when the record shrinks, and never a key that is not ours', () => {
    const old: Record<string, unknown> = { ...encoded(withTemplates(30)).items, 'other.key': 1, settingsX: 2 };
    const next = encoded(machine()).items;
    const plan = planWrite(old, next);
    const oldChunks = (old[META_KEY] as SyncMeta).chunks;
    expect(plan.remove.sort()).toEqual(Array.from({ length: oldChunks - 1 }, (_, i) => chunkKey(i + 1)).sort());
  });
});

describe('decodeSynced', () => {
  it('nothing in sync is empty', () => {
    expect(decodeSynced({})).toEqual({ kind: 'empty' });
  });

  it('refuses a missing chunk', () => {
    const { items } = encoded();
    delete items[chunkKey(2)];
    const decoded = decodeSynced(items);
    expect(decoded).toEqual({ kind: 'bad', problem: expect.stringMatching(/incomplete \(part 3 of \d+ is missing/) });
  });

  it('refuses chunks of two different saves (hash mismatch)', () => {
    const a = encoded(withTemplates(30)).items;
    const b = encoded(withTemplates(30, 470)).items;
    const decoded = decodeSynced({ ...a, [chunkKey(1)]: b[chunkKey(1)] });
    expect(decoded).toMatchObject({ kind: 'bad', problem: expect.stringContaining('do not match their hash') });
  });

  it('refuses an unreadable meta and invalid settings, saying nothing changed', () => {
    expect(decodeSynced({ [META_KEY]: 'garbage' })).toMatchObject({ kind: 'bad', problem: expect.stringContaining('unreadable header') });
    const { items } = encodeSynced({ ...syncedPart(machine()), nudgeIntervalMinutes: -5 }, 'w-1', 1) as { items: Record<string, unknown> };
    const decoded = decodeSynced(items);
    expect(decoded).toMatchObject({
      kind: 'bad',
      problem: expect.stringMatching(/not valid \(nudgeIntervalMinutes: .*\); nothing changed$/),
    });
  });

  it('leaves a newer version alone, in words', () => {
    const { items } = encoded(machine());
    const decoded = decodeSynced({ ...items, [META_KEY]: { ...(items[META_KEY] as SyncMeta), version: SETTINGS_VERSION + 1 } });
    expect(decoded).toMatchObject({ kind: 'newer', problem: expect.stringContaining('newer antidrift') });
  });
});
