// A work/break rhythm and where a session stands in it (zod-free: the popup and the badge read it).

export interface Rhythm {
  readonly workMinutes: number;
  readonly breakMinutes: number;
}

export interface RhythmPhase {
  readonly phase: 'work' | 'break';
  /** 0 for the first work stretch and the break after it, 1 for the next, … */
  readonly cycle: number;
  /** How much of this phase is left. */
  readonly leftMs: number;
}

/**
 * Where a session with this rhythm stands after `workedMs` of its own time (paused time left out):
 * work first, then a break, again and again.
 */
export function rhythmPhase(rhythm: Rhythm, workedMs: number): RhythmPhase {
  const workMs = rhythm.workMinutes * 60_000;
  const breakMs = rhythm.breakMinutes * 60_000;
  const cycleMs = workMs + breakMs;
  const t = Math.max(0, workedMs);
  const cycle = Math.floor(t / cycleMs);
  const into = t - cycle * cycleMs;
  return into < workMs ? { phase: 'work', cycle, leftMs: workMs - into } : { phase: 'break', cycle, leftMs: cycleMs - into };
}

/** "50/10": how a rhythm is written in a list. */
export function rhythmText(rhythm: Rhythm): string {
  return `${rhythm.workMinutes}/${rhythm.breakMinutes}`;
}
