// Builds the two in-page tiers as plain DOM, the hard drift banner and the soft heads-up, answering trusted input only.
import { pageNow } from '../../test-hooks/clock';
import { onTaskOffer } from '../on-task-offer';
import type { ToastBanner, ToastNudge } from './banner-tier';

/** The machine's clock, as the background's; the end-to-end build's moves as its worker's does (compiled out elsewhere). */
const now = pageNow();

export type ToastAction = 'back' | 'save' | 'ontask' | 'end' | 'escape' | 'dismiss';

/** What the tiers do: the person's answers, and the events no person made (counted, never acted on). */
export interface BannerHandlers {
  act(action: ToastAction): void;
  /** A click, key or focus a script made (`isTrusted` false): the page is not the person. */
  untrusted(kind: string): void;
}

/**
 * Runs `handler` for an event the person made (the browser's own input: `isTrusted`), and only then. A script's
 * `click()`, a dispatched key or a synthetic event reaches `untrusted` instead.
 */
export function personOnly<E extends Event>(handler: (event: E) => void, untrusted: (kind: string) => void): (event: E) => void {
  return (event) => {
    if (!event.isTrusted) return untrusted(event.type);
    handler(event);
  };
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(doc: Document, testId: string, label: string, onClick: (event: MouseEvent) => void, primary = false): HTMLButtonElement {
  const b = el(doc, 'button', { type: 'button', 'data-testid': testId, ...(primary ? { class: 'p' } : {}) }, label);
  b.addEventListener('click', onClick);
  return b;
}

/**
 * "This is on task" from `from` on: none when null; until then disabled, the seconds left in its label,
 * re-read each second (the background's clock is this machine's) until it is ready or gone.
 */
function onTaskButton(doc: Document, from: number | null, onClick: (event: MouseEvent) => void): HTMLButtonElement | null {
  if (!onTaskOffer(from, now()).shown) return null;
  const b = button(doc, 'drift-ontask', '', onClick);
  const update = (): boolean => {
    const offer = onTaskOffer(from, now());
    const waiting = offer.shown && offer.secondsLeft > 0;
    b.textContent = offer.shown ? offer.label : '';
    b.disabled = waiting;
    return waiting;
  };
  if (update()) {
    const timer = setInterval(() => {
      if (!update() || !b.isConnected) clearInterval(timer);
    }, 1000);
  }
  return b;
}

/** The interruptive banner: role alertdialog, labelled by its heading, described by the reason. */
export function buildDriftBanner(doc: Document, banner: ToastBanner, handlers: BannerHandlers, canSave = true): HTMLElement {
  const answer = (action: ToastAction) => personOnly(() => handlers.act(action), handlers.untrusted);
  const root = el(doc, 'div', {
    class: 't',
    'data-testid': 'antidrift-toast',
    'data-tier': 'drift',
    role: 'alertdialog',
    'aria-labelledby': 'antidrift-title',
    'aria-describedby': 'antidrift-reason',
  });
  root.append(
    el(doc, 'span', { class: 'h', id: 'antidrift-title' }, 'You drifted from your task'),
    el(doc, 'span', { class: 'm', id: 'antidrift-reason', 'data-testid': 'drift-reason' }, banner.reason),
  );
  if (banner.task) root.append(el(doc, 'span', { class: 'k' }, `Your task: ${banner.task}`));
  const actions = el(doc, 'div', { class: 'a' });
  actions.append(button(doc, 'drift-back', 'Back to task', answer('back'), true));
  // The page goes to the Later list and this tab closes: the interruption written down, not fought (never from a private window).
  if (canSave) actions.append(button(doc, 'drift-save', 'Save for later', answer('save')));
  const onTask = onTaskButton(doc, banner.onTaskFrom, answer('ontask'));
  if (onTask) actions.append(onTask);
  // A strict session's ending early waits in the popup (the background would refuse it from here).
  if (!banner.strict) actions.append(button(doc, 'drift-end', 'End session', answer('end')));
  root.append(actions);
  // On a page of a mixed-use site the answer allows its part, and the person reads which before choosing it.
  if (onTask && banner.onTaskAllows)
    root.append(
      el(
        doc,
        'span',
        { class: 'k', 'data-testid': 'drift-ontask-allows' },
        `“This is on task” allows ${banner.onTaskAllows}, not the whole site.`,
      ),
    );
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (!event.isTrusted) return handlers.untrusted('keydown');
    handlers.act('escape');
  });
  return root;
}

/** The soft tier: announced politely, dismiss only. */
export function buildHeadsUp(doc: Document, nudge: ToastNudge, handlers: BannerHandlers): HTMLElement {
  const root = el(doc, 'div', {
    class: 't',
    'data-testid': 'antidrift-toast',
    'data-tier': 'nudge',
    role: 'status',
    'aria-live': 'polite',
  });
  const actions = el(doc, 'div', { class: 'a' });
  actions.append(
    button(
      doc,
      'nudge-dismiss',
      'Dismiss',
      personOnly(() => handlers.act('dismiss'), handlers.untrusted),
    ),
  );
  root.append(
    el(doc, 'span', { class: 'h' }, 'Heads up'),
    el(doc, 'span', { class: 'm', 'data-testid': 'nudge-message' }, nudge.message),
    actions,
  );
  return root;
}
