// A rhythm over the real background: the break and its badge survive a worker restart, each edge is notified once, the next break comes on time.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TICK_ALARM } from '../../background/effects';
import { surfaceView } from '../../shared/core/controller';
import { activate, boot, freshBackgroundEachTest, openTab, readBadge, restartWorker, START, type Running } from './harness';

freshBackgroundEachTest();

const MIN = 60_000;
let clock = 1_800_000_000_000;
const now = () => clock;
let running: Running | null = null;
afterEach(() => {
  running?.channel.stop();
  running = null;
});

/** The notifications created since the spy was set, as title and message. */
function notificationSpy() {
  const create = vi.spyOn(fakeBrowser.notifications, 'create');
  // A spy set again on the same method is the same spy: count from here.
  create.mockClear();
  return () =>
    create.mock.calls.map((call) => {
      const options = (call as unknown[])[1] as { title: string; message: string };
      return `${options.title} | ${options.message}`;
    });
}

async function tickAt(at: number): Promise<void> {
  clock = at;
  await fakeBrowser.alarms.onAlarm.trigger({ name: TICK_ALARM, scheduledTime: at });
  await running!.flush();
}

/** A worker that boots on what storage kept, as after the service worker died. */
async function restart(after: number): Promise<void> {
  running!.channel.stop();
  await restartWorker();
  clock += after;
  running = await boot(undefined, now);
}

async function startWithRhythm(): Promise<number> {
  running = await boot(undefined, now);
  await activate(await openTab('https://docs.test/', 'Parser docs'));
  const startedAt = clock;
  await running.send({ ...START, input: { ...START.input, rhythm: { workMinutes: 1, breakMinutes: 1 } } });
  await running.flush();
  return startedAt;
}

describe('a rhythm across worker restarts', () => {
  it('a restart during the break: still a break, the badge says so, and "Back to" comes exactly once when it ends', async () => {
    const startedAt = await startWithRhythm();
    expect(await readBadge()).toMatchObject({ text: 'ON' });
    let notified = notificationSpy();
    await tickAt(startedAt + MIN);
    expect(await readBadge()).toMatchObject({ text: 'BRK' });
    expect(notified()).toEqual([expect.stringMatching(/^Break — back at \d\d:\d\d \| 1 minutes off from: Write the parser tests$/)]);

    await restart(10_000);
    notified = notificationSpy();
    expect(surfaceView(running!.shell.state).rhythm).toMatchObject({ phase: 'break', endsAt: startedAt + 2 * MIN });
    expect(await readBadge()).toMatchObject({ text: 'BRK' });
    expect(await fakeBrowser.action.getTitle({})).toMatch(/^antidrift — break until \d\d:\d\d: Write the parser tests$/);
    await tickAt(startedAt + MIN + 20_000);
    expect(notified()).toEqual([]);
    expect((await fakeBrowser.alarms.get(TICK_ALARM))?.scheduledTime).toBeLessThanOrEqual(startedAt + 2 * MIN);

    await tickAt(startedAt + 2 * MIN);
    await tickAt(startedAt + 2 * MIN + 5_000);
    expect(notified()).toEqual(['Break over | Back to: Write the parser tests']);
    expect(await readBadge()).toMatchObject({ text: 'ON' });

    // A second restart after the break announces nothing again.
    await restart(5_000);
    notified = notificationSpy();
    await tickAt(clock + 1_000);
    expect(notified()).toEqual([]);
  });

  it('a restart during work: the next break comes on time, announced once', async () => {
    const startedAt = await startWithRhythm();
    await tickAt(startedAt + 30_000);
    await restart(5_000);
    const notified = notificationSpy();
    await running!.flush();
    expect((await fakeBrowser.alarms.get(TICK_ALARM))?.scheduledTime).toBeLessThanOrEqual(startedAt + MIN);
    expect(surfaceView(running!.shell.state).rhythm).toMatchObject({ phase: 'work', endsAt: startedAt + MIN });
    await tickAt(startedAt + MIN);
    expect(await readBadge()).toMatchObject({ text: 'BRK' });
    await tickAt(startedAt + MIN + 1_000);
    expect(notified()).toHaveLength(1);
  });

  it('a stored session of before rhythms boots as it did', async () => {
    running = await boot(undefined, now);
    await running.send(START);
    await restart(1_000);
    expect(surfaceView(running!.shell.state)).toMatchObject({ phase: 'active', rhythm: null });
  });
});
