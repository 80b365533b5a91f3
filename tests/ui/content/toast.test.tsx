// The in-page toast: shadow isolation, roles, keyboard and focus, dismissal, visibility, dead context.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startToast, type ToastHandle } from '../../../entrypoints/content/toast';
import { isToastPush } from '../../../shared/messages/guards';
import { ToastPush } from '../../../shared/messages/pushes';
import { toastDrifting as drifting, toastNudging as nudging, toastPush as push } from '../fixtures';
import { FakeRuntime } from './fake-runtime';

let runtime: FakeRuntime;
let toast: ToastHandle;
let visibility: DocumentVisibilityState;

function shadow(): ShadowRoot | null {
  return document.querySelector('antidrift-toast')?.shadowRoot ?? null;
}

function toastEl(): HTMLElement | null {
  return shadow()?.querySelector<HTMLElement>('[data-testid="antidrift-toast"]') ?? null;
}

function byTestId(id: string): HTMLElement {
  const found = shadow()?.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!found) throw new Error(`no ${id} in the toast`);
  return found;
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '<input id="page-input" />';
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  runtime = new FakeRuntime();
  toast = startToast({ getRuntime: () => runtime, retry: { firstMs: 5, maxMs: 40 } });
});

afterEach(() => {
  toast.stop();
  document.querySelectorAll('antidrift-toast').forEach((e) => e.remove());
  vi.restoreAllMocks();
});

