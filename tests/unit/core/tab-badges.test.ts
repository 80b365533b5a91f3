// Which tabs get a badge of their own: the observed one its verdict, the ones in front the person's status, all of them after a change of session.
import { describe, expect, it } from 'vitest';
import { badgeFor, type Badge } from '../../../shared/core/badge';
import { surfaceView } from '../../../shared/core/controller';
import {
  badgeContext,
  forgetTab,
  MAX_TAB_BADGES,
  NO_TAB_BADGES,
  planTabBadges,
  type TabBadgeInput,
  type TabBadgeMemory,
} from '../../../shared/core/tab-badges';
import { Harness } from './controller/harness';

const ON: Badge = { text: 'ON', color: '#188038', title: 'on task' };
const DRIFT: Badge = { text: '!', color: '#d93025', title: 'drifting' };
const PAUSED: Badge = { text: 'II', color: '#5f6368', title: 'paused' };

const at = (tabId: number, windowId = 1) => ({ tabId, windowId });

/** Runs the inputs in turn from no memory; returns the last memory and every step's writes. */
function run(...inputs: Partial<TabBadgeInput>[]): { memory: TabBadgeMemory; writes: ReturnType<typeof planTabBadges>['writes'][] } {
  let memory = NO_TAB_BADGES;
  const writes = [];
  for (const input of inputs) {
    const step = planTabBadges(memory, { badge: ON, context: 'session 1', observed: null, inSession: true, ...input });
    memory = step.memory;
    writes.push(step.writes);
  }
  return { memory, writes };
}

