// The frame's size channel: taken once, only with the secret of the frame's address; no height goes anywhere before it.
import { describe, expect, it } from 'vitest';
import { channelToHost } from '../../../ui/in-page/host-channel';

const SECRET = '3b1f0e4c-2a9d-4c8e-9b7a-5d6e7f801234';

/** A frame's window: its address's hash, and messages posted to it (by the content script, or by the page). */
function frameWindow(hash: string) {
  const target = new EventTarget();
  return Object.assign(target, { location: { hash } }) as unknown as Window;
}

function port() {
  const heights: unknown[] = [];
  return { heights, postMessage: (message: { height: number }) => void heights.push(message.height) };
}

const hand = (win: Window, data: unknown, given: ReturnType<typeof port> | null) =>
  win.dispatchEvent(new MessageEvent('message', { data, ports: given ? [given as unknown as MessagePort] : [] }));

describe('the frame’s size channel', () => {
  it('sends heights only over the port handed with the secret, the last one first', () => {
    const win = frameWindow(`#${SECRET}`);
    const resize = channelToHost(win);
    resize(120);
    resize(140);
    const host = port();
    hand(win, { antidriftChannel: SECRET }, host);
    resize(90);
    expect(host.heights).toEqual([140, 90]);
  });

  it('takes no port from the page: a wrong or missing secret, no port, or a second port after the first', () => {
    const win = frameWindow(`#${SECRET}`);
    const resize = channelToHost(win);
    const page = port();
    hand(win, { antidriftChannel: 'guessed' }, page);
    hand(win, {}, page);
    hand(win, { antidriftChannel: SECRET }, null);
    const host = port();
    hand(win, { antidriftChannel: SECRET }, host);
    hand(win, { antidriftChannel: SECRET }, page);
    resize(60);
    expect(page.heights).toEqual([]);
    expect(host.heights).toEqual([60]);
  });

  it('without a secret in its address it takes nothing at all', () => {
    const win = frameWindow('');
    const resize = channelToHost(win);
    const page = port();
    hand(win, { antidriftChannel: '' }, page);
    resize(60);
    expect(page.heights).toEqual([]);
  });
});
