// Tab and OS-window facts → observations: host only, privacy settings first, internal pages ignored.
import { describe, expect, it } from 'vitest';
import { observeOsWindow, observeTab } from '../../../shared/core/observe';
import { defaultSettings, type Settings } from '../../../shared/settings/stored-settings';

const ORIGIN = 'chrome-extension://pebbmdeoehmckofpooiemkbkhdlekpgj/';
const settings = (patch: Partial<Settings> = {}): Settings => ({ ...defaultSettings(), ...patch });

describe('observeTab', () => {
  it('keeps the host, drops the address, and carries a ref to come back to', () => {
    expect(
      observeTab({ id: 3, windowId: 1, url: 'https://www.GitHub.com/org/repo/pull/7?token=x#y', title: 'PR #7' }, settings(), ORIGIN, 5),
    ).toEqual({
      observe: {
        source: 'tab',
        app: 'github.com',
        title: 'PR #7',
        // Worked out here, never sent: where on the site, and (GitHub is a mixed-use site) the page and its owner.
        path: '/org/repo/pull/7',
        page: 'github.com/org/repo',
        part: 'github.com/org',
        at: 5,
        ref: { tabId: 3, windowId: 1 },
      },
    });
  });

  it('with "never send URLs" off adds the path, never the query or fragment', () => {
    const d = observeTab(
      { url: 'https://docs.test/guide/parsers?session=secret#frag', title: 'Guide' },
      settings({ neverSendUrls: false }),
      ORIGIN,
      0,
    );
    expect(d).toMatchObject({ observe: { title: 'Guide · docs.test/guide/parsers' } });
    expect(JSON.stringify(d)).not.toMatch(/secret|frag/);
  });

  it('applies redaction to titles (and to the path when it is sent)', () => {
    const d = observeTab(
      { url: 'https://mail.test/u/alice@example.com', title: 'Inbox — alice@example.com' },
      settings({ neverSendUrls: false, redactPatterns: ['[\\w.]+@[\\w.]+'] }),
      ORIGIN,
      0,
    );
    expect(JSON.stringify(d)).not.toContain('alice@example.com');
    expect(d).toMatchObject({ observe: { title: 'Inbox — [redacted] · mail.test/u/[redacted]' } });
  });

  it('an untitled page with "never send URLs" off names its path once', () => {
    const d = observeTab(
      { url: 'https://docs.test/guide?q=1', title: 'https://docs.test/guide?q=1' },
      settings({ neverSendUrls: false }),
      ORIGIN,
      0,
    );
    expect(d).toMatchObject({ observe: { title: 'docs.test/guide' } });
  });

  it('redaction never pushes a title past what state may hold, for tabs and OS windows', () => {
    const long = 'a1 '.repeat(1_000);
    const redact = settings({ redactPatterns: ['\\d'] });
    const tab = observeTab({ url: 'https://docs.test/', title: long }, redact, ORIGIN, 0);
    const os = observeOsWindow({ title: long, app: 'Editor', at: 0 }, redact, 0);
    expect('observe' in tab && tab.observe.title.length).toBe(2_000);
    expect(os?.title.length).toBe(2_000);
    expect(os?.title.startsWith('a[redacted] a[redacted]')).toBe(true);
  });

  it.each([
    [{ url: 'https://x.test/', incognito: true }, 'incognito'],
    [{ url: `${ORIGIN}options.html` }, 'antidrift page'],
    [{ url: 'chrome://newtab/' }, 'new tab'],
    [{ url: 'about:blank' }, 'new tab'],
    [{ url: 'chrome://settings/' }, 'internal browser page'],
    [{ url: '' }, 'no url yet'],
    [{ url: 'not a url' }, 'unparsable url'],
  ])('ignores %j (%s)', (tab, why) => {
    expect(observeTab({ title: 't', ...tab }, settings(), ORIGIN, 0)).toEqual({ ignore: why });
  });

  it('observes incognito tabs only when opted in; file: pages are the app "file"', () => {
    expect(
      observeTab({ url: 'https://x.test/', incognito: true, title: 't' }, settings({ includeIncognito: true }), ORIGIN, 0),
    ).toMatchObject({ observe: { app: 'x.test' } });
    expect(observeTab({ url: 'file:///home/me/notes.txt', title: 'notes' }, settings(), ORIGIN, 0)).toMatchObject({
      observe: { app: 'file' },
    });
  });

  it('caps hostile title lengths', () => {
    const d = observeTab({ url: 'https://x.test/', title: 'x'.repeat(100_000) }, settings(), ORIGIN, 0);
    expect('observe' in d && d.observe.title.length).toBe(2000);
  });
});

describe('observeOsWindow', () => {
  it('observes other apps with redaction, ignores the browser and empty windows', () => {
    expect(observeOsWindow({ title: 'secret.txt — vim', app: 'XTerm', at: 1 }, settings({ redactPatterns: ['secret'] }), 2)).toEqual({
      source: 'os',
      title: '[redacted].txt — vim',
      app: 'XTerm',
      at: 2,
    });
    expect(observeOsWindow({ title: 'Docs — Chromium', app: 'Chromium', at: 1 }, settings(), 2)).toBeNull();
    expect(observeOsWindow({ title: ' ', app: ' ', at: 1 }, settings(), 2)).toBeNull();
    expect(observeOsWindow({ title: 'x', app: '', at: 1 }, settings(), 2)).toMatchObject({ app: 'unknown app' });
  });
});
