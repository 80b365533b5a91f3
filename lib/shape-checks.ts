// Shape checks of what the background sends the surfaces, without zod.
// The trust boundary is the background (it validates every incoming message with zod); these
// replies and pushes come from this extension's own code, so a shape check is enough to keep a
// bug from breaking a page — and keeping zod out of the popup is what makes it open fast.
import type { Reply, StatePush } from '../shared/messages';

type Loose = Record<string, unknown>;

const RUNTIMES = new Set(['idle', 'active', 'paused']);
const STATUSES = new Set(['ontask', 'checking', 'drifting', 'unknown']);
const CONNECTIONS = new Set(['connecting', 'connected', 'disconnected', 'missing']);

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, type: 'string' | 'number' | 'boolean') => value === undefined || typeof value === type;

function isSession(value: unknown): boolean {
  if (value === null) return true;
  if (!isObject(value) || !isObject(value.commitment)) return false;
  const { commitment } = value;
  return (
    typeof commitment.nextAction === 'string' &&
    typeof commitment.successCondition === 'string' &&
    Array.isArray(value.allowed) &&
    Array.isArray(value.blocked) &&
    typeof value.startedAt === 'number' &&
    typeof value.pausedTotalMs === 'number' &&
    optional(value.endsAt, 'number') &&
    optional(value.pausedAt, 'number')
  );
}

export function isStatePush(raw: unknown): raw is StatePush {
  if (!isObject(raw) || raw.type !== 'state' || typeof raw.now !== 'number') return false;
  const { view, host } = raw;
  if (!isObject(view) || !RUNTIMES.has(view.runtime as string) || !isSession(view.session)) return false;
  const drift = view.drift;
  if (!isObject(drift) || !STATUSES.has(drift.status as string) || typeof drift.episode !== 'number') return false;
  if (typeof drift.bannerDismissed !== 'boolean' || !optional(drift.reason, 'string') || !optional(drift.nudge, 'string')) return false;
  if (drift.current !== null && !(isObject(drift.current) && typeof drift.current.title === 'string' && typeof drift.current.app === 'string')) return false;
  if (!isObject(host) || !CONNECTIONS.has(host.connection as string) || !Array.isArray(host.backends)) return false;
  if (host.activeBackend !== null && host.activeBackend !== undefined && typeof host.activeBackend !== 'string') return false;
  return raw.dismissedNudge === null || typeof raw.dismissedNudge === 'string';
}

export function isReply(raw: unknown): raw is Reply {
  if (!isObject(raw) || typeof raw.ok !== 'boolean') return false;
  if (!raw.ok) return isObject(raw.error) && typeof raw.error.kind === 'string' && typeof raw.error.message === 'string';
  return raw.state === undefined || isStatePush(raw.state);
}
