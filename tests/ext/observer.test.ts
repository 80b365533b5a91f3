// The observer over WXT's fake browser: what a tab or a host window becomes, and what never leaves the browser.
import { fakeBrowser } from 'wxt/testing';
import { describe, expect, it, vi } from 'vitest';
import { lookAtActiveTabEarly, tabById } from '../../background/observe/tab-at-wake';
import {
  tabOf,
  activate,
  patchSettings,
  boot,
  FakeHost,
  freshBackgroundEachTest,
  openTab,
  readBadge,
  restartWorker,
  type Running,
  START,
  testPlatform,
} from './harness';

let bg: Running;
freshBackgroundEachTest();

describe('observations', () => {
  it('tab activation becomes a tab observation with the site host, no URL', async () => {
    bg = await boot();
    await bg.send(START);
    const id = await openTab('https://www.docs.test/guide/parsers?q=secret', 'Parser guide');
    await activate(id);
    await bg.flush();
    expect(bg.shell.state.drift.current).toMatchObject({ source: 'tab', app: 'docs.test', title: 'Parser guide' });
    expect(JSON.stringify(bg.shell.state)).not.toContain('secret');
    expect(await readBadge()).toEqual({ text: 'ON', color: '#188038' });
  });

  it('a title change of the active tab is observed; incognito tabs are not', async () => {
    bg = await boot();
    await bg.send(START);
    const id = await openTab('https://docs.test/a', 'A');
    await activate(id);
    await fakeBrowser.tabs.onUpdated.trigger(
      id,
      { title: 'B' },
      tabOf({ id, windowId: 0, active: true, url: 'https://docs.test/a', title: 'B' }),
    );
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('B');
    await fakeBrowser.tabs.onUpdated.trigger(
      99,
      { title: 'Secret' },
      tabOf({ id: 99, windowId: 0, active: true, incognito: true, url: 'https://videos.test/', title: 'Secret' }),
    );
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('B');
    expect(bg.shell.state.drift.recentTitles).not.toContain('Secret');
  });

  it('redaction patterns apply before anything is stored or sent', async () => {
    bg = await boot();
    await patchSettings(bg, { redactPatterns: ['ticket-\\d+'] });
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Fix ticket-4711 now'));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('Fix [redacted] now');
  });

  it('the tab event that wakes the worker is read with the stored redaction, not the defaults', async () => {
    bg = await boot();
    await patchSettings(bg, { redactPatterns: ['ticket-\\d+'] });
    await bg.send(START);
    await restartWorker(true);
    const tabId = await openTab('https://docs.test/', 'Fix ticket-4711 now');
    await fakeBrowser.tabs.update(tabId, { active: true });
    bg = await boot(new FakeHost(), Date.now, () => fakeBrowser.tabs.onActivated.trigger({ tabId, windowId: 0 }));
    await bg.flush();
    expect(bg.shell.state.drift.current?.title).toBe('Fix [redacted] now');
    expect(bg.shell.state.drift.recentTitles.join(' ')).not.toContain('4711');
  });

  it('a woken worker paints the badge of the tab that woke it before the other parts read anything (history opens after)', async () => {
    bg = await boot();
    await bg.send(START);
    const docs = await openTab('https://docs.test/', 'Parser guide');
    await activate(docs);
    await bg.flush();
    expect(await readBadge()).toMatchObject({ text: 'ON' });
    await restartWorker(true);
    const order: string[] = [];
    const setBadgeText = fakeBrowser.action.setBadgeText.bind(fakeBrowser.action);
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation((details) => {
      order.push(`badge ${details.text}`);
      return setBadgeText(details);
    });
    const platform = testPlatform();
    const openHistory = platform.openHistory;
    platform.openHistory = () => {
      order.push('history opened');
      return openHistory();
    };
    const videos = await openTab('https://videos.test/', 'Cat videos');
    await fakeBrowser.tabs.update(videos, { active: true });
    bg = await boot(new FakeHost(), Date.now, () => fakeBrowser.tabs.onActivated.trigger({ tabId: videos, windowId: 0 }), platform);
    await bg.flush();
    expect(await readBadge()).toMatchObject({ text: '!' });
    expect(order.indexOf('badge !')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('badge !')).toBeLessThan(order.indexOf('history opened'));
  });

  it('internal and own pages are ignored; the previous observation stays', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Docs'));
    await activate(await openTab('chrome://newtab/', 'New Tab'));
    await activate(await openTab(fakeBrowser.runtime.getURL('/options.html'), 'antidrift options'));
    await bg.flush();
    expect(bg.shell.state.drift.current?.app).toBe('docs.test');
  });

  it('host window pushes: another app is observed, the browser’s own window is not', async () => {
    bg = await boot();
    await bg.send(START);
    await activate(await openTab('https://docs.test/', 'Docs'));
    bg.host.pushWindow('antidrift - Chromium', 'Chromium');
    await bg.flush();
    expect(bg.shell.state.drift.current?.source).toBe('tab');
    bg.host.pushWindow('~/src — zsh', 'Code');
    await bg.flush();
    expect(bg.shell.state.drift.current).toMatchObject({ source: 'os', app: 'Code', title: '~/src — zsh' });
    // While another app has focus, a background tab retitling itself is not an observation.
    const id = await openTab('https://videos.test/', 'x');
    await fakeBrowser.tabs.onUpdated.trigger(
      id,
      { title: 'Cats' },
      tabOf({ id, windowId: 0, active: true, url: 'https://videos.test/', title: 'Cats' }),
    );
    await bg.flush();
    expect(bg.shell.state.drift.current?.app).toBe('Code');
  });
});

