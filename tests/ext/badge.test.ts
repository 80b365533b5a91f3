// The toolbar badge and its title for each status.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it } from 'vitest';
import { activate, boot, freshBackgroundEachTest, openTab, readBadge, type Running, START } from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('badge', () => {
  it.each([
    ['paused', 'II', '#5f6368'],
    ['ontask', 'ON', '#188038'],
    ['drifting', '!', '#d93025'],
    ['idle', '', '#5f6368'],
  ])('badge for %s is %j', async (status, text, color) => {
    bg = await boot();
    if (status !== 'idle') await bg.send(START);
    await activate(await openTab(status === 'drifting' ? 'https://videos.test/' : 'https://docs.test/', 'Page'));
    if (status === 'paused') await bg.send({ type: 'pauseSession' });
    await bg.flush();
    expect(await readBadge()).toEqual({ text, color });
    expect(await fakeBrowser.action.getTitle({})).toMatch(status === 'idle' ? /no focus session/ : /Write the parser tests/);
  });
});
