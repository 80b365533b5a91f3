// Templates in the settings record: unique non-empty names, checked entries, what the work involves, the migration from version 1, recent commitments.
import { describe, expect, it } from 'vitest';
import { loadSettings, Settings, SETTINGS_VERSION } from '../../../shared/settings/stored-settings';
import { holdsCommitment, scheduleProblems, type ScheduledBlock } from '../../../shared/plan/plan-records';
import { recentCommitments } from '../../../shared/history/recent';
import type { HistorySession } from '../../../shared/history/history-records';
import { templateRecord } from '../../support/templates';

const base = { version: SETTINGS_VERSION };
const template = (id: string, name: string, over = {}) => ({ id, name, nextAction: 'Write', successCondition: 'Done', ...over });

function issues(raw: unknown): string[] {
  const parsed = Settings.safeParse(raw);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('templates in settings', () => {
  it('defaults fill every field a template leaves out', () => {
    const s = Settings.parse({ ...base, templates: [{ id: 'a', name: '  Deep work ' }] });
    expect(s.templates).toEqual([templateRecord({ id: 'a', name: 'Deep work' })]);
  });

  it('names are unique whatever their case, and never empty', () => {
    expect(issues({ ...base, templates: [template('a', 'Deep work'), template('b', 'DEEP WORK')] })).toEqual([
      'templates.1.name: a template is already called "DEEP WORK"',
    ]);
    expect(issues({ ...base, templates: [template('a', ' ')] })).toEqual(['templates.0.name: give the template a name']);
    expect(issues({ ...base, templates: [template('a', 'x'.repeat(61))] })).toEqual([
      'templates.0.name: keep the name under 60 characters',
    ]);
  });

  it('lists, timebox and rhythm are checked like the start form’s', () => {
    expect(issues({ ...base, templates: [template('a', 'A', { blocked: ['  '] })] })).toEqual([
      'templates.0.blocked.0: an entry cannot be empty',
    ]);
    expect(issues({ ...base, templates: [template('a', 'A', { timeboxMinutes: 0 })] })).toHaveLength(1);
    expect(issues({ ...base, templates: [template('a', 'A', { rhythm: { workMinutes: 50, breakMinutes: 0 } })] })).toEqual([
      'templates.0.rhythm.breakMinutes: break: 1 to 120 minutes',
    ]);
  });

  it('keeps what the work involves (trimmed); a template stored before it reads back with none', () => {
    const involves = 'the vitest docs, our parser’s GitHub issues, a lecture on Pratt parsing';
    const s = Settings.parse({ ...base, templates: [template('a', 'A', { involves: `  ${involves} ` }), template('b', 'B')] });
    expect(s.templates.map((t) => t.involves)).toEqual([involves, '']);
    // Read back as stored: the same record.
    expect(Settings.parse(JSON.parse(JSON.stringify(s))).templates).toEqual(s.templates);
  });

  it('an over-long "Involves" is refused in words, as the start form refuses it', () => {
    expect(issues({ ...base, templates: [template('a', 'A', { involves: 'x'.repeat(501) })] })).toEqual([
      'templates.0.involves: keep what it involves under 500 characters',
    ]);
    expect(issues({ ...base, templates: [template('a', 'A', { involves: ` ${'x'.repeat(500)} ` })] })).toEqual([]);
  });

  it('a template holds a commitment only with both texts', () => {
    expect(holdsCommitment({ nextAction: 'Write', successCondition: 'Done' })).toBe(true);
    expect(holdsCommitment({ nextAction: 'Write', successCondition: ' ' })).toBe(false);
  });

  it('version 1 settings migrate: everything kept, the plan empty, the summary off, sync on', () => {
    const load = loadSettings({ version: 1, allowed: ['code'], nudgeIntervalMinutes: 7, backend: 'codex' });
    expect(load).toMatchObject({
      ok: true,
      migratedFrom: 1,
      settings: {
        version: SETTINGS_VERSION,
        allowed: ['code'],
        nudgeIntervalMinutes: 7,
        backend: 'codex',
        templates: [],
        schedule: [],
        daySummary: { enabled: false, at: '18:00' },
        syncEnabled: true,
      },
    });
    // A version-1 record this version cannot read is refused with the reason, not half-read.
    expect(loadSettings({ version: 1, nudgeIntervalMinutes: 'soon' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/nudgeIntervalMinutes/),
    });
  });
});

describe('a schedule needs its templates', () => {
  const block = (over: Partial<ScheduledBlock> = {}): ScheduledBlock => ({
    id: 'b',
    days: [1],
    start: '09:00',
    lengthMinutes: 60,
    templateId: 'a',
    autoStart: false,
    ...over,
  });
  it('names a missing template, and a template without a full commitment cannot start by itself', () => {
    expect(scheduleProblems([block({ templateId: 'gone' })], [])).toEqual([
      { index: 0, field: 'templateId', message: 'choose a template for this block' },
    ]);
    const lists = [{ id: 'a', name: 'Lists only', nextAction: '', successCondition: '' }];
    expect(scheduleProblems([block({ autoStart: true })], lists)[0]?.message).toBe(
      '"Lists only" has no full commitment (next action and done when), so the block cannot start by itself',
    );
  });
});

describe('recent commitments', () => {
  const session = (nextAction: string, successCondition: string, startedAt: number, involves = ''): HistorySession => ({
    key: `k${startedAt}`,
    nextAction,
    successCondition,
    involves,
    allowed: ['code'],
    strict: false,
    strictTally: null,
    blocked: [],
    startedAt,
    timeboxMinutes: null,
    endedAt: startedAt + 1,
    endReason: 'ended',
    lastSeenAt: startedAt + 1,
  });
  it('keeps the newest of each distinct commitment, at most the count asked', () => {
    const newestFirst = [
      session('Write', 'Done', 9),
      session('write ', 'done', 8),
      session('Fix', 'Green', 7),
      session('', 'Nothing to do', 6),
      session('A', 'a', 5),
      session('B', 'b', 4),
    ];
    expect(recentCommitments(newestFirst, 3).map((r) => r.nextAction)).toEqual(['Write', 'Fix', 'A']);
  });

  it('carry what the work involved; the same texts with other words are one choice, with the newest session’s words', () => {
    const newestFirst = [
      session('Write', 'Done', 9, 'the vitest docs'),
      session('Write', 'Done', 8, 'a lecture on Pratt parsing'),
      session('Fix', 'Green', 7),
    ];
    expect(recentCommitments(newestFirst, 5).map((r) => [r.nextAction, r.involves])).toEqual([
      ['Write', 'the vitest docs'],
      ['Fix', ''],
    ]);
  });
});
