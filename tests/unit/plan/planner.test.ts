// The planner core with injected time: offers, waiting, auto-start, snooze, missed, restarts inside a block, no double fire, zones, the summary.
import { describe, expect, it } from 'vitest';
import { planStep, SNOOZE_MS, type PlannerEffect, type PlannerEvent, type PlanSettings } from '../../../shared/plan/planner-machine';
import { planView } from '../../../shared/plan/plan-view';
import type { PlannerState } from '../../../shared/plan/planner-state';
import type { ScheduledBlock, Template } from '../../../shared/plan/plan-records';
import { instantOf } from '../../../shared/plan/zoned-time';

const ZONE = 'Europe/Berlin';
const MIN = 60_000;
const template: Template = {
  id: 't1',
  name: 'Deep work',
  nextAction: 'Write the parser',
  successCondition: 'tests pass',
  involves: '',
  allowed: ['docs.test'],
  blocked: [],
  timeboxMinutes: null,
  rhythm: null,
  strict: false,
  allowlistOnly: false,
};
const block = (patch: Partial<ScheduledBlock> = {}): ScheduledBlock => ({
  id: 'b1',
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  lengthMinutes: 60,
  templateId: 't1',
  autoStart: false,
  ...patch,
});
const plan = (patch: Partial<PlanSettings> = {}): PlanSettings => ({
  schedule: [block()],
  templates: [template],
  daySummary: { enabled: false, at: '18:00' },
  ...patch,
});
/** Monday 2026-01-05 at a Berlin time. */
const monday = (hh: number, mm = 0) => instantOf({ year: 2026, month: 1, day: 5 }, hh * 60 + mm, ZONE);

/** Runs events in order, collecting every effect. */
function run(state: PlannerState | null, ...events: PlannerEvent[]) {
  const effects: PlannerEffect[] = [];
  for (const e of events) {
    const step = planStep(state, e);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state: state!, effects, of: <T extends PlannerEffect['type']>(type: T) => effects.filter((e) => e.type === type) };
}
const woke = (at: number, patch: Partial<Extract<PlannerEvent, { type: 'woke' }>> = {}): PlannerEvent => ({
  type: 'woke',
  at,
  zone: ZONE,
  sessionRunning: false,
  plan: plan(),
  ...patch,
});

