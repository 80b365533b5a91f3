// Templates and the start form's choices over the real background: saved with an id, refused in words, recent commitments (with what they involved), Today.
import { afterEach, describe, expect, it } from 'vitest';
import type { Reply } from '../../shared/messages/requests';
import { KEYS } from '../../background/store';
import { fakeBrowser } from 'wxt/testing';
import { activate, boot, freshBackgroundEachTest, openTab, START, testPlatform, type Running } from './harness';

freshBackgroundEachTest();

// Noon UTC: the test's local day (whatever TZ runs it) holds the whole session.
let clock = Date.UTC(2026, 11, 5, 12, 0, 0);
const now = () => clock;
let running: Running | null = null;
afterEach(() => {
  running?.channel.stop();
  running = null;
});

const TEMPLATE = {
  name: 'Deep work',
  nextAction: 'Write the parser tests',
  successCondition: 'all tests pass',
  allowed: ['docs.test', 'code'],
  blocked: ['videos.test'],
  timeboxMinutes: 50,
};

describe('templates', () => {
  it('Save as template keeps the form under a new id, in the stored settings, and the start form lists it', async () => {
    running = await boot(undefined, now, undefined, testPlatform());
    const saved = (await running.send({ type: 'saveTemplate', template: TEMPLATE })) as Reply<'saveTemplate'>;
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value).toMatchObject({ ...TEMPLATE, rhythm: null });
    expect(saved.value.id).toMatch(/\S{8,}/);
    const stored = (await fakeBrowser.storage.local.get(KEYS.settings))[KEYS.settings] as { templates: unknown[] };
    expect(stored.templates).toEqual([saved.value]);
    const choices = (await running.send({ type: 'getStartChoices' })) as Reply<'getStartChoices'>;
    expect(choices).toMatchObject({ ok: true, value: { templates: [saved.value], recent: [] } });
  });

  it('a taken name (in any case) or an empty one is refused in words, and nothing is lost', async () => {
    running = await boot(undefined, now, undefined, testPlatform());
    await running.send({ type: 'saveTemplate', template: TEMPLATE });
    const taken = (await running.send({ type: 'saveTemplate', template: { ...TEMPLATE, name: 'deep WORK' } })) as Reply;
    expect(taken).toMatchObject({ ok: false, error: { message: 'a template is already called "deep WORK"' } });
    const empty = (await running.send({ type: 'saveTemplate', template: { ...TEMPLATE, name: '   ' } })) as Reply;
    expect(empty).toMatchObject({ ok: false, error: { message: 'rejected: give the template a name' } });
    expect(running.settings.current.templates.map((t) => t.name)).toEqual(['Deep work']);
  });

  it('a list entry that cannot be one is refused in words', async () => {
    running = await boot(undefined, now, undefined, testPlatform());
    const reply = (await running.send({ type: 'saveTemplate', template: { ...TEMPLATE, blocked: [`${'x'.repeat(300)}.test`] } })) as Reply;
    expect(reply).toMatchObject({ ok: false, error: { message: 'rejected: an entry is at most 253 characters' } });
    expect(running.settings.current.templates).toEqual([]);
  });

  it('keeps what the work involves with the template, and refuses an over-long one in words', async () => {
    running = await boot(undefined, now, undefined, testPlatform());
    const saved = (await running.send({
      type: 'saveTemplate',
      template: { ...TEMPLATE, involves: ' the vitest docs, a lecture on Pratt parsing ' },
    })) as Reply<'saveTemplate'>;
    expect(saved).toMatchObject({ ok: true, value: { involves: 'the vitest docs, a lecture on Pratt parsing' } });
    const long = (await running.send({
      type: 'saveTemplate',
      template: { ...TEMPLATE, name: 'Long', involves: 'x'.repeat(501) },
    })) as Reply;
    expect(long).toMatchObject({ ok: false, error: { message: 'rejected: keep what it involves under 500 characters' } });
    expect(running.settings.current.templates.map((t) => [t.name, t.involves])).toEqual([
      ['Deep work', 'the vitest docs, a lecture on Pratt parsing'],
    ]);
  });
});