describe('toast', () => {
  it('connects on the state port and adds nothing to the page while on task', () => {
    expect(runtime.port.name).toBe('antidrift-state');
    runtime.port.emit(push());
    expect(document.querySelector('antidrift-toast')).toBeNull();
  });

  it('shows the drift banner as an alertdialog labelled and described, in an open shadow root', () => {
    runtime.port.emit(drifting(1, 'YouTube is blocked'));
    const el = toastEl()!;
    expect(el.dataset.tier).toBe('drift');
    expect(el.getAttribute('role')).toBe('alertdialog');
    const labelled = shadow()!.getElementById(el.getAttribute('aria-labelledby')!);
    const described = shadow()!.getElementById(el.getAttribute('aria-describedby')!);
    expect(labelled?.textContent).toMatch(/drifted/);
    expect(described?.textContent).toBe('YouTube is blocked');
    expect(byTestId('drift-reason').textContent).toBe('YouTube is blocked');
  });

  it('on a page of a mixed-use site says which part "This is on task" allows; elsewhere says nothing of it', () => {
    const banner = drifting(3, 'Cat videos are not the parser tests.').view.banner!;
    runtime.port.emit(push({ banner: { ...banner, onTaskAllows: 'youtube.com/@cats' } }));
    expect(byTestId('drift-ontask-allows').textContent).toBe('“This is on task” allows youtube.com/@cats, not the whole site.');
    runtime.port.emit(drifting(4, 'Blocked'));
    expect(shadow()?.querySelector('[data-testid="drift-ontask-allows"]')).toBeNull();
  });

  it('shows neither tier while the session is paused, and the banner again on resume', () => {
    // While paused the background sends the toast neither tier (tests/unit/core/controller/surface-view.test.ts).
    runtime.port.emit(push());
    expect(document.querySelector('antidrift-toast')).toBeNull();
    runtime.port.emit(drifting(1, 'YouTube is blocked'));
    expect(toastEl()?.dataset.tier).toBe('drift');
  });

  it('is not restyled by hostile page CSS', () => {
    const style = document.createElement('style');
    style.textContent = '* { display:none !important; color: red } button { background: red }';
    document.head.append(style);
    runtime.port.emit(drifting());
    const host = document.querySelector('antidrift-toast')!;
    const button = byTestId('drift-back');
    expect(getComputedStyle(host).display).not.toBe('none');
    expect(getComputedStyle(host).position).toBe('fixed');
    expect(getComputedStyle(host).zIndex).toBe('2147483647');
    expect(getComputedStyle(toastEl()!).display).not.toBe('none');
    expect(getComputedStyle(button).display).not.toBe('none');
    expect(getComputedStyle(byTestId('drift-reason')).color).not.toMatch(/red|255, 0, 0/);
    // And the toast's own rules do not leak out onto the page.
    expect(getComputedStyle(document.getElementById('page-input')!).display).toBe('none');
  });

  it('moves focus to the first button and back to the page when the banner goes', () => {
    const input = document.getElementById('page-input') as HTMLInputElement;
    input.focus();
    runtime.port.emit(drifting(2));
    expect(shadow()!.activeElement).toBe(byTestId('drift-back'));
    runtime.port.emit(push());
    expect(document.querySelector('antidrift-toast')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('Escape sends driftDismiss for this episode and hides at once', () => {
    runtime.port.emit(drifting(7));
    byTestId('drift-back').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(runtime.sent).toEqual([{ type: 'driftDismiss', episode: 7 }]);
    expect(document.querySelector('antidrift-toast')).toBeNull();
    // The same episode pushed again (before the background marks it) stays hidden.
    runtime.port.emit(drifting(7));
    expect(document.querySelector('antidrift-toast')).toBeNull();
    runtime.port.emit(drifting(8));
    expect(toastEl()?.dataset.tier).toBe('drift');
  });

  it('sends the four banner actions', () => {
    for (const [id, type] of [
      ['drift-back', 'driftBackToTask'],
      ['drift-save', 'driftSaveForLater'],
      ['drift-ontask', 'driftOnTask'],
      ['drift-end', 'endSession'],
    ] as const) {
      runtime.sent = [];
      runtime.port.emit(drifting(runtime.ports.length * 10 + type.length));
      byTestId(id).click();
      expect(runtime.sent).toEqual([{ type }]);
      expect(document.querySelector('antidrift-toast')).toBeNull();
    }
  });

  it('in a private window the banner offers no Save for later (its pages are never kept); the other answers stay', () => {
    toast.stop();
    toast = startToast({ getRuntime: () => runtime, retry: { firstMs: 5, maxMs: 40 }, privateWindow: true });
    runtime.port.emit(drifting(4));
    const ids = [...shadow()!.querySelectorAll('button')].map((b) => b.dataset.testid);
    expect(ids).toEqual(['drift-back', 'drift-ontask', 'drift-end']);
  });

  it('hides the banner once the background marks the episode dismissed', () => {
    runtime.port.emit(drifting(3));
    expect(toastEl()).not.toBeNull();
    // An answered banner is no longer in the toast's push.
    runtime.port.emit(push());
    expect(document.querySelector('antidrift-toast')).toBeNull();
  });

  it('shows the heads-up politely; Dismiss sends nudgeDismiss and hides; a new message shows again', () => {
    runtime.port.emit(nudging('You are reading docs for a different library'));
    const el = toastEl()!;
    expect(el.dataset.tier).toBe('nudge');
    expect(el.getAttribute('aria-live')).toBe('polite');
    expect(byTestId('nudge-message').textContent).toBe('You are reading docs for a different library');
    byTestId('nudge-dismiss').click();
    expect(runtime.sent).toEqual([{ type: 'nudgeDismiss', message: 'You are reading docs for a different library' }]);
    expect(document.querySelector('antidrift-toast')).toBeNull();
    // The same text pushed again before the background applied the dismissal stays hidden…
    runtime.port.emit(nudging('You are reading docs for a different library'));
    expect(document.querySelector('antidrift-toast')).toBeNull();
    // …and once it has, the push carries no heads-up at all.
    runtime.port.emit(push());
    expect(document.querySelector('antidrift-toast')).toBeNull();
    runtime.port.emit(nudging('Now on Hacker News comments'));
    expect(byTestId('nudge-message').textContent).toBe('Now on Hacker News comments');
  });

  it('does not steal focus for the heads-up', () => {
    const input = document.getElementById('page-input') as HTMLInputElement;
    input.focus();
    runtime.port.emit(nudging('Heads up'));
    expect(document.activeElement).toBe(input);
  });

  it('shows nothing in a hidden tab, and shows once the tab is visible again', () => {
    setVisibility('hidden');
    runtime.port.emit(drifting(4));
    expect(document.querySelector('antidrift-toast')).toBeNull();
    setVisibility('visible');
    expect(toastEl()?.dataset.tier).toBe('drift');
    setVisibility('hidden');
    expect(document.querySelector('antidrift-toast')).toBeNull();
  });

  it('ignores malformed pushes', () => {
    runtime.port.emit({ type: 'state', view: { runtime: 'active', drift: { status: 'drifting' } } });
    runtime.port.emit({ type: 'toast', view: { banner: { episode: '1', reason: 'x', task: 'y' }, nudge: null } });
    runtime.port.emit({ type: 'toast', view: { banner: null, nudge: { message: 5 } } });
    runtime.port.emit('<img src=x onerror=alert(1)>');
    expect(document.querySelector('antidrift-toast')).toBeNull();
  });

  it('removes the UI without throwing when the extension context is invalidated', () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent) => errors.push(e.error);
    window.addEventListener('error', onError);
    runtime.port.emit(nudging('Heads up'));
    runtime.throwOnSend = new Error('Extension context invalidated.');
    expect(() => byTestId('nudge-dismiss').click()).not.toThrow();
    expect(document.querySelector('antidrift-toast')).toBeNull();
    expect(toast.stopped).toBe(true);
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
  });

  it('reconnects with backoff after the service worker restarts, and stops when the context is gone', async () => {
    const first = runtime.port;
    first.drop();
    await vi.waitFor(() => expect(runtime.ports.length).toBe(2));
    runtime.port.emit(drifting(5));
    expect(toastEl()?.dataset.tier).toBe('drift');
    runtime.alive = false;
    runtime.port.drop();
    expect(toast.stopped).toBe(true);
    expect(document.querySelector('antidrift-toast')).toBeNull();
  });

  it('reads exactly the pushes the background schema accepts (fixtures are real pushes)', () => {
    for (const p of [push(), drifting(), nudging('m')]) {
      expect(ToastPush.safeParse(p).success).toBe(true);
      expect(isToastPush(p)).toBe(true);
    }
  });
});

describe('toast: a strict session', () => {
  const AT = 1_700_000_000_000;

  it('offers "This is on task" only after its wait, counting it down, with Back to task focused', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: AT });
    try {
      runtime.port.emit(drifting(1, 'the AI judged it off task', 'Write the parser tests', { onTaskFrom: AT + 8_000 }));
      const onTask = byTestId('drift-ontask') as HTMLButtonElement;
      expect(onTask.textContent).toBe('This is on task (8 s)');
      expect(onTask.disabled).toBe(true);
      expect(shadow()!.activeElement).toBe(byTestId('drift-back'));
      vi.advanceTimersByTime(7_000);
      expect(onTask.textContent).toBe('This is on task (1 s)');
      vi.advanceTimersByTime(1_000);
      expect(onTask.textContent).toBe('This is on task');
      expect(onTask.disabled).toBe(false);
      onTask.click();
      expect(runtime.sent).toEqual([{ type: 'driftOnTask' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers no "This is on task" for a site on the blocked list, and no End in a strict session', () => {
    runtime.port.emit(drifting(1, 'videos.test is on your blocked list', 'Write the parser tests', { onTaskFrom: null }));
    expect(shadow()!.querySelector('[data-testid="drift-ontask"]')).toBeNull();
    expect(shadow()!.querySelector('[data-testid="drift-end"]')).toBeNull();
    byTestId('drift-back').click();
    expect(runtime.sent).toEqual([{ type: 'driftBackToTask' }]);
  });

  it('offers it at once when the wait is over, still without End', () => {
    runtime.port.emit(drifting(1, 'the AI judged it off task', 'Write the parser tests', { onTaskFrom: 0 }));
    expect((byTestId('drift-ontask') as HTMLButtonElement).disabled).toBe(false);
    expect(shadow()!.querySelector('[data-testid="drift-end"]')).toBeNull();
  });

  it('its pushes are real pushes too', () => {
    const p = drifting(1, 'r', 't', { onTaskFrom: null });
    expect(ToastPush.safeParse(p).success).toBe(true);
  });
});