describe('planner', () => {
  it('arms the alarm at the next block start on a first run, never reporting older blocks', () => {
    const r = run(null, woke(monday(7)));
    expect(r.of('armPlanAlarm')).toEqual([{ type: 'armPlanAlarm', at: monday(8) }]); // capped at an hour ahead
    const later = run(r.state, woke(monday(8, 30)));
    expect(later.of('armPlanAlarm')).toEqual([{ type: 'armPlanAlarm', at: monday(9) }]);
    // First run in the evening: the morning's block is not "missed".
    expect(run(null, woke(monday(19))).of('recordBlock')).toEqual([]);
  });

  it('offers a due block once, and records it missed when it ends unstarted', () => {
    const first = run(null, woke(monday(8, 30)));
    const due = run(first.state, woke(monday(9)));
    expect(due.of('notifyBlockDue')).toEqual([{ type: 'notifyBlockDue', key: 'b1@2026-01-05', label: '09:00 Deep work', waiting: false }]);
    expect(due.of('armPlanAlarm')).toEqual([{ type: 'armPlanAlarm', at: monday(10) }]);
    // A second wake inside the block (an alarm, a worker restart) does not notify again.
    const again = run(due.state, woke(monday(9, 20)));
    expect(again.of('notifyBlockDue')).toEqual([]);
    expect(planView(again.state, plan(), ZONE, monday(9, 20), false).due).toMatchObject({ key: 'b1@2026-01-05', waiting: false });
    const ended = run(again.state, woke(monday(10)));
    expect(ended.of('recordBlock')).toMatchObject([{ key: 'b1@2026-01-05', outcome: 'missed', start: monday(9), end: monday(10) }]);
    expect(ended.of('clearBlockNotice')).toHaveLength(1);
    expect(run(ended.state, woke(monday(10, 30))).effects.filter((e) => e.type !== 'armPlanAlarm')).toEqual([]);
    expect(planView(ended.state, plan(), ZONE, monday(11), false).today).toMatchObject([{ state: 'missed' }]);
  });

  it('lets a block wait while another session runs, said once, then offers it when that session ends', () => {
    const first = run(null, woke(monday(8, 30)));
    const waiting = run(first.state, woke(monday(9), { sessionRunning: true }), woke(monday(9, 10), { sessionRunning: true }));
    expect(waiting.of('notifyBlockDue')).toEqual([
      { type: 'notifyBlockDue', key: 'b1@2026-01-05', label: '09:00 Deep work', waiting: true },
    ]);
    expect(planView(waiting.state, plan(), ZONE, monday(9, 10), true).due?.waiting).toBe(true);
    const free = run(waiting.state, woke(monday(9, 15)));
    expect(free.of('notifyBlockDue')).toEqual([{ type: 'notifyBlockDue', key: 'b1@2026-01-05', label: '09:00 Deep work', waiting: false }]);
  });

  it('starts an autoStart block by itself when idle, and only then', () => {
    const auto = plan({ schedule: [block({ autoStart: true })] });
    const first = run(null, woke(monday(8, 30), { plan: auto }));
    const started = run(first.state, woke(monday(9), { plan: auto }));
    expect(started.of('startBlock')).toEqual([{ type: 'startBlock', key: 'b1@2026-01-05', templateId: 't1' }]);
    expect(started.of('recordBlock')).toMatchObject([{ outcome: 'started' }]);
    expect(started.of('notifyBlockDue')).toEqual([]);
    expect(run(started.state, woke(monday(9, 5), { plan: auto })).of('startBlock')).toEqual([]);
    expect(planView(started.state, auto, ZONE, monday(9, 5), true).today).toMatchObject([{ state: 'now' }]);
    expect(planView(started.state, auto, ZONE, monday(12), false).today).toMatchObject([{ state: 'done' }]);
    // Busy: it waits instead; a template without a full commitment is only offered.
    const busy = run(first.state, woke(monday(9), { plan: auto, sessionRunning: true }));
    expect(busy.of('startBlock')).toEqual([]);
    const thin = plan({ schedule: [block({ autoStart: true })], templates: [{ ...template, successCondition: '' }] });
    expect(run(first.state, woke(monday(9), { plan: thin })).of('startBlock')).toEqual([]);
  });

  it('starts an offer on request, once', () => {
    const due = run(null, woke(monday(8, 30)), woke(monday(9)));
    const started = run(due.state, { type: 'offerStarted', at: monday(9, 2), key: 'b1@2026-01-05' });
    expect(started.of('startBlock')).toEqual([{ type: 'startBlock', key: 'b1@2026-01-05', templateId: 't1' }]);
    expect(run(started.state, { type: 'offerStarted', at: monday(9, 3), key: 'b1@2026-01-05' }).effects).toEqual([]);
    expect(planView(started.state, plan(), ZONE, monday(9, 3), true).due).toBeNull();
  });

  it('snoozes for ten minutes, then asks again; a dismissed block is recorded skipped', () => {
    const due = run(null, woke(monday(8, 30)), woke(monday(9)));
    const snoozed = run(due.state, { type: 'offerSnoozed', at: monday(9, 1), key: 'b1@2026-01-05' }, woke(monday(9, 1)));
    expect(snoozed.of('armPlanAlarm').at(-1)).toEqual({ type: 'armPlanAlarm', at: monday(9, 1) + SNOOZE_MS });
    expect(run(snoozed.state, woke(monday(9, 5))).of('notifyBlockDue')).toEqual([]);
    expect(run(snoozed.state, woke(monday(9, 11))).of('notifyBlockDue')).toHaveLength(1);
    const dismissed = run(due.state, { type: 'offerDismissed', at: monday(9, 1), key: 'b1@2026-01-05' });
    expect(dismissed.of('recordBlock')).toMatchObject([{ outcome: 'skipped' }]);
    expect(run(dismissed.state, woke(monday(10))).of('recordBlock')).toEqual([]);
  });

  it('records a block missed when the browser was closed throughout, and offers one it starts inside', () => {
    const before = run(null, woke(monday(8))).state;
    // Closed from 08:00 to Tuesday 09:30: Monday's block was missed; Tuesday's is running and offered.
    const back = run(before, woke(monday(24 + 9, 30)));
    expect(back.of('recordBlock')).toMatchObject([{ key: 'b1@2026-01-05', outcome: 'missed' }]);
    expect(back.of('notifyBlockDue')).toMatchObject([{ key: 'b1@2026-01-06' }]);
    // A first run (a fresh install) inside a block offers it too.
    expect(run(null, woke(monday(9, 30))).of('notifyBlockDue')).toMatchObject([{ key: 'b1@2026-01-05' }]);
  });

  it('offers a block added while it runs, and answers nothing before the first wake', () => {
    const before = run(null, woke(monday(9, 10), { plan: plan({ schedule: [] }) }));
    expect(run(before.state, woke(monday(9, 20))).of('notifyBlockDue')).toMatchObject([{ key: 'b1@2026-01-05' }]);
    expect(planStep(null, { type: 'offerStarted', at: monday(9), key: 'b1@2026-01-05' })).toEqual({ state: null, effects: [] });
  });

  it('recomputes in a new zone without firing the same day twice', () => {
    const fired = run(null, woke(monday(8, 30)), woke(monday(9)));
    const started = run(fired.state, { type: 'offerStarted', at: monday(9, 1), key: 'b1@2026-01-05' });
    // Flown to New York: 09:00 there is 15:00 in Berlin, the same date; its key was used.
    const ny = instantOf({ year: 2026, month: 1, day: 5 }, 9 * 60, 'America/New_York');
    const there = run(started.state, woke(ny - 30 * MIN, { zone: 'America/New_York' }), woke(ny, { zone: 'America/New_York' }));
    expect(there.of('notifyBlockDue')).toEqual([]);
    expect(there.state.zone).toBe('America/New_York');
    // The next alarm follows New York's clock: Tuesday 09:00 there is 14:00 UTC, an hour steps at a time until then.
    const evening = instantOf({ year: 2026, month: 1, day: 6 }, 8 * 60 + 30, 'America/New_York');
    expect(run(there.state, woke(evening, { zone: 'America/New_York' })).of('armPlanAlarm')).toEqual([
      { type: 'armPlanAlarm', at: evening + 30 * MIN },
    ]);
    // An unknown zone falls back to UTC rather than throwing.
    expect(run(there.state, woke(evening, { zone: 'Nowhere/Else' })).state.zone).toBe('UTC');
  });

  it('sends the day summary once per local date', () => {
    const withSummary = plan({ schedule: [], daySummary: { enabled: true, at: '18:00' } });
    const first = run(null, woke(monday(17), { plan: withSummary }));
    expect(first.of('armPlanAlarm')).toEqual([{ type: 'armPlanAlarm', at: monday(18) }]);
    const sent = run(first.state, woke(monday(18), { plan: withSummary }), woke(monday(18, 30), { plan: withSummary }));
    expect(sent.of('notifyDaySummary')).toEqual([{ type: 'notifyDaySummary', date: '2026-01-05' }]);
    expect(sent.of('armPlanAlarm').at(-1)).toEqual({ type: 'armPlanAlarm', at: monday(19, 30) });
    // Turned off, with no blocks: no alarm at all.
    expect(run(sent.state, woke(monday(19), { plan: plan({ schedule: [] }) })).of('armPlanAlarm')).toEqual([
      { type: 'armPlanAlarm', at: null },
    ]);
  });

  it('lists today: missed, now, next and later', () => {
    const three = plan({ schedule: [block(), block({ id: 'b2', start: '11:00' }), block({ id: 'b3', start: '14:00' })] });
    const s = run(null, woke(monday(8, 30), { plan: three }), woke(monday(10, 30), { plan: three }), woke(monday(11), { plan: three }));
    expect(planView(s.state, three, ZONE, monday(11), false).today.map((t) => `${t.label}:${t.state}`)).toEqual([
      '09:00 Deep work:missed',
      '11:00 Deep work:now',
      '14:00 Deep work:next',
    ]);
  });
});
