// The schedule over the real background: the plan alarm's lifecycle, a restart inside a block, Start (with what the template involves), a missed block in history.
import { fakeBrowser } from 'wxt/testing';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { PLAN_ALARM, PLAN_KEY } from '../../background/plan/planner';
import type { Reply } from '../../shared/messages/requests';
import { instantOf } from '../../shared/plan/zoned-time';
import { HistoryDb } from '../../storage/history-db';
import { boot, freshBackgroundEachTest, patchSettings, restartWorker, testPlatform, type Running } from './harness';

freshBackgroundEachTest();

const ZONE = 'Europe/Berlin';
/** Monday 2026-01-05 at a Berlin time. */
const monday = (hh: number, mm = 0) => instantOf({ year: 2026, month: 1, day: 5 }, hh * 60 + mm, ZONE);
const KEY = 'b1@2026-01-05';

const TEMPLATE = {
  id: 't1',
  name: 'Deep work',
  nextAction: 'Write the parser',
  successCondition: 'parser tests pass',
  allowed: ['docs.test'],
  blocked: ['videos.test'],
  timeboxMinutes: null,
  rhythm: null,
};
const BLOCK = { id: 'b1', days: [1, 2, 3, 4, 5], start: '09:00', lengthMinutes: 60, templateId: 't1', autoStart: false };

let clock = 0;
const now = () => clock;
let platform = { ...testPlatform(), timeZone: () => ZONE };

async function start(at: number, schedule: unknown[] = [BLOCK], templates: unknown[] = [TEMPLATE]): Promise<Running> {
  clock = at;
  await fakeBrowser.storage.local.set({ settings: { version: 2, templates, schedule } });
  const bg = await boot(undefined, now, undefined, platform);
  await bg.features.planner.settled();
  return bg;
}

function sessionOf(bg: Running) {
  const state = bg.shell.state;
  return state.phase === 'idle' ? null : state.session;
}

async function plan(bg: Running) {
  const reply = (await bg.send({ type: 'getPlan' })) as Reply<'getPlan'>;
  if (!reply.ok) throw new Error(JSON.stringify(reply.error));
  return reply.value;
}

async function ring(bg: Running, at: number) {
  clock = at;
  await fakeBrowser.alarms.onAlarm.trigger({ name: PLAN_ALARM, scheduledTime: at });
  await bg.features.planner.settled();
  await bg.flush();
}

