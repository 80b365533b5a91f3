// What the surfaces render, computed once from the controller state: derived, never stored.
import * as z from 'zod';
import { HostStatus, hostStatus } from '../host-status';
import { DRIFT_STATUSES, OBSERVATION_SOURCES, PHASES } from '../vocabulary';
import { matchesAny } from '../match';
import { WAIT_PURPOSES, type DriftState, type ObservationRecord, type SessionRecord } from './controller-records';
import { onTaskFrom } from './strict';
import { announcedPhase, onBreak, phaseEndsAt } from './session-rhythm';
import { onTaskEntry, verdictKey } from './verdict-key';
import type { ControllerState } from './state';
import { onFirstUse } from '../../util/on-first-use';

/** What the banner says when a drift has no reason of its own (never expected: verdicts must give one). */
export const FALLBACK_DRIFT_REASON = 'This does not look like your task.';

export const SessionView = onFirstUse(() =>
  z.object({
    id: z.number(),
    commitment: z.object({ nextAction: z.string(), successCondition: z.string(), involves: z.string().optional() }),
    allowed: z.array(z.string()),
    blocked: z.array(z.string()),
    startedAt: z.number(),
    endsAt: z.number().optional(),
    pausedAt: z.number().optional(),
    pausedTotalMs: z.number(),
    rhythm: z.object({ workMinutes: z.number(), breakMinutes: z.number() }).optional(),
    /** Blocked sites are blocked, ending early or pausing waits; false once the timebox has ended (the session then ends as any other). */
    strict: z.boolean(),
    allowlistOnly: z.boolean(),
    /** The wait counting down now: ending or pausing happens at `readyAt`. */
    wait: z.object({ purpose: z.enum(WAIT_PURPOSES), startedAt: z.number(), readyAt: z.number() }).optional(),
    /** How long a wait started now would take, in seconds (the setting). */
    waitSeconds: z.number(),
  }),
);
export type SessionView = z.infer<typeof SessionView>;

/** Why the place counts as it does: a list entry matched it, the AI judged it, or nothing could tell yet. */
export const PlaceReason = onFirstUse(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('allowed'), entry: z.string() }),
    z.object({ kind: z.literal('blocked'), entry: z.string() }),
    /** Allowlist-only: not on the allowed list is drift, with no AI asked. */
    z.object({ kind: z.literal('notAllowed') }),
    z.object({ kind: z.literal('judged'), drifting: z.boolean() }),
    z.object({ kind: z.literal('checking') }),
    z.object({ kind: z.literal('unjudged') }),
  ]),
);
export type PlaceReason = z.infer<typeof PlaceReason>;

/** The place the person is looking at (a tab's site, or an app), and why it counts as it does. */
export const PlaceView = onFirstUse(() =>
  z.object({ source: z.enum(OBSERVATION_SOURCES), title: z.string(), app: z.string(), why: PlaceReason }),
);
export type PlaceView = z.infer<typeof PlaceView>;

/** The same order evaluate.ts decides in: blocked, allowed, a cached verdict, a judge in flight, nothing. */
export function placeReason(session: SessionRecord, d: DriftState, current: ObservationRecord): PlaceReason {
  const blocked = matchesAny(session.blocked, current);
  if (blocked) return { kind: 'blocked', entry: blocked };
  const allowed = matchesAny(session.allowed, current);
  if (allowed) return { kind: 'allowed', entry: allowed };
  if (session.allowlistOnly) return { kind: 'notAllowed' };
  const key = verdictKey(d, current);
  const verdict = d.verdicts[key];
  if (verdict) return { kind: 'judged', drifting: verdict.drifting };
  if (d.pendingJudges[key] || d.judgeDue?.app === key) return { kind: 'checking' };
  return { kind: 'unjudged' };
}

