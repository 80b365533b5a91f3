// Effects the shell runs: alarms that reach the controller and OS-drift notifications with their actions.
import { fakeBrowser } from 'wxt/testing';
import { surfaceView } from '../../shared/core/controller';
import { describe, expect, it } from 'vitest';
import { TICK_ALARM } from '../../background/effects';
import { boot, FakeHost, freshBackgroundEachTest, readBadge, type Running, START, wanderIntoLexerDocs } from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('effects', () => {
  it('the tick alarm reaches the controller (periodic nudge)', async () => {
    let now = Date.now();
    const host = new FakeHost();
    host.reply = () => ({ text: '{"on_track": false, "message": "You drifted into the lexer."}' });
    bg = await boot(host, () => now);
    await bg.send(START);
    await wanderIntoLexerDocs(bg, (ms) => (now += ms));
    expect(bg.shell.state.drift.nudgeMessage).toBe('You drifted into the lexer.');
    expect(await readBadge()).toMatchObject({ text: '?' });
    const alarm = await fakeBrowser.alarms.get(TICK_ALARM);
    expect(alarm?.scheduledTime).toBeGreaterThan(now);
    now += 10 * 60_000;
    await fakeBrowser.alarms.onAlarm.trigger({ name: TICK_ALARM, scheduledTime: now });
    await bg.flush();
    expect(bg.shell.state.drift.lastReevaluatedAt).toBe(now);
  });

  it('an OS drift raises one notification per episode with the two actions', async () => {
    const host = new FakeHost();
    bg = await boot(host);
    await bg.send({ ...START, input: { ...START.input, blocked: ['slack'] } });
    host.pushWindow('general — Slack', 'Slack');
    await bg.flush();
    host.pushWindow('random — Slack', 'Slack');
    await bg.flush();
    const all = await fakeBrowser.notifications.getAll();
    expect(Object.keys(all)).toEqual(['antidrift-drift-1']);
    expect(all['antidrift-drift-1']).toMatchObject({ buttons: [{ title: 'Back to task' }, { title: 'This is on task' }] });
    await fakeBrowser.notifications.onButtonClicked.trigger('antidrift-drift-1', 1);
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('ontask');
    expect(bg.shell.state.settings.addedFromBanner).toContain('slack');
  });

  it('clicking the notification itself is Back to task (Firefox has no notification buttons)', async () => {
    const host = new FakeHost();
    bg = await boot(host);
    await bg.send({ ...START, input: { ...START.input, blocked: ['slack'] } });
    host.pushWindow('general — Slack', 'Slack');
    await bg.flush();
    expect(bg.shell.state.drift.status).toBe('drifting');
    await fakeBrowser.notifications.onClicked.trigger('antidrift-drift-1');
    await bg.flush();
    expect(surfaceView(bg.shell.state).banner?.answered).toBe(true);
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual([]);
    // Another extension's notification is not ours to answer.
    await fakeBrowser.notifications.onClicked.trigger('other-1');
  });
});
