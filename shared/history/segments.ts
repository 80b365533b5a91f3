// What stretch of its session the controller state is in: the segment facts, derived, never stored in the controller.
import { matchesAny } from '../core/match';
import { onBreak, type ControllerState, type SessionRecord } from '../core/controller';
import type { DriftCause, SegmentKind } from './history-records';
import { HISTORY_MAX_TEXT } from './history-limits';

export interface SegmentFacts {
  kind: SegmentKind;
  source: 'tab' | 'os' | null;
  place: string;
  title: string;
  cause: DriftCause | null;
  reason: string;
}

/** The history key of a session: unique across reinstalls (ids restart) and imports. */
export function sessionKey(session: Pick<SessionRecord, 'id' | 'startedAt'>): string {
  return `${session.startedAt.toString(36)}-${session.id}`;
}

const none = { source: null, place: '', title: '', cause: null, reason: '' } as const;

/**
 * The segment the state is in; null without a session. Paused outranks a break, a break outranks away
 * (a break is meant to be spent away), away outranks any status.
 */
export function segmentFacts(s: ControllerState): SegmentFacts | null {
  if (s.phase === 'idle') return null;
  if (s.phase === 'paused') return { kind: 'paused', ...none };
  if (onBreak(s)) return { kind: 'break', ...none };
  const d = s.drift;
  if (d.awaySince !== null) return { kind: 'away', ...none };
  const current = d.current;
  if (!current) return { kind: 'unsure', ...none };
  const at = { source: current.source, place: current.app, title: current.title };
  if (d.status === 'ontask') return { kind: 'ontask', ...at, cause: null, reason: '' };
  if (d.status === 'drifting') {
    const cause: DriftCause = matchesAny(s.session.blocked, current) ? 'blocked' : 'judged';
    return { kind: 'drifting', ...at, cause, reason: d.reason.slice(0, HISTORY_MAX_TEXT) };
  }
  return { kind: 'unsure', ...at, cause: null, reason: '' };
}

/** Same stretch: a new title at the same place continues it (titles change far more often than places). */
export function sameSegment(a: SegmentFacts, b: SegmentFacts): boolean {
  return a.kind === b.kind && a.place === b.place && a.source === b.source && a.cause === b.cause && a.reason === b.reason;
}
