// Hand-written shape check of a state push: only the fields the toast renders, no zod in the page.
const RUNTIMES = ['idle', 'active', 'paused'];
const STATUSES = ['ontask', 'checking', 'drifting', 'unknown'];
const MAX_TEXT = 2000;

/** What the toast needs from a StatePush (shared/messages.ts), flattened. */
export interface ToastState {
  runtime: 'idle' | 'active' | 'paused';
  task: string;
  status: 'ontask' | 'checking' | 'drifting' | 'unknown';
  reason: string;
  nudge: string;
  episode: number;
  bannerDismissed: boolean;
  dismissedNudge: string | null;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}

function optionalText(value: unknown): string | null {
  if (value === undefined) return '';
  return typeof value === 'string' ? value.slice(0, MAX_TEXT) : null;
}

/** Returns the toast's view of a push, or null for anything that is not a well-formed push. */
export function readToastState(raw: unknown): ToastState | null {
  if (!isObject(raw) || raw.type !== 'state' || !isObject(raw.view)) return null;
  const { view } = raw;
  const drift = view.drift;
  if (!isObject(drift) || !RUNTIMES.includes(view.runtime as string) || !STATUSES.includes(drift.status as string)) {
    return null;
  }
  const reason = optionalText(drift.reason);
  const nudge = optionalText(drift.nudge);
  const episode = drift.episode;
  if (reason === null || nudge === null || typeof episode !== 'number' || !Number.isFinite(episode)) return null;
  if (typeof drift.bannerDismissed !== 'boolean') return null;
  const dismissed = raw.dismissedNudge;
  if (dismissed !== null && typeof dismissed !== 'string') return null;
  const session = view.session;
  const commitment = isObject(session) && isObject(session.commitment) ? session.commitment : {};
  return {
    runtime: view.runtime as ToastState['runtime'],
    task: optionalText(commitment.nextAction) ?? '',
    status: drift.status as ToastState['status'],
    reason,
    nudge,
    episode,
    bannerDismissed: drift.bannerDismissed,
    dismissedNudge: dismissed,
  };
}

export type ToastTier = { tier: 'drift'; key: string } | { tier: 'nudge'; key: string };

/** Which tier to show: the hard banner outranks the heads-up; local answers hide at once. */
export function pickTier(state: ToastState, answeredEpisode: number, dismissedLocally: string | null): ToastTier | null {
  // Neither tier interrupts a paused session.
  if (state.runtime !== 'active') return null;
  if (state.status === 'drifting') {
    if (state.bannerDismissed || state.episode === answeredEpisode) return null;
    return { tier: 'drift', key: `drift:${state.episode}:${state.reason}:${state.task}` };
  }
  const nudge = state.nudge;
  if (!nudge || nudge === state.dismissedNudge || nudge === dismissedLocally) return null;
  return { tier: 'nudge', key: `nudge:${nudge}` };
}