describe('recent commitments and today', () => {
  it('lists the last distinct commitments, newest first, and today holds their focus time, drift and reviews', async () => {
    const platform = testPlatform();
    running = await boot(undefined, now, undefined, platform);
    const docs = await openTab('https://docs.test/a', 'Docs');
    const videos = await openTab('https://videos.test/cats', 'Cats');
    const commitments = ['Write the parser tests', 'Fix the lexer', 'Write the parser tests'];
    for (const [i, nextAction] of commitments.entries()) {
      await running.send({ ...START, input: { ...START.input, commitment: { nextAction, successCondition: `done ${i}` } } });
      clock += 1_000;
      await activate(docs);
      await running.flush();
      clock += 10 * 60_000;
      if (i === 0) {
        await activate(videos);
        await running.flush();
        clock += 2 * 60_000;
        await activate(docs);
        await running.flush();
      }
      // The band of the running session: its segments so far, the open one up to now.
      const during = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
      if (!during.ok) throw new Error('no history status');
      expect(during.value.band.length).toBeGreaterThan(0);
      expect(during.value.band.at(-1)).toMatchObject({ kind: 'ontask', place: 'docs.test', end: clock });
      await running.send({ type: 'endSession' });
      const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
      if (!status.ok || !status.value.pendingReview) throw new Error('no review pending');
      await running.send({ type: 'reviewSession', key: status.value.pendingReview.key, answer: i === 1 ? 'no' : 'yes', note: '' });
      clock += 60_000;
    }
    const choices = (await running.send({ type: 'getStartChoices' })) as Reply<'getStartChoices'>;
    if (!choices.ok) throw new Error('no choices');
    // Distinct by text: the third session repeats the first commitment's action but not its condition.
    expect(choices.value.recent.map((r) => `${r.nextAction} / ${r.successCondition}`)).toEqual([
      'Write the parser tests / done 2',
      'Fix the lexer / done 1',
      'Write the parser tests / done 0',
    ]);
    expect(choices.value.recent[0]).toMatchObject({ allowed: START.input.allowed, blocked: START.input.blocked });
    expect(choices.value.recent.map((r) => r.involves)).toEqual(['', '', '']);
    const status = (await running.send({ type: 'getHistoryStatus' })) as Reply<'getHistoryStatus'>;
    if (!status.ok || !status.value.today) throw new Error('no today');
    const { today } = status.value;
    expect(today.sessions).toBe(3);
    expect(today.driftMs).toBe(2 * 60_000);
    // Ten minutes on docs.test each; the second and third sessions also start on it (the first starts on videos.test, unsure).
    expect(today.focusedMs).toBe(30 * 60_000 + 2 * 1_000);
    expect(today.reviews.map((r) => r.answer)).toEqual(['yes', 'no', 'yes']);
    expect(today.biggestPull).toEqual({ place: 'videos.test', driftMs: 2 * 60_000 });
  });
});

describe('recent commitments carry what the work involved', () => {
  it('the newest session’s words come with a commitment started twice', async () => {
    running = await boot(undefined, now, undefined, testPlatform());
    for (const involves of ['a lecture on Pratt parsing', 'the vitest docs']) {
      await running.send({ ...START, input: { ...START.input, commitment: { ...START.input.commitment, involves } } });
      clock += 60_000;
      await running.send({ type: 'endSession' });
      clock += 60_000;
    }
    await running.features.history.flushed();
    const choices = (await running.send({ type: 'getStartChoices' })) as Reply<'getStartChoices'>;
    if (!choices.ok) throw new Error('no choices');
    expect(choices.value.recent.map((r) => [r.nextAction, r.involves])).toEqual([[START.input.commitment.nextAction, 'the vitest docs']]);
  });
});
