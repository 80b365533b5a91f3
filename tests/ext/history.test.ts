// History over the real background: segments and marks land in IndexedDB (what the work involves too), away via the idle port, the review, restarts.
import { fakeBrowser } from 'wxt/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '../../shared/messages/requests';
import type { Background } from '../../background';
import { activate, boot, freshBackgroundEachTest, openTab, restartWorker, START, testPlatform, type Running } from './harness';

freshBackgroundEachTest();

let clock = 1_800_000_000_000;
const now = () => clock;
let running: Running | null = null;
afterEach(() => {
  running?.channel.stop();
  running = null;
});

let platform = testPlatform();

/** What the history database holds once the background's writes have landed. */
async function contents(bg: Background) {
  await bg.features.history.flushed();
  const db = await platform.openHistory();
  try {
    return await db.exportAll(now());
  } finally {
    db.close();
  }
}

describe('history in the background', () => {
  it('records on task, a blocked drift with its answer, away time, the end, and the review', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    const docs = await openTab('https://docs.test/a', 'Docs');
    const videos = await openTab('https://videos.test/cats', 'Cats');
    await running.send(START);
    clock += 1_000;
    await activate(docs);
    await running.flush();
    clock += 60_000;
    await activate(videos);
    await running.flush();
    clock += 30_000;
    await running.send({ type: 'driftBackToTask' });
    await activate(docs);
    await running.flush();
    // No input for the threshold (180 s by default), then chrome.idle says idle: away began 180 s ago.
    clock += 4 * 60_000;
    running.idle.set('idle');
    await running.flush();
    clock += 10 * 60_000;
    running.idle.set('active');
    await running.flush();
    clock += 60_000;
    const progress = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    expect(progress).toMatchObject({ ok: true, value: { progress: { driftMs: 30_000, lastDrift: { place: 'videos.test' } } } });
    await running.send({ type: 'endSession' });
    const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    if (!status.ok || !status.value.pendingReview) throw new Error('no review pending');
    expect(status.value.pendingReview.successCondition).toBe('parser.test.ts passes');
    await running.send({ type: 'reviewSession', key: status.value.pendingReview.key, answer: 'partly', note: 'half of it' });

    const file = await contents(running);
    const kinds = file.segments.sort((a, b) => a.start - b.start).map((s) => `${s.kind}:${s.place}:${(s.end - s.start) / 1000}`);
    expect(kinds).toEqual([
      'unsure::1',
      'ontask:docs.test:60',
      'drifting:videos.test:30',
      'ontask:docs.test:60',
      'away::780',
      'ontask:docs.test:60',
    ]);
    // Started without saying what the work involves: none kept.
    expect(file.sessions).toMatchObject([{ endReason: 'ended', nextAction: 'Write the parser tests', involves: '' }]);
    expect(file.marks.filter((m) => m.type === 'answer')).toMatchObject([{ choice: 'backToTask', episode: 1 }]);
    expect(file.reviews).toMatchObject([{ answer: 'partly', note: 'half of it' }]);
    const after = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    expect(after).toMatchObject({ ok: true, value: { pendingReview: null, progress: null } });
  });
});

describe('what the work involves', () => {
  it('is kept with the session in the history database and its export', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    const involves = 'the vitest docs, our parser’s GitHub issues';
    await running.send({ ...START, input: { ...START.input, commitment: { ...START.input.commitment, involves: ` ${involves} ` } } });
    clock += 60_000;
    await running.send({ type: 'endSession' });
    const file = await contents(running);
    expect(file.sessions).toMatchObject([{ nextAction: 'Write the parser tests', involves }]);
  });
});

