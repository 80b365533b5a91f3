// rhythmPhase: work first, then a break, cycle after cycle; the edges belong to the phase that begins there.
import { describe, expect, it } from 'vitest';
import { rhythmPhase, rhythmText } from '../../../shared/core/rhythm';

const MIN = 60_000;
const r = { workMinutes: 25, breakMinutes: 5 };

describe('rhythmPhase', () => {
  it('starts with work, the whole stretch left', () => {
    expect(rhythmPhase(r, 0)).toEqual({ phase: 'work', cycle: 0, leftMs: 25 * MIN });
  });

  it('the break begins exactly when the work stretch is over, and work comes back when the break is', () => {
    expect(rhythmPhase(r, 25 * MIN - 1)).toEqual({ phase: 'work', cycle: 0, leftMs: 1 });
    expect(rhythmPhase(r, 25 * MIN)).toEqual({ phase: 'break', cycle: 0, leftMs: 5 * MIN });
    expect(rhythmPhase(r, 30 * MIN - 1)).toEqual({ phase: 'break', cycle: 0, leftMs: 1 });
    expect(rhythmPhase(r, 30 * MIN)).toEqual({ phase: 'work', cycle: 1, leftMs: 25 * MIN });
  });

  it('counts cycles on and on', () => {
    expect(rhythmPhase(r, 3 * 30 * MIN + 26 * MIN)).toEqual({ phase: 'break', cycle: 3, leftMs: 4 * MIN });
  });

  it('a negative worked time (a clock set back) is the very start', () => {
    expect(rhythmPhase(r, -5 * MIN)).toEqual({ phase: 'work', cycle: 0, leftMs: 25 * MIN });
  });

  it('is written work/break', () => {
    expect(rhythmText({ workMinutes: 50, breakMinutes: 10 })).toBe('50/10');
  });
});
