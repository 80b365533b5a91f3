// Zod-free checks of what the background sends the surfaces, derived from the zod schemas at build time.
// The trust boundary is the background (it validates every incoming message with zod); these pushes
// and replies come from this extension's own code, so a shape check is enough to keep a bug from
// breaking a page, and keeping zod out of the popup and the toast is what keeps them small and fast.
import { statePush, toastPush } from 'virtual:antidrift/message-shapes';
import type { Reply, RequestType } from './requests';
import type { StatePush, ToastPush } from './pushes';
import { conforms, type Shape } from './shape';

const STATE_PUSH = statePush as Shape;
const TOAST_PUSH = toastPush as Shape;

export function isStatePush(raw: unknown): raw is StatePush {
  return conforms(STATE_PUSH, raw);
}

export function isToastPush(raw: unknown): raw is ToastPush {
  return conforms(TOAST_PUSH, raw);
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether `raw` is a reply: `{ok: true, value}` or `{ok: false, error: {kind, message}}`. A
 * getState reply's value must be a state push; other values are our own typed records.
 */
export function isReply<T extends RequestType>(raw: unknown, type: T): raw is Reply<T> {
  if (!isObject(raw) || typeof raw.ok !== 'boolean') return false;
  if (!raw.ok) return isObject(raw.error) && typeof raw.error.kind === 'string' && typeof raw.error.message === 'string';
  if (!('value' in raw)) return false;
  return type !== 'getState' || isStatePush(raw.value);
}