describe('privacy before any prompt is built', () => {
  const SECRET_URL = 'https://news.test/private/path-secret/?token=qsecret123&user=urlsecret#fragsecret';
  const SECRETS = ['hunter2', 'tok_abc123', 'qsecret123', 'urlsecret', 'fragsecret', 'incognito-secret'];

  async function sessionWith(neverSendUrls: boolean): Promise<Running> {
    let now = Date.now();
    const host = new FakeHost();
    host.reply = (prompt) => ({
      text: prompt.includes('recent_titles') ? '{"on_track": true, "message": ""}' : '{"drifting": true, "reason": "news"}',
    });
    const running = await boot(host, () => (now += 1_000));
    const settings = ((await running.send({ type: 'getSettings' })) as { value: object }).value;
    await running.send({
      type: 'saveSettings',
      settings: { ...settings, judgeDebounceSeconds: 0, neverSendUrls, redactPatterns: ['hunter2', 'tok_[a-z0-9]+'] },
    });
    await running.send(START);
    // Nudge: two allowed pages whose titles carry secrets; judge: an unmatched site with secrets in title and URL.
    await activate(await openTab('https://docs.test/a?token=qsecret123', 'Parser docs — password hunter2'));
    await activate(await openTab('https://docs.test/b#fragsecret', 'Lexer notes tok_abc123'));
    await activate(await openTab(SECRET_URL, 'Headlines for tok_abc123'));
    // A page without a <title>: the browser shows its URL as the title.
    await activate(
      await openTab(SECRET_URL.replace('news.test', 'blog.test'), SECRET_URL.replace('https://', '').replace('news.test', 'blog.test')),
    );
    // An incognito tab is never observed (includeIncognito is off).
    await fakeBrowser.tabs.onUpdated.trigger(
      77,
      { title: 'incognito-secret' },
      tabOf({ id: 77, windowId: 0, active: true, incognito: true, url: 'https://videos.test/', title: 'incognito-secret' }),
    );
    await running.flush();
    return running;
  }

  it('with the defaults: redaction marker present, no secret, no URL path or query in any prompt', async () => {
    bg = await sessionWith(true);
    const prompts = bg.host.runs.map((r) => r.prompt);
    const judges = prompts.filter((p) => p.includes('"window"'));
    const nudges = prompts.filter((p) => p.includes('recent_titles'));
    expect(judges.length).toBeGreaterThanOrEqual(2);
    expect(nudges.length).toBeGreaterThanOrEqual(1);
    const all = prompts.join('\n');
    expect(all).toContain('[redacted]');
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    for (const urlPart of ['/private', 'path-secret', 'token=', '?token', '#frag', 'https://']) expect(all, urlPart).not.toContain(urlPart);
    expect(all).toContain('news.test');
    expect(all).toContain('blog.test');
    console.log(
      `privacy: ${prompts.length} prompts checked (${judges.length} judges, ${nudges.length} nudges) against ${SECRETS.length} secrets`,
    );
  });

  it('with neverSendUrls off: the path may appear, never the query, the fragment or a redacted secret', async () => {
    bg = await sessionWith(false);
    const all = bg.host.runs.map((r) => r.prompt).join('\n');
    expect(all).toContain('news.test/private/path-secret/');
    for (const secret of SECRETS) expect(all, secret).not.toContain(secret);
    for (const urlPart of ['token=', '#frag', 'https://']) expect(all, urlPart).not.toContain(urlPart);
  });
});

describe('the active tab asked for at wake', () => {
  it('answers the switch that woke the worker without a second lookup, once; any other tab is looked up', async () => {
    const docs = await openTab('https://docs.test/', 'Parser guide');
    // The fake browser keeps no active tab: the query answers as the browser would after the switch.
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([await fakeBrowser.tabs.get(docs)]);
    const get = vi.spyOn(fakeBrowser.tabs, 'get');
    lookAtActiveTabEarly();
    expect(query).toHaveBeenCalledWith({ active: true });
    expect((await tabById(docs)).title).toBe('Parser guide');
    expect(get).not.toHaveBeenCalled();
    expect((await tabById(docs)).title).toBe('Parser guide');
    expect(get).toHaveBeenCalledTimes(1);
    const videos = await openTab('https://videos.test/', 'Cats');
    lookAtActiveTabEarly();
    expect((await tabById(videos)).title).toBe('Cats');
    expect(get).toHaveBeenCalledTimes(2);
  });
});
