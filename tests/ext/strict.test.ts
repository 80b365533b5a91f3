// A strict session's rules over the real background: put in place at start, gone by every end path, never left by a worker start.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boot, freshBackgroundEachTest, PAGE_SENDER, restartWorker, START, testPlatform, type Running } from './harness';
import { type FakeDnr, installFakeDnr, siteOfRedirect } from './fake-dnr';
import { TICK_ALARM } from '../../background/effects';
import type { Rule } from '../../shared/strict/block-rules';

freshBackgroundEachTest();

const MIN = 60_000;
let clock = Date.UTC(2026, 11, 5, 9);
const now = () => clock;
let dnr: FakeDnr;
let running: Running | null = null;
let platform = testPlatform();

const STRICT = { ...START, input: { ...START.input, blocked: ['videos.test', 'slack'], strict: true } };
const blockedSites = (rules: Rule[] = dnr.rules) => rules.map((r) => siteOfRedirect(r.action.redirect.regexSubstitution));

beforeEach(() => {
  clock = Date.UTC(2026, 11, 5, 9);
  dnr = installFakeDnr();
  platform = testPlatform();
});
afterEach(() => {
  running = null;
});

async function start(input: Record<string, unknown> = {}): Promise<void> {
  running = await boot(undefined, now, undefined, platform);
  const reply = await running.send({ ...STRICT, input: { ...STRICT.input, ...input } });
  expect(reply).toEqual({ ok: true, value: null });
  await running.flush();
}

/** The service worker dies and a new one boots on what storage kept; `browserRestarted`: the browser dropped its session rules too. */
async function newWorker(after: number, browserRestarted: boolean): Promise<void> {
  running?.channel.stop();
  running?.features.settingsSync.stop();
  await restartWorker(!browserRestarted);
  if (browserRestarted) dnr = installFakeDnr();
  clock += after;
  running = await boot(undefined, now, undefined, platform);
  await running.flush();
}

async function tickAt(at: number): Promise<void> {
  clock = at;
  await fakeBrowser.alarms.onAlarm.trigger({ name: TICK_ALARM, scheduledTime: at });
  await running!.flush();
}

async function endAfterWait(): Promise<void> {
  expect(await running!.send({ type: 'beginWait', purpose: 'end' })).toEqual({ ok: true, value: null });
  clock += 60_000;
  expect(await running!.send({ type: 'endSession' })).toEqual({ ok: true, value: null });
  await running!.flush();
}