describe('the schedule in the background', () => {
  it('arms the plan alarm at the next block, re-arms it when the schedule is saved, offers the block when it rings', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    const bg = await start(monday(8, 30));
    expect((await fakeBrowser.alarms.get(PLAN_ALARM))?.scheduledTime).toBe(monday(9));
    await patchSettings(bg, { schedule: [{ ...BLOCK, start: '08:45' }] });
    await bg.features.planner.settled();
    expect((await fakeBrowser.alarms.get(PLAN_ALARM))?.scheduledTime).toBe(monday(8, 45));
    await patchSettings(bg, { schedule: [BLOCK] });
    await bg.features.planner.settled();
    await ring(bg, monday(9));
    const all = await fakeBrowser.notifications.getAll();
    expect(all[`antidrift-block-${KEY}`]).toMatchObject({
      title: '09:00 Deep work',
      buttons: [{ title: 'Start' }, { title: 'In 10 minutes' }],
    });
    expect((await plan(bg)).due).toMatchObject({ key: KEY, label: '09:00 Deep work', waiting: false });
    // The next wake: the block's end.
    expect((await fakeBrowser.alarms.get(PLAN_ALARM))?.scheduledTime).toBe(monday(10));
  });

  it('keeps the offer across a worker restart inside the block without notifying twice, and Start starts the template', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    let bg = await start(monday(8, 30));
    await ring(bg, monday(9));
    await fakeBrowser.notifications.clear(`antidrift-block-${KEY}`);
    clock = monday(9, 5);
    await restartWorker();
    bg = await boot(undefined, now, undefined, platform);
    await bg.features.planner.settled();
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    expect((await plan(bg)).due?.key).toBe(KEY);
    const reply = (await bg.send({ type: 'startDueBlock', key: KEY })) as Reply<'startDueBlock'>;
    expect(reply).toEqual({ ok: true, value: null });
    expect(bg.shell.state.phase).toBe('active');
    // A template stored before "Involves" starts a session that says nothing of it.
    expect(sessionOf(bg)?.commitment).toEqual({ nextAction: 'Write the parser', successCondition: 'parser tests pass' });
    expect((await plan(bg)).due).toBeNull();
    expect((await plan(bg)).today).toMatchObject([{ key: KEY, state: 'now' }]);
    // Asked again: refused in words, not started twice.
    const again = (await bg.send({ type: 'startDueBlock', key: KEY })) as Reply<'startDueBlock'>;
    expect(again).toMatchObject({ ok: false, error: { message: 'this block is no longer on offer' } });
  });

  it('says a block waits while a session runs, and the Start button of the notification starts it', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    const bg = await start(monday(8, 30));
    await bg.send({ type: 'startSession', input: { commitment: { nextAction: 'a', successCondition: 'b' }, allowed: [], blocked: [] } });
    await ring(bg, monday(9));
    const waiting = (await fakeBrowser.notifications.getAll())[`antidrift-block-${KEY}`];
    expect(waiting?.message).toMatch(/waits until your current session ends/);
    expect((await plan(bg)).due?.waiting).toBe(true);
    clock = monday(9, 10);
    await bg.send({ type: 'endSession' });
    await bg.features.planner.settled();
    expect((await fakeBrowser.notifications.getAll())[`antidrift-block-${KEY}`]?.message).toMatch(/Time for this block until 10:00/);
    await fakeBrowser.notifications.onButtonClicked.trigger(`antidrift-block-${KEY}`, 0);
    await bg.features.planner.settled();
    await bg.flush();
    expect(sessionOf(bg)?.commitment.successCondition).toBe('parser tests pass');
  });

  it('starts an autoStart block by itself through the shell, and records it started', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    const bg = await start(monday(8, 30), [{ ...BLOCK, autoStart: true }]);
    await ring(bg, monday(9));
    expect(sessionOf(bg)?.commitment.nextAction).toBe('Write the parser');
    expect(sessionOf(bg)?.blocked).toEqual(['videos.test']);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    const db = await platform.openHistory();
    try {
      expect((await db.range(monday(0), monday(24))).blocks).toMatchObject([{ key: KEY, outcome: 'started' }]);
    } finally {
      db.close();
    }
  });

  it('a block’s template says what the work involves: the session starts with it, and History keeps it', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    const involves = 'the vitest docs, a lecture on Pratt parsing';
    const bg = await start(monday(8, 30), [{ ...BLOCK, autoStart: true }], [{ ...TEMPLATE, involves }]);
    await ring(bg, monday(9));
    expect(sessionOf(bg)?.commitment).toEqual({ nextAction: 'Write the parser', successCondition: 'parser tests pass', involves });
    await bg.features.history.flushed();
    const db = await platform.openHistory();
    try {
      expect((await db.range(monday(0), monday(24))).sessions).toMatchObject([{ nextAction: 'Write the parser', involves }]);
    } finally {
      db.close();
    }
  });

  it('In 10 minutes clears the notification and asks again ten minutes later', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    const bg = await start(monday(8, 30));
    await ring(bg, monday(9));
    clock = monday(9, 2);
    await fakeBrowser.notifications.onButtonClicked.trigger(`antidrift-block-${KEY}`, 1);
    await bg.features.planner.settled();
    await bg.flush();
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    expect((await fakeBrowser.alarms.get(PLAN_ALARM))?.scheduledTime).toBe(monday(9, 12));
    await ring(bg, monday(9, 12));
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([`antidrift-block-${KEY}`]);
  });

  it('records a block missed while the browser was closed in the history database', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    await start(monday(8));
    await restartWorker();
    clock = monday(11);
    const bg = await boot(undefined, now, undefined, platform);
    await bg.features.planner.settled();
    const db = await platform.openHistory();
    try {
      const range = await db.range(monday(0), monday(24));
      expect(range.blocks).toMatchObject([{ key: KEY, label: '09:00 Deep work', outcome: 'missed', start: monday(9), end: monday(10) }]);
      expect((await db.exportAll(clock)).blocks).toHaveLength(1);
      // Delete by range takes the blocks too.
      await db.deleteSessions(monday(0), monday(24));
      expect((await db.range(monday(0), monday(24))).blocks).toEqual([]);
    } finally {
      db.close();
    }
    expect((await plan(bg)).today).toMatchObject([{ key: KEY, state: 'missed' }]);
  });

  it('resets unreadable stored state with a diagnostics warning', async () => {
    platform = { ...testPlatform(), timeZone: () => ZONE };
    await fakeBrowser.storage.local.set({ [PLAN_KEY]: { version: 99 } });
    const bg = await start(monday(8));
    const diagnostics = (await bg.send({ type: 'getDiagnostics' })) as Reply<'getDiagnostics'>;
    expect(diagnostics.ok && diagnostics.value.some((d) => /stored schedule state was unreadable/.test(d.message))).toBe(true);
    expect((await fakeBrowser.alarms.get(PLAN_ALARM))?.scheduledTime).toBe(monday(9));
  });

  it('opens a history database of version 1 and keeps its sessions', async () => {
    const name = `antidrift-history-v1-${Date.now()}`;
    const old = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('sessions', { keyPath: 'key' }).createIndex('startedAt', 'startedAt');
        for (const store of ['segments', 'marks']) {
          const s = db.createObjectStore(store, { keyPath: 'key' });
          s.createIndex('session', 'session');
          s.createIndex(store === 'marks' ? 'at' : 'start', store === 'marks' ? 'at' : 'start');
        }
        db.createObjectStore('reviews', { keyPath: 'key' });
      },
    });
    const session = {
      key: 's1',
      nextAction: 'a',
      successCondition: 'b',
      allowed: [],
      blocked: [],
      startedAt: 1000,
      timeboxMinutes: null,
      endedAt: 2000,
      endReason: 'ended',
      lastSeenAt: 2000,
    };
    await old.put('sessions', session);
    old.close();
    const db = await HistoryDb.open(name);
    try {
      await db.saveBlock({ key: 'b1@1970-01-01', blockId: 'b1', label: '09:00 x', start: 1500, end: 1600, outcome: 'skipped' });
      const file = await db.exportAll(3000);
      expect(file.sessions).toMatchObject([{ key: 's1' }]);
      expect(file.blocks).toMatchObject([{ outcome: 'skipped' }]);
    } finally {
      db.close();
    }
  });
});
