// The in-page host the content script puts in pages: a closed shadow root and the extension's frame, shown while a tier
// stands, brought back (within bounds) when the page removes it, and what the page fakes at it counted; visibility, dead context.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RETURNS_PER_MINUTE, startToast, type ToastHandle } from '../../../entrypoints/content/toast';
import { isToastPush } from '../../../shared/messages/guards';
import { ToastPush } from '../../../shared/messages/pushes';
import { toastDrifting as drifting, toastNudging as nudging, toastPush as push } from '../fixtures';
import { FakeRuntime } from './fake-runtime';

/** happy-dom loads no frame (it says so on its console): what the frame draws is banner-frame.test.tsx's and the e2e's. */
const FRAME_URL = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/in-page.html';
let runtime: FakeRuntime;
let toast: ToastHandle;
let visibility: DocumentVisibilityState;
/** The closed roots the host made: the page gets none of them (host.shadowRoot is null), the test keeps them. */
let roots: ShadowRoot[];

const host = () => document.querySelector<HTMLElement>('antidrift-toast');
const frame = () => roots.at(-1)?.querySelector('iframe') ?? null;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<input id="page-input" />';
  visibility = 'visible';
  roots = [];
  const attach = Element.prototype.attachShadow;
  vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (this: Element, init: ShadowRootInit) {
    const root = attach.call(this, init);
    roots.push(root);
    return root;
  });
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  runtime = new FakeRuntime();
  toast = startToast({ getRuntime: () => runtime, frameUrl: FRAME_URL, retry: { firstMs: 5, maxMs: 40 } });
});

afterEach(() => {
  toast.stop();
  document.querySelectorAll('antidrift-toast').forEach((e) => e.remove());
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the in-page host', () => {
  it('connects on the state port and adds nothing to the page while on task', () => {
    expect(runtime.port.name).toBe('antidrift-state');
    runtime.port.emit(push());
    expect(host()).toBeNull();
  });

  it('shows a drift as the extension’s frame inside a closed shadow root: the page gets no way in, not even the frame', () => {
    runtime.port.emit(drifting(1, 'YouTube is blocked'));
    expect(host()).not.toBeNull();
    expect(host()!.shadowRoot).toBeNull();
    expect(roots).toHaveLength(1);
    expect(roots[0]!.mode).toBe('closed');
    // The frame's address carries a secret of this page view: the frame takes its size channel only with it.
    expect(frame()?.getAttribute('src')).toMatch(new RegExp(`^${FRAME_URL}#[0-9a-f]{32}$`));
    // Nothing the person reads is in the page's document: the banner's words live in the frame.
    expect(document.documentElement.outerHTML).not.toContain('YouTube is blocked');
    expect(roots[0]!.innerHTML).not.toContain('YouTube is blocked');
  });

  it('moves focus to the banner for a drift, and back to the page when it goes; a heads-up leaves focus alone', () => {
    const input = document.getElementById('page-input') as HTMLInputElement;
    input.focus();
    runtime.port.emit(nudging('Heads up'));
    expect(document.activeElement).toBe(input);
    runtime.port.emit(drifting(2));
    expect(document.activeElement).toBe(host());
    runtime.port.emit(push());
    expect(host()).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it("keeps its rules to itself (a hostile page's CSS is the end-to-end tiers': happy-dom reads no closed root's :host)", () => {
    const style = document.createElement('style');
    style.textContent = '* { display:none !important }';
    document.head.append(style);
    runtime.port.emit(drifting());
    expect(host()).not.toBeNull();
    expect(getComputedStyle(document.getElementById('page-input')!).display).toBe('none');
  });

  it('comes back when the page removes it while the drift stands, at most MAX_RETURNS_PER_MINUTE times a minute, then says so', async () => {
    runtime.port.emit(drifting(3));
    for (let i = 0; i < MAX_RETURNS_PER_MINUTE; i++) {
      host()!.remove();
      await vi.waitFor(() => expect(host()).not.toBeNull());
    }
    host()!.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host()).toBeNull();
    expect(runtime.sent).toEqual([{ type: 'surfaceEventsIgnored', count: 1, surface: 'removed' }]);
    // No loop: the same drift stays away, pushed again or the tab shown again; the next drift shows the banner anew.
    runtime.port.emit(drifting(3));
    setVisibility('hidden');
    setVisibility('visible');
    expect(host()).toBeNull();
    runtime.port.emit(drifting(4));
    expect(host()).not.toBeNull();
  });

  it('a page removing it once the drift is over is left alone', async () => {
    runtime.port.emit(drifting(3));
    const element = host()!;
    runtime.port.emit(push());
    expect(host()).toBeNull();
    document.documentElement.append(element);
    element.remove();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(host()).toBeNull();
  });

  it('counts the clicks, keys and focus a page fakes at it, and tells the background once a second', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A heads-up: no focus of ours moves (happy-dom, unlike a browser, marks the focus() of our own code untrusted).
    runtime.port.emit(nudging('Heads up'));
    const element = host()!;
    element.click();
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    element.dispatchEvent(new FocusEvent('focus'));
    expect(runtime.sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(runtime.sent).toEqual([{ type: 'surfaceEventsIgnored', count: 4, surface: 'page' }]);
  });

  it('sizes the frame from the frame’s own channel only: a height the page posts does nothing', () => {
    runtime.port.emit(drifting(6));
    window.dispatchEvent(new MessageEvent('message', { data: { antidriftFrameHeight: 900, height: 900 }, source: window }));
    expect(frame()!.style.height).toBe('');
  });

  it('shows nothing in a hidden tab, and shows once the tab is visible again', () => {
    setVisibility('hidden');
    runtime.port.emit(drifting(4));
    expect(host()).toBeNull();
    setVisibility('visible');
    expect(host()).not.toBeNull();
    setVisibility('hidden');
    expect(host()).toBeNull();
  });

  it('ignores malformed pushes', () => {
    runtime.port.emit({ type: 'state', view: { runtime: 'active', drift: { status: 'drifting' } } });
    runtime.port.emit({ type: 'toast', view: { banner: { episode: '1', reason: 'x', task: 'y' }, nudge: null } });
    runtime.port.emit({ type: 'toast', view: { banner: null, nudge: { message: 5 } } });
    runtime.port.emit('<img src=x onerror=alert(1)>');
    expect(host()).toBeNull();
  });

  it('removes itself without throwing when the extension context is invalidated', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    runtime.port.emit(drifting(1));
    runtime.throwOnSend = new Error('Extension context invalidated.');
    runtime.alive = false;
    host()!.click();
    expect(() => vi.advanceTimersByTime(1_000)).not.toThrow();
    expect(toast.stopped).toBe(true);
    expect(host()).toBeNull();
  });

  it('reconnects with backoff after the service worker restarts, and stops when the context is gone', async () => {
    runtime.port.drop();
    await vi.waitFor(() => expect(runtime.ports.length).toBe(2));
    runtime.port.emit(drifting(5));
    expect(host()).not.toBeNull();
    runtime.alive = false;
    runtime.port.drop();
    expect(toast.stopped).toBe(true);
    expect(host()).toBeNull();
  });

  it('reads exactly the pushes the background schema accepts (fixtures are real pushes)', () => {
    for (const p of [push(), drifting(), nudging('m'), drifting(1, 'r', 't', { onTaskFrom: null })]) {
      expect(ToastPush.safeParse(p).success).toBe(true);
      expect(isToastPush(p)).toBe(true);
    }
  });
});
