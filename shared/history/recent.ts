// The start form's recent commitments: the last distinct ones in history, with the lists and timebox they had.
import type { HistorySession } from './history-records';

export interface RecentCommitment {
  nextAction: string;
  successCondition: string;
  /** What the work involved; '' when not said. */
  involves: string;
  allowed: string[];
  blocked: string[];
  timeboxMinutes: number | null;
}

/**
 * The newest `count` distinct commitments (the same text twice counts once), newest first. What it involved
 * does not make a commitment distinct: the same task is one choice, with its newest session's words, as with its lists.
 */
export function recentCommitments(newestFirst: readonly HistorySession[], count: number): RecentCommitment[] {
  const seen = new Set<string>();
  const out: RecentCommitment[] = [];
  for (const s of newestFirst) {
    const key = `${s.nextAction.trim().toLocaleLowerCase()}\n${s.successCondition.trim().toLocaleLowerCase()}`;
    if (seen.has(key) || !s.nextAction.trim()) continue;
    seen.add(key);
    out.push({
      nextAction: s.nextAction,
      successCondition: s.successCondition,
      involves: s.involves,
      allowed: [...s.allowed],
      blocked: [...s.blocked],
      timeboxMinutes: s.timeboxMinutes,
    });
    if (out.length === count) break;
  }
  return out;
}