describe('the rules of a strict session', () => {
  it('start puts the sites in place (an app entry makes no rule); End is refused in words until the wait ran, then clears them', async () => {
    await start();
    expect(blockedSites()).toEqual(['videos.test']);
    const refused = await running!.send({ type: 'endSession' });
    expect(refused).toEqual({ ok: false, error: { kind: 'bad_request', message: 'strict session: ending early needs the wait first' } });
    await running!.send({ type: 'beginWait', purpose: 'end' });
    clock += 30_000;
    expect(await running!.send({ type: 'endSession' })).toMatchObject({ ok: false, error: { message: /waits 30 s more/ } });
    expect(running!.shell.state.phase).toBe('active');
    expect(blockedSites()).toEqual(['videos.test']);
    clock += 30_000;
    await running!.send({ type: 'endSession' });
    await running!.flush();
    expect(running!.shell.state.phase).toBe('idle');
    expect(dnr.rules).toEqual([]);
  });

  it('closing the popup abandons the wait', async () => {
    await start();
    const popup = running!.openStatePort(PAGE_SENDER());
    await running!.send({ type: 'beginWait', purpose: 'end' });
    const waiting = running!.shell.state.phase !== 'idle' ? running!.shell.state.session.wait : undefined;
    expect(waiting).toEqual({ purpose: 'end', startedAt: clock, readyAt: clock + 60_000 });
    popup.close();
    await running!.flush();
    const session = running!.shell.state.phase !== 'idle' ? running!.shell.state.session : null;
    expect(session?.wait).toBeUndefined();
    expect(session?.strictCounts).toMatchObject({ waitsStarted: 1, waitsAbandoned: 1 });
  });

  it('the timebox ending lifts the rules at its tick; End then needs no wait', async () => {
    await start({ timeboxMinutes: 25 });
    expect(blockedSites()).toEqual(['videos.test']);
    await tickAt(clock + 25 * MIN);
    expect(dnr.rules).toEqual([]);
    expect(await running!.send({ type: 'endSession' })).toEqual({ ok: true, value: null });
  });

  it('a timebox that ran out while the browser was closed leaves nothing blocked', async () => {
    await start({ timeboxMinutes: 25 });
    await newWorker(3 * 60 * MIN, true);
    expect(dnr.rules).toEqual([]);
    expect(dnr.updates).toEqual([]);
  });

  it('a browser restart mid-session blocks again; a worker restart keeps the rules without rewriting them', async () => {
    await start({ timeboxMinutes: 60 });
    await newWorker(10 * MIN, true);
    expect(blockedSites()).toEqual(['videos.test']);
    const updates = dnr.updates.length;
    await newWorker(1 * MIN, false);
    expect(blockedSites()).toEqual(['videos.test']);
    // The new worker applies once (it cannot know what the old one did): remove and add, the same rules.
    expect(dnr.updates.length).toBe(updates + 1);
  });

  it('a worker start that finds rules and no session (a crash mid-write, an update, a disable and enable) removes them', async () => {
    await start();
    const leftover = structuredClone(dnr.rules);
    await endAfterWait();
    expect(dnr.rules).toEqual([]);
    // The crash: the session's end was written, the rules' removal never ran.
    dnr.rules = leftover;
    await newWorker(MIN, false);
    expect(dnr.rules).toEqual([]);
    // An update or a reload of the extension: onInstalled fires on a worker with no session: nothing comes back.
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    await running!.flush();
    expect(dnr.rules).toEqual([]);
  });

  it('an update mid-session keeps the session strict: the rules come back on the new worker', async () => {
    await start({ timeboxMinutes: 60 });
    await newWorker(MIN, true); // an update reloads the extension: its session rules are gone, its storage kept
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '0.1.0', temporary: false });
    await running!.flush();
    expect(blockedSites()).toEqual(['videos.test']);
  });

  it("History's delete and import neither end the session nor touch its rules; after the end they bring nothing back", async () => {
    await start();
    const page = await platform.openHistory(); // the History page's own connection
    const file = await page.exportAll(clock);
    await page.deleteSessions(0, clock + MIN);
    await page.importMerge(file);
    await running!.flush();
    expect(running!.shell.state.phase).toBe('active');
    expect(blockedSites()).toEqual(['videos.test']);
    await endAfterWait();
    await page.deleteSessions(0, clock + MIN);
    await page.importMerge(file);
    await newWorker(MIN, false);
    expect(dnr.rules).toEqual([]);
  });

  it('a list no rule can say is refused in words, and nothing starts', async () => {
    running = await boot(undefined, now, undefined, platform);
    const reply = await running.send({ ...STRICT, input: { ...STRICT.input, blocked: ['videos.test', 'foo bar.com'] } });
    expect(reply).toMatchObject({
      ok: false,
      error: { kind: 'bad_request', message: expect.stringMatching(/^strict session not started: .*foo bar\.com/) },
    });
    expect(running.shell.state.phase).toBe('idle');
    expect(dnr.rules).toEqual([]);
  });

  it('a second strict start is refused in words while one runs', async () => {
    await start();
    const first = running!.shell.state.phase === 'idle' ? null : running!.shell.state.session.id;
    const reply = await running!.send(STRICT);
    // The controller's refusal, read as a value: the reply says it, and the first session runs on.
    expect(reply).toEqual({
      ok: false,
      error: { kind: 'bad_request', message: 'session not started: a strict session runs: end it first (ending early waits)' },
    });
    expect(running!.shell.state.phase === 'idle' ? null : running!.shell.state.session.id).toBe(first);
  });

  it('the block page counts what it stopped, and History keeps the strict tally when the session ends', async () => {
    await start();
    await running!.send({ type: 'navigationBlocked', site: 'videos.test' });
    await running!.send({ type: 'beginWait', purpose: 'end' });
    await running!.send({ type: 'cancelWait' });
    await endAfterWait();
    const page = await platform.openHistory();
    const [session] = await page.newestSessions(1);
    expect(session).toMatchObject({
      strict: true,
      strictTally: { blockedNavigations: 1, waitsStarted: 2, waitsAbandoned: 1, waitsGoneThrough: 1 },
    });
  });
});
