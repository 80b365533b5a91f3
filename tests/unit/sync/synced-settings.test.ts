// The split between synced and per-machine settings, and the merge of another install's synced part.
import { describe, expect, it } from 'vitest';
import { defaultSettings, Settings } from '../../../shared/settings/stored-settings';
import { SETTING_SCOPES } from '../../../shared/settings/stored-settings';
import { LOCAL_KEYS, mergeSynced, SYNCED_KEYS, syncedHash, syncedPart } from '../../../shared/sync/synced-settings';
import { machine } from './fixtures';

describe('which settings sync', () => {
  it('classifies every settings field, and only those', () => {
    expect(Object.keys(SETTING_SCOPES).sort()).toEqual(Object.keys(Settings.shape).sort());
    expect([...SYNCED_KEYS, ...LOCAL_KEYS].sort()).toEqual(Object.keys(defaultSettings()).sort());
  });

  it('keeps the backend, model, timeout, window classes and the switch itself on this machine', () => {
    expect(LOCAL_KEYS.sort()).toEqual(['aiTimeoutSeconds', 'backend', 'browserWindowClasses', 'model', 'syncEnabled']);
    const part = syncedPart(machine());
    for (const key of LOCAL_KEYS) expect(part).not.toHaveProperty(key);
    expect(JSON.stringify(part)).not.toMatch(/codex|gpt-5|my-browser/);
  });

  it('syncs the lists, templates, schedule and the other settings', () => {
    for (const key of ['allowed', 'blocked', 'templates', 'schedule', 'daySummary', 'redactPatterns', 'nudgeEnabled'] as const) {
      expect(SYNCED_KEYS).toContain(key);
    }
  });

  it('a change to a local-only field does not change the synced hash; a synced one does', () => {
    const base = machine();
    expect(syncedHash(machine({ backend: 'claude', model: 'x', syncEnabled: false }))).toBe(syncedHash(base));
    expect(syncedHash(machine({ allowed: ['docs.test'] }))).not.toBe(syncedHash(base));
  });

  it('the hash does not depend on key order', () => {
    const base = machine({ allowed: ['a.test'] });
    const reversed = Object.fromEntries(Object.entries(base).reverse()) as Settings;
    expect(syncedHash(reversed)).toBe(syncedHash(base));
  });
});

describe('mergeSynced', () => {
  it('takes the synced fields from there and keeps this machine’s backend, model, timeout, classes and switch', () => {
    const here = machine({ allowed: ['old.test'], syncEnabled: true });
    const there = syncedPart(machine({ backend: 'claude', model: 'opus', allowed: ['new.test'], nudgeEnabled: false }));
    const merged = mergeSynced(here, there);
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    expect(merged.settings).toMatchObject({
      allowed: ['new.test'],
      nudgeEnabled: false,
      backend: 'codex',
      model: 'gpt-5',
      aiTimeoutSeconds: 90,
      browserWindowClasses: ['my-browser'],
      syncEnabled: true,
    });
  });

  it('refuses a synced part whose schedule names a template it does not have, in words', () => {
    const there = {
      ...syncedPart(machine()),
      schedule: [{ id: 'b1', days: [1], start: '09:00', lengthMinutes: 60, templateId: 'missing', autoStart: false }],
    };
    const merged = mergeSynced(machine(), there);
    expect(merged.ok).toBe(false);
    if (!merged.ok) expect(merged.error).toMatch(/^schedule\.0/);
  });
});
