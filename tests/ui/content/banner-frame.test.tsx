// The in-page frame: the banner and the heads-up as the background says, answered by the person only (never by a script).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBannerFrame } from '../../../ui/in-page/banner-frame';
import type { StatePush } from '../../../shared/messages/pushes';
import { drifting, nudging, push, strictSession } from '../fixtures';

let sent: Record<string, unknown>[];
let heights: number[];
let emit: (push: StatePush) => void;
let stop: () => void;

function start(privateWindow = false): void {
  stop?.();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  stop = startBannerFrame({
    doc: document,
    subscribe: (onState) => {
      emit = onState;
      return () => undefined;
    },
    send: (message) => void sent.push(message),
    resize: (height) => void heights.push(height),
    privateWindow,
  });
}

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const banner = () => byTestId('antidrift-toast');

/** An event as the browser's own input makes it: the only kind the surfaces act on. */
function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}
const personClicks = (el: HTMLElement) => el.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true })));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  sent = [];
  heights = [];
  start();
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('the frame', () => {
  it('shows the drift banner as an alertdialog labelled and described, its first button focused', () => {
    emit(drifting(1, 'YouTube is blocked'));
    const el = banner()!;
    expect(el.dataset.tier).toBe('drift');
    expect(el.getAttribute('role')).toBe('alertdialog');
    expect(document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent).toMatch(/drifted/);
    expect(document.getElementById(el.getAttribute('aria-describedby')!)?.textContent).toBe('YouTube is blocked');
    expect(document.activeElement).toBe(byTestId('drift-back'));
    expect(heights.at(-1)).toBeGreaterThanOrEqual(0);
  });

  it("answers only the person: a script's click, key or Enter does nothing; the person's click sends the answer", () => {
    for (const [id, type] of [
      ['drift-back', 'driftBackToTask'],
      ['drift-save', 'driftSaveForLater'],
      ['drift-ontask', 'driftOnTask'],
      ['drift-end', 'endSession'],
    ] as const) {
      sent = [];
      emit(drifting(sent.length + type.length * 7));
      const button = byTestId(id)!;
      button.click();
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      expect(sent).toEqual([]);
      expect(banner()).not.toBeNull();
      personClicks(button);
      expect(sent).toEqual([{ type }]);
      expect(banner()).toBeNull();
    }
  });

  it("Escape from the person dismisses this episode; a script's Escape does nothing", () => {
    emit(drifting(7));
    byTestId('drift-back')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(sent).toEqual([]);
    byTestId('drift-back')!.dispatchEvent(trusted(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(sent).toEqual([{ type: 'driftDismiss', episode: 7 }]);
    expect(banner()).toBeNull();
    expect(heights.at(-1)).toBe(0);
    // The same episode pushed again (before the background marks it) stays hidden; the next one shows.
    emit(drifting(7));
    expect(banner()).toBeNull();
    emit(drifting(8));
    expect(banner()?.dataset.tier).toBe('drift');
  });

  it('counts what no person did, and tells the background once a second, not once an event', () => {
    emit(drifting(2));
    for (let i = 0; i < 500; i++) byTestId('drift-end')!.click();
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([{ type: 'surfaceEventsIgnored', count: 500, surface: 'frame' }]);
  });

  it('in a private window offers no Save for later (its pages are never kept); the other answers stay', () => {
    start(true);
    emit(drifting(4));
    expect([...document.querySelectorAll('button')].map((b) => b.dataset.testid)).toEqual(['drift-back', 'drift-ontask', 'drift-end']);
  });

  it('on a page of a mixed-use site says which part "This is on task" allows; elsewhere says nothing of it', () => {
    const view = drifting(3, 'Cat videos.');
    emit({ ...view, view: { ...view.view, banner: { ...view.view.banner!, onTaskAllows: 'youtube.com/@cats' } } });
    expect(byTestId('drift-ontask-allows')?.textContent).toBe('“This is on task” allows youtube.com/@cats, not the whole site.');
    emit(drifting(4, 'Blocked'));
    expect(byTestId('drift-ontask-allows')).toBeNull();
  });

  it("shows the heads-up politely, focus left alone; the person's Dismiss sends it, a script's does not", () => {
    emit(nudging('You are reading docs for a different library'));
    expect(banner()?.getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).not.toBe(byTestId('nudge-dismiss'));
    byTestId('nudge-dismiss')!.click();
    expect(sent).toEqual([]);
    personClicks(byTestId('nudge-dismiss')!);
    expect(sent).toEqual([{ type: 'nudgeDismiss', message: 'You are reading docs for a different library' }]);
    expect(banner()).toBeNull();
    emit(nudging('You are reading docs for a different library'));
    expect(banner()).toBeNull();
    emit(nudging('Now on Hacker News comments'));
    expect(byTestId('nudge-message')?.textContent).toBe('Now on Hacker News comments');
  });

  it('shows nothing, at height 0, when the background says nothing stands', () => {
    emit(drifting(1));
    emit(push());
    expect(banner()).toBeNull();
    expect(heights.at(-1)).toBe(0);
  });
});

describe('the frame in a strict session', () => {
  const AT = 1_700_000_000_000;
  const strict = (onTaskFrom: number | null) => drifting(1, 'the AI judged it off task', false, onTaskFrom, { session: strictSession() });

  it('offers "This is on task" only after its wait, counting it down, with Back to task focused', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'], now: AT });
    start();
    emit(strict(AT + 8_000));
    const onTask = byTestId('drift-ontask') as HTMLButtonElement;
    expect(onTask.textContent).toBe('This is on task (8 s)');
    expect(onTask.disabled).toBe(true);
    expect(document.activeElement).toBe(byTestId('drift-back'));
    vi.advanceTimersByTime(8_000);
    expect(onTask.textContent).toBe('This is on task');
    expect(onTask.disabled).toBe(false);
    personClicks(onTask);
    expect(sent).toEqual([{ type: 'driftOnTask' }]);
  });

  it('offers no "This is on task" for a site on the blocked list, and no End', () => {
    emit(strict(null));
    expect(byTestId('drift-ontask')).toBeNull();
    expect(byTestId('drift-end')).toBeNull();
    personClicks(byTestId('drift-back')!);
    expect(sent).toEqual([{ type: 'driftBackToTask' }]);
  });
});
