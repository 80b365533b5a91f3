// The settings record composed from the features list: each feature's section joins by its declaration, a field belongs to one section.
import { describe, expect, it } from 'vitest';
import { SESSION_SETTING_SCOPES, SessionSettings } from '../../../shared/core/session-settings';
import { FEATURE_SETTINGS, FEATURES } from '../../../shared/features';
import { defaultSettings, SETTING_SCOPES, Settings } from '../../../shared/settings/stored-settings';

describe('the settings record from the features list', () => {
  it('is the version, the session section and every declared feature section, each field in one section only', () => {
    const sections = [Object.keys(SessionSettings.shape), ...FEATURE_SETTINGS.map((section) => Object.keys(section.schema.shape))];
    const fields = sections.flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect(Object.keys(Settings.shape).sort()).toEqual(['version', ...fields].sort());
  });

  it('takes each field’s scope from its own section, and the version is synced', () => {
    for (const section of [SESSION_SETTING_SCOPES, ...FEATURE_SETTINGS.map((s) => s.scopes)])
      for (const [field, scope] of Object.entries(section)) expect(SETTING_SCOPES[field as keyof typeof SETTING_SCOPES]).toBe(scope);
    expect(SETTING_SCOPES.version).toBe('sync');
  });

  it('gives every section its declared scopes for exactly its fields', () => {
    for (const section of FEATURE_SETTINGS) expect(Object.keys(section.scopes).sort()).toEqual(Object.keys(section.schema.shape).sort());
  });

  it('runs each section’s cross-field check on the whole record (the plan: a block naming a template that is gone)', () => {
    const block = { id: 'b1', days: [1], start: '09:00', lengthMinutes: 60, templateId: 'gone', autoStart: false };
    const parsed = Settings.safeParse({ ...defaultSettings(), schedule: [block] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path.slice(0, 2)).toEqual(['schedule', 0]);
  });

  it('names the features whose declaration brings a section', () => {
    expect(FEATURES.filter((feature) => 'settings' in feature).map((feature) => feature.name)).toEqual(['history', 'sync', 'goal', 'plan']);
  });
});
