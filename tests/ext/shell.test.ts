// The shell's ordering: events before hydration are queued, dismissals go through the controller.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it } from 'vitest';
import { KEYS } from '../../background/store';
import {
  activate,
  boot,
  FRAME_SENDER,
  FakeHost,
  freshBackgroundEachTest,
  openTab,
  readBadge,
  type Running,
  START,
  STORED_SESSION,
  testPlatform,
} from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('shell', () => {
  it('a dismissed heads-up stays hidden until the advice moves on; the same text returning shows again', async () => {
    let now = Date.now();
    const host = new FakeHost();
    let advice = 'You drifted into the lexer.';
    host.reply = () => ({ text: JSON.stringify(advice ? { on_track: false, message: advice } : { on_track: true, message: '' }) });
    bg = await boot(host, () => now);
    await bg.send(START);
    /** Past any nudge back-off, with two new titles (the new evidence a nudge needs). */
    const nudgeNow = async (title: string) => {
      now += 30 * 60_000;
      await activate(await openTab('https://docs.test/' + title, `${title} (notes)`));
      await activate(await openTab('https://docs.test/' + title, title));
      await bg.flush();
    };
    await nudgeNow('one');
    await nudgeNow('two');
    const page = bg.openStatePort();
    expect(page.received.at(-1)?.view.nudge).toEqual({ message: 'You drifted into the lexer.' });
    await bg.send({ type: 'nudgeDismiss', message: 'You drifted into the lexer.' }, FRAME_SENDER());
    expect(bg.shell.state.drift.dismissedNudge).toBe('You drifted into the lexer.');
    // Pushed at once to every surface: the popup and every tab hide it without deciding for themselves.
    expect(page.received.at(-1)?.view.nudge).toBeNull();
    expect(await readBadge()).toMatchObject({ text: 'ON' });
    advice = '';
    await nudgeNow('three');
    expect(bg.shell.state.drift.dismissedNudge).toBeNull();
    expect(bg.shell.snapshot().view.nudge).toBeNull();
    advice = 'You drifted into the lexer.';
    await nudgeNow('four');
    expect(bg.shell.state.drift.dismissedNudge).toBeNull();
    expect(bg.shell.snapshot().view.nudge).toEqual({ message: 'You drifted into the lexer.' });
  });

  it('events that arrive before hydration are queued, not lost', async () => {
    await fakeBrowser.storage.local.set({
      [KEYS.session]: STORED_SESSION,
    });
    const id = await openTab('https://docs.test/', 'Docs');
    const host = new FakeHost();
    const { startBackground } = await import('../../background');
    const early = startBackground({
      now: Date.now,
      connectNative: host.connect,
      nativeError: () => undefined,
      onStatePort: () => {},
      ...testPlatform(),
    });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: id, windowId: 0 }); // before `ready`
    await early.ready;
    await early.observer.settled();
    await new Promise((r) => setTimeout(r, 0));
    expect(early.shell.state.drift.current?.app).toBe('docs.test');
    expect(early.shell.state.drift.status).toBe('ontask');
    early.channel.stop();
  });
});
