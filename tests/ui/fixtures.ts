// Builders of well-formed pushes for the UI tests (typed by the real contract).
import type { SessionView, SurfaceView, ToastView } from '../../shared/core/controller/surface-view';
import { REPORTING_PORT_IDS } from '../../shared/core/ai-targets';
import { portView, type HostStatus } from '../../shared/core/host-status';
import { PORT_NOT_CHECKED, type PortStatus } from '../../shared/core/port-status';
import type { StatePush, ToastPush } from '../../shared/messages/pushes';

export const T0 = 1_700_000_000_000;

/** `browserModel`: the built-in model's status, put in `ports` with its words as the core makes them (any other port: not checked yet). */
export function host(over: Partial<HostStatus> & { browserModel?: PortStatus } = {}): HostStatus {
  const { browserModel = { availability: 'unavailable', reason: 'no Prompt API' }, ...rest } = over;
  return {
    connection: 'connected',
    backends: [],
    activeBackend: 'claude',
    chosenBackend: null,
    fit: 'same',
    ports: Object.fromEntries(
      REPORTING_PORT_IDS.map((id) => [id, portView(id, id === 'browser' ? browserModel : PORT_NOT_CHECKED)]),
    ) as HostStatus['ports'],
    aiOff: null,
    consent: null,
    ...rest,
  };
}

export function session(over: Partial<SessionView> = {}): SessionView {
  return {
    id: 1,
    commitment: { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' },
    allowed: ['code', 'github.com'],
    blocked: ['youtube.com'],
    startedAt: T0,
    pausedTotalMs: 0,
    strict: false,
    allowlistOnly: false,
    waitSeconds: 60,
    ...over,
  };
}

type ViewOver = Partial<Omit<SurfaceView, 'session'>> & { session?: SessionView | null };

/** A push of a running session on task unless told otherwise; idle has no session. */
export function push(over: ViewOver & { now?: number } = {}): StatePush {
  const { now = T0, ...rest } = over;
  const phase = rest.phase ?? 'active';
  return {
    type: 'state',
    view: {
      phase,
      session: rest.session !== undefined ? rest.session : phase === 'idle' ? null : session(),
      status: 'ontask',
      away: false,
      place: null,
      banner: null,
      nudge: null,
      host: host(),
      settingsRevision: 'r0',
      rhythm: null,
      ...rest,
    },
    now,
  };
}

/** `onTaskFrom`: when "This is on task" is offered (0: at once; null: never; later: a strict session's wait). */
export function drifting(
  episode = 1,
  reason = 'youtube.com is on your blocked list',
  answered = false,
  onTaskFrom: number | null = 0,
  over: ViewOver & { now?: number } = {},
): StatePush {
  return push({ status: 'drifting', banner: { episode, reason, answered, onTaskFrom, onTaskAllows: null }, ...over });
}

/** A strict session (its wait setting, any timebox and a running wait as told). */
export function strictSession(over: Partial<SessionView> = {}): SessionView {
  return session({ strict: true, ...over });
}

export function nudging(message: string): StatePush {
  return push({ status: 'ontask', nudge: { message } });
}

export function toastPush(view: Partial<ToastView> = {}): ToastPush {
  return { type: 'toast', view: { banner: null, nudge: null, ...view } };
}

export function toastDrifting(
  episode = 1,
  reason = 'youtube.com is on your blocked list',
  task = 'Write the parser tests',
  strict: { onTaskFrom: number | null } | null = null,
): ToastPush {
  return toastPush({
    banner: { episode, reason, task, onTaskFrom: strict ? strict.onTaskFrom : 0, onTaskAllows: null, strict: strict !== null },
  });
}

export function toastNudging(message: string): ToastPush {
  return toastPush({ nudge: { message } });
}