describe('the end-of-session review when no popup is open', () => {
  const REVIEW_ID = /^antidrift-review-/;
  const reviewNotifications = async () => Object.entries(await fakeBrowser.notifications.getAll()).filter(([id]) => REVIEW_ID.test(id));

  it('a notification asks it; Yes there stores the answer, ends the pending review and closes the notification', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    await activate(await openTab('https://docs.test/a', 'Docs'));
    await running.send(START);
    clock += 60_000;
    await running.send({ type: 'endSession' });
    await running.flush();
    const asked = await reviewNotifications();
    expect(asked).toHaveLength(1);
    const [id, options] = asked[0]!;
    expect(options).toMatchObject({
      title: 'Session ended',
      message: 'Did you meet: parser.test.ts passes?',
      buttons: [{ title: 'Yes' }, { title: 'No' }],
    });
    await fakeBrowser.notifications.onButtonClicked.trigger(id, 0);
    await vi.waitFor(async () => expect(await reviewNotifications()).toEqual([]));
    expect((await contents(running)).reviews).toMatchObject([{ answer: 'yes', note: '' }]);
    const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    expect(status).toMatchObject({ ok: true, value: { pendingReview: null } });
  });

  it('clicking the notification itself opens the popup, where Partly and a note are too', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    await running.send(START);
    await running.send({ type: 'endSession' });
    await running.flush();
    const [[id]] = (await reviewNotifications()) as [[string, unknown]];
    const tabsBefore = (await fakeBrowser.tabs.query({})).length;
    const opened = vi.spyOn(fakeBrowser.action, 'openPopup').mockRejectedValue(new Error('not from here'));
    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(async () => expect((await fakeBrowser.tabs.query({})).length).toBe(tabsBefore + 1));
    expect(opened).toHaveBeenCalledTimes(1);
    expect((await fakeBrowser.tabs.query({})).map((t) => t.url)).toContain(fakeBrowser.runtime.getURL('/popup.html'));
    // Nothing was answered: the popup will ask.
    const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    expect(status).toMatchObject({ ok: true, value: { pendingReview: { successCondition: 'parser.test.ts passes' } } });
  });

  it('with the popup open, the popup asks and no notification does', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    const popup = running.openStatePort();
    await running.send(START);
    await running.send({ type: 'endSession' });
    await running.flush();
    await running.features.history.flushed();
    expect(await reviewNotifications()).toEqual([]);
    popup.close();
  });
});

describe('history across a service-worker restart', () => {
  it('the open segment continues in the new worker, and a pending review is still asked for', async () => {
    platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    const docs = await openTab('https://docs.test/a', 'Docs');
    await activate(docs);
    await running.send(START);
    await running.flush();
    await running.features.history.flushed();
    running.channel.stop();
    await restartWorker();
    clock += 5 * 60_000;
    running = await boot(undefined, now, undefined, { ...testPlatform(), openHistory: platform.openHistory });
    clock += 60_000;
    // The restart lost the fake tabs: the same site in a new tab continues the same segment.
    await activate(await openTab('https://docs.test/b', 'More docs'));
    await running.flush();
    await running.send({ type: 'endSession' });
    running.channel.stop();
    await restartWorker();
    running = await boot(undefined, now, undefined, { ...testPlatform(), openHistory: platform.openHistory });
    const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    expect(status).toMatchObject({ ok: true, value: { pendingReview: { nextAction: 'Write the parser tests' } } });
    const file = await contents(running);
    expect(file.segments.map((s) => `${s.kind}:${s.place}:${(s.end - s.start) / 1000}`)).toEqual(['ontask:docs.test:360']);
    expect(file.sessions).toMatchObject([{ endReason: 'ended' }]);
  });
});

describe('retention', () => {
  it('sessions older than the retention are deleted when the worker starts; newer ones and their segments stay', async () => {
    platform = testPlatform();
    const db = await platform.openHistory();
    const day = 24 * 60 * 60_000;
    const old = {
      key: 'old-1',
      nextAction: 'a',
      successCondition: 'b',
      involves: '',
      allowed: [],
      blocked: [],
      timeboxMinutes: null,
      endReason: 'ended' as const,
      strict: false,
      strictTally: null,
    };
    await db.put([
      {
        store: 'sessions',
        record: { ...old, startedAt: clock - 40 * day, endedAt: clock - 40 * day + 1, lastSeenAt: clock - 40 * day + 1 },
      },
      {
        store: 'sessions',
        record: { ...old, key: 'new-2', startedAt: clock - 10 * day, endedAt: clock - 10 * day + 1, lastSeenAt: clock - 10 * day + 1 },
      },
      {
        store: 'segments',
        record: {
          key: 'old-1:a',
          session: 'old-1',
          kind: 'ontask',
          start: clock - 40 * day,
          end: clock - 40 * day + 1,
          source: 'tab',
          place: 'docs.test',
          title: '',
          cause: null,
          reason: '',
        },
      },
    ]);
    db.close();
    await fakeBrowser.storage.local.set({ settings: { version: 1, historyRetentionDays: 30 } });
    running = await boot(undefined, now, undefined, platform);
    await vi.waitFor(async () => expect((await contents(running!)).sessions.map((s) => s.key)).toEqual(['new-2']), { timeout: 5_000 });
    expect((await contents(running)).segments).toEqual([]);
    expect(running.shell.diagnostics.list().some((d) => /history: 1 session older than 30 days deleted/.test(d.message))).toBe(true);
  });
});
