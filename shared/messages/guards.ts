// Zod-free checks of what the background sends our pages and the toast: the message's type and the parts a surface reads.
// Every push and reply comes from this extension's own background, in the same build (an update reloads every
// page and cuts off every content script), and was typed by the zod schemas it was made from. The check only
// keeps a stray or broken message from reaching the render code; a deep shape check derived at build time was
// measured and removed (see docs/ARCHITECTURE.md, "Messages").
import type { Reply, RequestType } from './requests';
import type { StatePush, ToastPush } from './pushes';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

export function isStatePush(raw: unknown): raw is StatePush {
  return isObject(raw) && raw.type === 'state' && isObject(raw.view) && typeof raw.view.phase === 'string' && typeof raw.now === 'number';
}

/** Every field of the toast's small slice: the toast runs in every web page, so it reads nothing unchecked. */
export function isToastPush(raw: unknown): raw is ToastPush {
  if (!isObject(raw) || raw.type !== 'toast' || !isObject(raw.view)) return false;
  const { banner, nudge } = raw.view;
  const bannerOk =
    banner === null ||
    (isObject(banner) &&
      typeof banner.episode === 'number' &&
      typeof banner.reason === 'string' &&
      typeof banner.task === 'string' &&
      (banner.onTaskAllows === undefined || banner.onTaskAllows === null || typeof banner.onTaskAllows === 'string'));
  return bannerOk && (nudge === null || (isObject(nudge) && typeof nudge.message === 'string'));
}

/**
 * Whether `raw` is a reply: `{ok: true, value}` or `{ok: false, error: {kind, message}}`. A
 * getState reply's value must be a state push.
 */
export function isReply<T extends RequestType>(raw: unknown, type: T): raw is Reply<T> {
  if (!isObject(raw) || typeof raw.ok !== 'boolean') return false;
  if (!raw.ok) return isObject(raw.error) && typeof raw.error.kind === 'string' && typeof raw.error.message === 'string';
  if (!('value' in raw)) return false;
  return type !== 'getState' || isStatePush(raw.value);
}
