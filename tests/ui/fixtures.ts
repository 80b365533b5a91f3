// Builders of well-formed state pushes and settings for the UI tests (typed by the real contract).
import type { HostStatus, StatePush } from '../../shared/messages';
import type { StateView } from '../../shared/controller/view';

export const T0 = 1_700_000_000_000;

export function host(over: Partial<HostStatus> = {}): HostStatus {
  return { connection: 'connected', backends: [], activeBackend: 'claude', ...over };
}

export function session(over: Partial<NonNullable<StateView['session']>> = {}): NonNullable<StateView['session']> {
  return {
    id: 1,
    commitment: { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' },
    allowed: ['code', 'github.com'],
    blocked: ['youtube.com'],
    startedAt: T0,
    pausedTotalMs: 0,
    ...over,
  };
}

type DriftOver = Partial<StateView['drift']>;

export function push(over: { runtime?: StateView['runtime']; drift?: DriftOver; session?: StateView['session']; host?: HostStatus; dismissedNudge?: string | null; now?: number } = {}): StatePush {
  const runtime = over.runtime ?? 'active';
  return {
    type: 'state',
    view: {
      runtime,
      session: over.session !== undefined ? over.session : runtime === 'idle' ? null : session(),
      drift: { status: 'ontask', episode: 0, bannerDismissed: false, current: null, ...over.drift },
    },
    host: over.host ?? host(),
    dismissedNudge: over.dismissedNudge ?? null,
    now: over.now ?? T0,
  };
}

export function drifting(episode = 1, reason = 'youtube.com is on your blocked list', extra: DriftOver = {}): StatePush {
  return push({ drift: { status: 'drifting', reason, episode, ...extra } });
}

export function nudging(message: string, dismissedNudge: string | null = null): StatePush {
  return push({ drift: { status: 'ontask', nudge: message }, dismissedNudge });
}
