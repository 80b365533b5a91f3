// The weekly goal's line in the popup's idle view and on the History page: words and bar from getWeeklyGoal, nothing without a goal or history.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryPage } from '../../../entrypoints/focus-history/history-page';
import { Popup } from '../../../entrypoints/popup/popup';
import type { WeeklyGoalState } from '../../../shared/goal/goal-words';
import type { Reply } from '../../../shared/messages/requests';
import { defaultSettings } from '../../../shared/settings/stored-settings';
import { HistoryDb } from '../../../storage/history-db';
import { DAY, HOUR, MIN, segment, session } from '../../support/history-records';
import { fakeClient, renderWith } from '../fake-client';
import { push, T0 } from '../fixtures';

afterEach(cleanup);

const WEEK_START = T0 - 2 * DAY;

const goalOf = (over: Partial<WeeklyGoalState> = {}): Reply<'getWeeklyGoal'> => ({
  ok: true,
  value: { goalHours: 10, weekStart: WEEK_START, focusedMs: 6.5 * HOUR, ...over },
});

/** The popup with no session running, getWeeklyGoal answered as told; resolves once the start form shows and the goal's reply is in. */
async function idlePopup(goal: Reply<'getWeeklyGoal'>) {
  const fake = fakeClient({
    getSettings: (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() }),
    getWeeklyGoal: () => goal,
  });
  renderWith(fake.client, <Popup />);
  fake.push(push({ phase: 'idle' }));
  await screen.findByTestId('start-session');
  await waitFor(() => expect(fake.sent('getWeeklyGoal')).toHaveLength(1));
  // Let the reply land and the line render (or not) before looking.
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return fake;
}

function bar(): HTMLProgressElement {
  const line = screen.getByTestId('weekly-goal');
  const progress = line.querySelector('progress');
  expect(progress).not.toBeNull();
  return progress!;
}

describe('weekly goal: the popup idle view', () => {
  it('shows the focus so far against the goal, in words and as a bar', async () => {
    const fake = await idlePopup(goalOf());
    // Found at once: idlePopup waits for the reply, so the "nothing" cases below are not read too early.
    const line = screen.getByTestId('weekly-goal');
    expect(line.textContent).toBe('6.5 of 10 h focused this week (65 %)');
    expect(line.getAttribute('data-met')).toBe('false');
    expect(bar().value).toBe(0.65);
    expect(bar().max).toBe(1);
    expect(bar().getAttribute('aria-valuetext')).toBe('6.5 of 10 h focused this week (65 %)');
    expect(fake.sent('getWeeklyGoal')).toEqual([{ type: 'getWeeklyGoal' }]);
  });

  it('shows nothing when no goal is set (0 hours)', async () => {
    await idlePopup(goalOf({ goalHours: 0 }));
    expect(screen.queryByTestId('weekly-goal')).toBeNull();
    expect(document.querySelector('progress')).toBeNull();
  });

  it('shows nothing when history cannot be read, never a made-up 0', async () => {
    await idlePopup(goalOf({ focusedMs: null }));
    expect(screen.queryByTestId('weekly-goal')).toBeNull();
    expect(document.body.textContent).not.toMatch(/focused this week/);
    expect(document.querySelector('progress')).toBeNull();
  });

  it('says when the goal is met, with a full bar', async () => {
    await idlePopup(goalOf({ focusedMs: 11 * HOUR }));
    const line = screen.getByTestId('weekly-goal');
    expect(line.textContent).toBe('Goal met: 11 of 10 h focused this week');
    expect(line.getAttribute('data-met')).toBe('true');
    expect(bar().value).toBe(1);
  });

  it('shows nothing, and the popup still works, when the request fails', async () => {
    await idlePopup({ ok: false, error: { kind: 'unavailable', message: 'the worker is not there' } });
    expect(screen.queryByTestId('weekly-goal')).toBeNull();
    expect(document.body.textContent).not.toMatch(/focused this week|not there/);
    expect(screen.getByTestId('start-session').textContent).toBe('Start session');
  });
});

let dbCount = 0;

/** One ended session of 50 focused minutes an hour before T0 (inside this week in any zone). */
async function historyDb(): Promise<HistoryDb> {
  const db = await HistoryDb.open(`weekly-goal-test-${++dbCount}`);
  const s = session({ startedAt: T0 - 2 * HOUR, endedAt: T0 - HOUR, lastSeenAt: T0 - HOUR, nextAction: 'Write the report' });
  await db.put([
    { store: 'sessions', record: s },
    { store: 'segments', record: segment(s, { start: s.startedAt, end: s.startedAt + 50 * MIN }) },
  ]);
  return db;
}

describe('weekly goal: the History page', () => {
  it('shows the same line in a Weekly goal card right after the totals', async () => {
    const fake = fakeClient({
      getSettings: (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() }),
      getWeeklyGoal: () => goalOf(),
    });
    renderWith(fake.client, <HistoryPage source={await historyDb()} download={() => undefined} />);
    await screen.findByTestId('total-focused');
    const line = await screen.findByTestId('weekly-goal');
    expect(line.textContent).toBe('6.5 of 10 h focused this week (65 %)');
    expect(bar().value).toBe(0.65);
    const totals = screen.getByTestId('total-focused').closest('section');
    expect(totals).not.toBeNull();
    const card = line.closest('section');
    expect(card?.querySelector('h2')?.textContent).toBe('Weekly goal');
    expect(card?.previousElementSibling).toBe(totals);
    // Asked with each read of the history (the slot is keyed by it): at least once, always the bare request.
    expect(fake.sent('getWeeklyGoal').length).toBeGreaterThan(0);
    for (const req of fake.sent('getWeeklyGoal')) expect(req).toEqual({ type: 'getWeeklyGoal' });
  });

  it('shows nothing beside the totals when no goal is set', async () => {
    const fake = fakeClient({
      getSettings: (): Reply<'getSettings'> => ({ ok: true, value: defaultSettings() }),
      getWeeklyGoal: () => goalOf({ goalHours: 0 }),
    });
    renderWith(fake.client, <HistoryPage source={await historyDb()} download={() => undefined} />);
    await screen.findByTestId('total-focused');
    await waitFor(() => expect(fake.sent('getWeeklyGoal').length).toBeGreaterThan(0));
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByTestId('weekly-goal')).toBeNull();
  });
});