export const SurfaceView = onFirstUse(() =>
  z.object({
    phase: z.enum(PHASES),
    session: SessionView.nullable(),
    status: z.enum(DRIFT_STATUSES),
    /** The person is away (idle or screen locked): no banner or heads-up is shown meanwhile. */
    away: z.boolean(),
    /** Null when idle: outside a session nothing is shown of what the person looks at. */
    place: PlaceView.nullable(),
    /** The hard tier: the person drifted in a running session. `answered`: this episode's banner was answered. */
    banner: z
      .object({
        episode: z.number(),
        reason: z.string(),
        answered: z.boolean(),
        /** "This is on task" is offered from this moment (0: at once; later: a strict session's wait); null: not at all. */
        onTaskFrom: z.number().nullable(),
        /** On a page of a mixed-use site, the part "This is on task" allows (not the whole site); null elsewhere. */
        onTaskAllows: z.string().nullable(),
      })
      .nullable(),
    /** The soft tier: advice while on task in a running session, unless the person dismissed this text. */
    nudge: z.object({ message: z.string() }).nullable(),
    host: HostStatus,
    /**
     * Changes whenever the stored settings record does (a save here, or a change synced from another browser):
     * the shell, which holds the whole record, says it; the core holds only the session's part.
     */
    settingsRevision: z.string(),
    /** Where a running session with a rhythm stands: work or a break, until when (null paused, idle, or without a rhythm). */
    rhythm: z
      .object({ phase: z.enum(['work', 'break']), endsAt: z.number(), workMinutes: z.number(), breakMinutes: z.number() })
      .nullable(),
  }),
);
export type SurfaceView = z.infer<typeof SurfaceView>;

export function surfaceView(s: ControllerState, settingsRevision = ''): SurfaceView {
  const d = s.drift;
  const breaking = onBreak(s);
  // A break outranks away: the person is meant to be away from the screen then.
  const away = d.awaySince !== null && !breaking;
  const active = s.phase === 'active' && !away && !breaking;
  const session = s.phase === 'idle' ? null : s.session;
  const phase = s.phase === 'active' ? announcedPhase(s.session) : null;
  const endsAt = s.phase === 'active' ? phaseEndsAt(s.session) : null;
  const showNudge = active && d.status === 'ontask' && d.nudgeMessage !== '' && d.nudgeMessage !== d.dismissedNudge;
  return {
    phase: s.phase,
    session: session
      ? {
          id: session.id,
          commitment: session.commitment,
          allowed: session.allowed,
          blocked: session.blocked,
          startedAt: session.startedAt,
          pausedTotalMs: session.pausedTotalMs,
          ...(session.endsAt !== undefined ? { endsAt: session.endsAt } : {}),
          ...(session.pausedAt !== undefined ? { pausedAt: session.pausedAt } : {}),
          ...(session.rhythm ? { rhythm: session.rhythm } : {}),
          // Strict until the tick at the timebox's end: the surfaces then offer what any session offers.
          strict: session.strict && !session.timeboxNotified,
          allowlistOnly: session.allowlistOnly,
          ...(session.wait ? { wait: session.wait } : {}),
          waitSeconds: s.settings.strictWaitSeconds,
        }
      : null,
    status: d.status,
    away,
    place:
      session && d.current
        ? { source: d.current.source, title: d.current.title, app: d.current.app, why: placeReason(session, d, d.current) }
        : null,
    // A pause or a break sets the drift aside: no banner meanwhile, it is back with the resume or the work.
    banner:
      active && session && d.status === 'drifting'
        ? {
            episode: d.driftEpisode,
            reason: d.reason || FALLBACK_DRIFT_REASON,
            answered: d.answeredDriftEpisode === d.driftEpisode && d.driftEpisode > 0,
            onTaskFrom: onTaskFrom(session, d),
            onTaskAllows: d.current?.page !== undefined ? onTaskEntry(d.current) : null,
          }
        : null,
    // The nudge is a separate axis, shown only while on task (never alongside the hard banner).
    nudge: showNudge ? { message: d.nudgeMessage } : null,
    host: hostStatus(s.settings, s.host, s.ports),
    settingsRevision,
    rhythm: session?.rhythm && phase && endsAt !== null ? { phase: phase.phase, endsAt, ...session.rhythm } : null,
  };
}

/**
 * What a web page's content script is told: only what the banner shows. It runs inside every site's
 * renderer, so it never gets titles (another app's, perhaps), the lists or the host status. (The banner's
 * frame, an extension page like the popup, slices the same view out of the state it subscribes to.)
 */
export const ToastView = onFirstUse(() =>
  z.object({
    /** Present only while unanswered: the toast does not repeat a banner the person already answered. */
    banner: z
      .object({
        episode: z.number(),
        reason: z.string(),
        task: z.string(),
        onTaskFrom: z.number().nullable(),
        onTaskAllows: z.string().nullable(),
        /** A strict session: ending early waits in the popup, so the toast offers no End. */
        strict: z.boolean(),
      })
      .nullable(),
    nudge: z.object({ message: z.string() }).nullable(),
  }),
);
export type ToastView = z.infer<typeof ToastView>;
