// A template becomes the controller's start input in one place.
import { describe, expect, it } from 'vitest';
import { startInputOf } from '../../../shared/plan/start-input';

describe('startInputOf', () => {
  it('carries the commitment, the lists, the timebox and the rhythm (none when the template has none)', () => {
    const t = {
      nextAction: 'a',
      successCondition: 'b',
      allowed: ['x.test'],
      blocked: ['y.test'],
      timeboxMinutes: null,
      rhythm: null,
      strict: false,
      allowlistOnly: false,
    };
    expect(startInputOf(t)).toEqual({ commitment: { nextAction: 'a', successCondition: 'b' }, allowed: ['x.test'], blocked: ['y.test'] });
    expect(startInputOf({ ...t, timeboxMinutes: 25 }).timeboxMinutes).toBe(25);
    expect(startInputOf({ ...t, rhythm: { workMinutes: 50, breakMinutes: 10 } }).rhythm).toEqual({ workMinutes: 50, breakMinutes: 10 });
  });
});