describe('planTabBadges', () => {
  it('gives the observed tab the whole badge once; the same view again writes nothing and keeps the memory', () => {
    const first = planTabBadges(NO_TAB_BADGES, { badge: ON, context: 'c', observed: at(7), inSession: true });
    expect(first.writes).toEqual([{ tabId: 7, fields: ON }]);
    const again = planTabBadges(first.memory, { badge: ON, context: 'c', observed: at(7), inSession: true });
    expect(again.writes).toEqual([]);
    expect(again.memory).toBe(first.memory);
  });

  it('a tab switch in one window leaves the tab behind its own verdict, for the next time it comes to the front', () => {
    const { memory, writes } = run({ observed: at(7), badge: ON }, { observed: at(8), badge: DRIFT });
    expect(writes[1]).toEqual([{ tabId: 8, fields: DRIFT }]);
    expect(memory.tabs).toEqual({ 7: ON, 8: DRIFT });
    // Back to tab 7: its badge is already right, nothing to write.
    const back = planTabBadges(memory, { badge: ON, context: 'session 1', observed: at(7), inSession: true });
    expect(back.writes).toEqual([]);
    expect(back.memory.front).toEqual({ 1: 7 });
  });

  it('only the fields that differ are written: a new tooltip alone', () => {
    const { writes } = run({ observed: at(7), badge: ON }, { observed: at(7), badge: { ...ON, title: 'heads up' } });
    expect(writes[1]).toEqual([{ tabId: 7, fields: { title: 'heads up' } }]);
  });

  it('in another app, the tab in front follows the status; the tabs behind keep theirs', () => {
    const editor = { ...ON, title: 'in the editor' };
    const { memory, writes } = run({ observed: at(7), badge: ON }, { observed: at(8), badge: DRIFT }, { observed: null, badge: editor });
    expect(writes[2]).toEqual([{ tabId: 8, fields: { text: 'ON', color: '#188038', title: 'in the editor' } }]);
    expect(memory.tabs[7]).toEqual(ON);
  });

  it('with two windows, the front tab of the window left behind follows the status of the one in use', () => {
    const { memory, writes } = run({ observed: at(7, 1), badge: DRIFT }, { observed: at(20, 2), badge: ON });
    expect(writes[1]).toEqual(
      expect.arrayContaining([
        { tabId: 20, fields: ON },
        { tabId: 7, fields: ON },
      ]),
    );
    expect(memory.front).toEqual({ 1: 7, 2: 20 });
  });

  it('a change of session gives every tab the new badge: no verdict from the session before survives', () => {
    const { memory, writes } = run(
      { observed: at(7), badge: ON },
      { observed: at(8), badge: DRIFT },
      { observed: at(9), badge: ON },
      { observed: at(9), badge: PAUSED, context: 'session 1 paused' },
    );
    const last = writes.at(-1) ?? [];
    expect([...last].sort((a, b) => a.tabId - b.tabId)).toEqual([7, 8, 9].map((tabId) => ({ tabId, fields: PAUSED })));
    expect(Object.values(memory.tabs)).toEqual([PAUSED, PAUSED, PAUSED]);
  });

  it('outside a session a tab not given one gets none; one given before is kept right', () => {
    const idle: Badge = { text: '', color: '#5f6368', title: 'no session' };
    const { memory, writes } = run(
      { observed: at(7), badge: ON },
      { observed: at(7), badge: idle, context: 'idle', inSession: false },
      { observed: at(8), badge: idle, context: 'idle', inSession: false },
    );
    expect(writes[1]).toEqual([{ tabId: 7, fields: idle }]);
    expect(writes[2]).toEqual([]);
    expect(Object.keys(memory.tabs)).toEqual(['7']);
  });

  it('outside a session, with no tab given one, a tab switch changes nothing to remember or store', () => {
    const idle: Badge = { text: '', color: '#5f6368', title: 'no session' };
    const first = planTabBadges(NO_TAB_BADGES, { badge: idle, context: 'idle', observed: at(7), inSession: false });
    expect(first.writes).toEqual([]);
    const next = planTabBadges(first.memory, { badge: idle, context: 'idle', observed: at(8), inSession: false });
    expect(next.memory).toBe(first.memory);
  });

  it(`past ${MAX_TAB_BADGES} tabs a new one gets none, and the known ones are still kept right`, () => {
    const tabs: Record<string, Badge> = {};
    for (let id = 1; id <= MAX_TAB_BADGES; id++) tabs[id] = ON;
    const full: TabBadgeMemory = { tabs, front: { 1: 1 }, context: 'c' };
    const fresh = planTabBadges(full, { badge: DRIFT, context: 'c', observed: at(MAX_TAB_BADGES + 1), inSession: true });
    // Tab 1 is behind it now and keeps its own; the new tab shows the shared badge.
    expect(fresh.writes).toEqual([]);
    expect(fresh.memory.front).toEqual({ 1: MAX_TAB_BADGES + 1 });
    expect(String(MAX_TAB_BADGES + 1) in fresh.memory.tabs).toBe(false);
    const known = planTabBadges(full, { badge: DRIFT, context: 'c', observed: at(2), inSession: true });
    expect(known.writes).toEqual([{ tabId: 2, fields: DRIFT }]);
  });

  it('forgets a closed tab, in front or behind; an unknown tab changes nothing', () => {
    const { memory } = run({ observed: at(7), badge: ON }, { observed: at(8), badge: DRIFT });
    const forgotten = forgetTab(memory, 8);
    expect(forgotten.tabs).toEqual({ 7: ON });
    expect(forgotten.front).toEqual({});
    expect(forgetTab(forgotten, 99)).toBe(forgotten);
  });
});

describe('badgeContext', () => {
  const view = (h: Harness) => surfaceView(h.state, 'rev 1');

  it('is the same for every place and status of one session, and changes with its pause, its lists and the settings', () => {
    const h = new Harness();
    h.start();
    h.observe('docs.test', 'Parser reference', 'tab', at(7));
    const onTask = view(h);
    h.observe('videos.test', 'Cats', 'tab', at(8));
    const drifting = view(h);
    expect(badgeFor(drifting).text).not.toBe(badgeFor(onTask).text);
    expect(badgeContext(drifting)).toBe(badgeContext(onTask));
    expect(badgeContext(surfaceView(h.state, 'rev 2'))).not.toBe(badgeContext(onTask));
    h.send({ type: 'sessionPaused', at: h.now });
    const paused = view(h);
    expect(paused.phase).toBe('paused');
    expect(badgeContext(paused)).not.toBe(badgeContext(onTask));
    const idle = surfaceView(new Harness().state, 'rev 1');
    expect(badgeContext(idle)).not.toBe(badgeContext(onTask));
    const moreBlocked = { ...onTask, session: { ...onTask.session!, blocked: [...onTask.session!.blocked, 'news.test'] } };
    expect(badgeContext(moreBlocked)).not.toBe(badgeContext(onTask));
  });
});
