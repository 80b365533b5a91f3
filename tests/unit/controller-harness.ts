// Test harness for the pure controller: a fake clock and an event log, no timers.
import {
  initialState,
  transition,
  type ControllerConfig,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
  type ObservationRecord,
} from '../../shared/controller';

export const T0 = 1_700_000_000_000;
export const SEC = 1_000;
export const MIN = 60 * SEC;

export class Harness {
  state: ControllerState;
  now = T0;
  effects: ControllerEffect[] = [];

  constructor(config: Partial<ControllerConfig> = {}) {
    this.state = initialState({ aiAvailable: true, judgeDebounceMs: 0, ...config });
  }

  /** Applies an event; returns only the effects it produced. */
  send(event: ControllerEvent): ControllerEffect[] {
    const step = transition(this.state, event);
    this.state = step.state;
    this.effects.push(...step.effects);
    return step.effects;
  }

  advance(ms: number): this {
    this.now += ms;
    return this;
  }

  start(allowed: string[] = ['code', 'docs.test'], blocked: string[] = ['videos.test', 'outlook'], timeboxMinutes?: number) {
    return this.send({
      type: 'sessionStarted',
      at: this.now,
      input: {
        commitment: { nextAction: 'Write the parser tests', successCondition: 'all tests in parser.test.ts pass' },
        allowed,
        blocked,
        ...(timeboxMinutes !== undefined ? { timeboxMinutes } : {}),
      },
    });
  }

  observe(app: string, title: string, source: 'tab' | 'os' = 'tab', ref?: ObservationRecord['ref']) {
    return this.send({ type: 'observed', observation: { source, app, title, at: this.now, ...(ref ? { ref } : {}) } });
  }

  tick() {
    return this.send({ type: 'ticked', at: this.now });
  }

  get sessionId(): number {
    return this.state.session?.id ?? -1;
  }

  get status() {
    return this.state.drift.status;
  }
}

export function ofType<T extends ControllerEffect['type']>(effects: ControllerEffect[], type: T) {
  return effects.filter((e): e is Extract<ControllerEffect, { type: T }> => e.type === type);
}
