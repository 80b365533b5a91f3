// The weekly focus goal over the real background: getWeeklyGoal from a page, this week's focus from history, the goal's setting, its line in the day's summary.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it } from 'vitest';
import { PLAN_ALARM } from '../../background/plan/planner';
import type { Reply } from '../../shared/messages/requests';
import type { Settings } from '../../shared/settings/stored-settings';
import {
  activate,
  boot,
  CONTENT_SENDER,
  freshBackgroundEachTest,
  openTab,
  patchSettings,
  START,
  testPlatform,
  type Running,
} from './harness';

freshBackgroundEachTest();

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A local wall-clock time in the worker's own zone (history counts the week in the browser's zone). */
const local = (month: number, day: number, hh: number, mm = 0) => new Date(2026, month - 1, day, hh, mm).getTime();
/** Monday 2026-12-07 at 00:00 local: the week of the tests. */
const MONDAY = local(12, 7, 0);

let clock = 0;
const now = () => clock;

async function weeklyGoal(bg: Running) {
  const reply = (await bg.send({ type: 'getWeeklyGoal' })) as Reply<'getWeeklyGoal'>;
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return reply.value;
}

/** A session on an allowed tab from `from` for `minutes`, ended there: all of it on task. */
async function focus(bg: Running, from: number, minutes: number): Promise<void> {
  clock = from;
  await activate(await openTab('https://docs.test/parser', 'Parser docs'));
  await bg.send(START);
  await bg.flush();
  clock += minutes * MIN;
  await bg.send({ type: 'endSession' });
  await bg.flush();
  await bg.features.history.flushed();
}

async function bootAt(at: number, platform: Parameters<typeof boot>[3] = testPlatform()): Promise<Running> {
  clock = at;
  return boot(undefined, now, undefined, platform);
}

describe('getWeeklyGoal', () => {
  it('answers a page with no goal under the default settings, and the week it would count', async () => {
    const bg = await bootAt(local(12, 9, 12));
    expect(await weeklyGoal(bg)).toEqual({ goalHours: 0, weekStart: MONDAY, focusedMs: 0 });
  });

  it('is refused from a content script, which has no business with the goal', async () => {
    const bg = await bootAt(local(12, 9, 12));
    expect(await bg.send({ type: 'getWeeklyGoal' }, CONTENT_SENDER())).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
  });

  it('counts the on-task time of a session ended this week toward the goal saved in settings', async () => {
    const bg = await bootAt(local(12, 9, 8));
    await patchSettings(bg, { weeklyFocusGoalHours: 10 });
    await focus(bg, local(12, 9, 9), 90);
    clock = local(12, 9, 12);
    const goal = await weeklyGoal(bg);
    expect(goal).toEqual({ goalHours: 10, weekStart: MONDAY, focusedMs: 90 * MIN });
  });

  it('counts a running session up to now', async () => {
    const bg = await bootAt(local(12, 9, 8));
    await patchSettings(bg, { weeklyFocusGoalHours: 10 });
    clock = local(12, 9, 9);
    const docs = await openTab('https://docs.test/parser', 'Parser docs');
    await activate(docs);
    await bg.send(START);
    await bg.flush();
    // An hour on the same tab; looking at it again is the last the recorder saw of the session.
    clock += HOUR;
    await activate(docs);
    await bg.flush();
    expect(bg.shell.state.phase).toBe('active');
    expect(await weeklyGoal(bg)).toEqual({ goalHours: 10, weekStart: MONDAY, focusedMs: HOUR });
  });

  it('does not count a session from before this week’s Monday, and counts only the Monday part of one across midnight', async () => {
    const bg = await bootAt(local(12, 5, 9));
    await patchSettings(bg, { weeklyFocusGoalHours: 10 });
    // Saturday: last week.
    await focus(bg, local(12, 5, 10), 120);
    // Sunday 23:30 to Monday 00:30: half of it this week.
    await focus(bg, local(12, 6, 23, 30), 60);
    clock = local(12, 6, 23, 50);
    expect((await weeklyGoal(bg)).weekStart).toBe(local(11, 30, 0));
    clock = local(12, 9, 12);
    expect(await weeklyGoal(bg)).toEqual({ goalHours: 10, weekStart: MONDAY, focusedMs: 30 * MIN });
  });
});

describe('the weekly goal setting', () => {
  it.each([101, -1])('refuses %s hours with a message that says the range, and keeps the goal it had', async (hours) => {
    const bg = await bootAt(local(12, 9, 12));
    await patchSettings(bg, { weeklyFocusGoalHours: 10 });
    const current = (await bg.send({ type: 'getSettings' })) as { value: Settings };
    const reply = (await bg.send({ type: 'saveSettings', settings: { ...current.value, weeklyFocusGoalHours: hours } })) as Reply;
    expect(reply).toMatchObject({ ok: false, error: { message: expect.stringMatching(/between 0 and 100 hours/) } });
    expect(bg.settings.current.weeklyFocusGoalHours).toBe(10);
    expect((await weeklyGoal(bg)).goalHours).toBe(10);
  });
});

describe('the end-of-day summary', () => {
  const summaryAt18 = async (goalHours: number): Promise<string | undefined> => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // The planner's zone is the browser's, the one history counts days and weeks in.
    const platform = { ...testPlatform(), timeZone: () => zone };
    const bg = await bootAt(local(12, 9, 8), platform);
    await patchSettings(bg, { daySummary: { enabled: true, at: '18:00' }, weeklyFocusGoalHours: goalHours });
    await focus(bg, local(12, 9, 9), 90);
    await bg.features.planner.settled();
    clock = local(12, 9, 18);
    await fakeBrowser.alarms.onAlarm.trigger({ name: PLAN_ALARM, scheduledTime: clock });
    await bg.features.planner.settled();
    await bg.flush();
    return (await fakeBrowser.notifications.getAll())['antidrift-summary-2026-12-09']?.message;
  };

  it('ends with the weekly goal’s line when a goal is set', async () => {
    const message = await summaryAt18(10);
    // Today's totals first, then the goal's sentence.
    expect(message).toMatch(/^1 session: 1 h 30 min focused, .+\. Weekly goal: 1\.5 of 10 h focused this week \(15 %\)\.$/);
  });

  it('says nothing of a weekly goal when none is set', async () => {
    const message = await summaryAt18(0);
    expect(message).toMatch(/^1 session: 1 h 30 min focused/);
    expect(message).not.toContain('Weekly goal');
  });
});
