// A template becomes the controller's start input in one place, what the work involves included.
import { describe, expect, it } from 'vitest';
import { startInputOf } from '../../../shared/plan/start-input';
import { templateRecord } from '../../support/templates';

describe('startInputOf', () => {
  it('carries the commitment, the lists, the timebox and the rhythm (none when the template has none)', () => {
    const t = {
      nextAction: 'a',
      successCondition: 'b',
      involves: '',
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

  it('carries what the work involves into the commitment, and leaves a blank one out', () => {
    const t = templateRecord({ id: 't', name: 'T', nextAction: 'a', successCondition: 'b', involves: 'the vitest docs' });
    expect(startInputOf(t).commitment).toEqual({ nextAction: 'a', successCondition: 'b', involves: 'the vitest docs' });
    expect(startInputOf({ ...t, involves: '  ' }).commitment).toEqual({ nextAction: 'a', successCondition: 'b' });
  });
});
