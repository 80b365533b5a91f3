// Test harness for the pure controller: a fake clock, settings and host as inputs, an event log, no timers.
import {
  initialState,
  sessionOf,
  transition,
  type ControllerEffect,
  type ControllerEvent,
  type ControllerState,
  type ObservationRecord,
} from '../../../../shared/core/controller';
import { observeTab } from '../../../../shared/core/observe';
import { defaultSettings, type Settings } from '../../../../shared/settings/stored-settings';
import { connectedHost } from '../../../../harness/hosts';

export { connectedHost };

export const T0 = 1_700_000_000_000;
export const SEC = 1_000;
export const MIN = 60 * SEC;

export interface HarnessOptions extends Partial<Settings> {
  /** Whether a backend is available (default true). */
  aiAvailable?: boolean;
}

export class Harness {
  state: ControllerState;
  now = T0;
  effects: ControllerEffect[] = [];

  /** Settings as the person would set them; the judge is asked at once unless a debounce is given. */
  constructor({ aiAvailable = true, ...settings }: HarnessOptions = {}) {
    this.state = initialState({
      // The person of these tests has allowed claude, the one backend of `connectedHost` (the consent has tests of its own).
      settings: { ...defaultSettings(), judgeDebounceSeconds: 0, aiConsent: { claude: { answer: 'allowed', at: T0 } }, ...settings },
      host: connectedHost(aiAvailable),
    });
  }

  /** Applies an event; returns only the effects it produced. */
  send(event: ControllerEvent): ControllerEffect[] {
    const step = transition(this.state, event);
    this.state = step.state;
    this.effects.push(...step.effects);
    return step.effects;
  }

  /** The answer to a `runNudge` effect, from the backend it was launched on. */
  answerNudge(nudge: Extract<ControllerEffect, { type: 'runNudge' }> | undefined, message: string): ControllerEffect[] {
    if (!nudge) throw new Error('no nudge was launched');
    const { sessionId, stretch, target } = nudge;
    return this.send({ type: 'nudgeSucceeded', at: this.now, sessionId, stretch, backend: target.backend, message });
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

  /** A tab on `url` in front, observed as the shell observes it (its path, and on a mixed-use site its page and part). */
  visit(url: string, title: string): ControllerEffect[] {
    const decision = observeTab({ id: 7, windowId: 1, url, title }, this.state.settings, 'chrome-extension://antidrift', this.now);
    if (!('observe' in decision)) throw new Error(`${url} is not observed: ${decision.ignore}`);
    return this.send({ type: 'observed', observation: decision.observe });
  }

  /** The answer to a `runJudge` effect, from the backend it was launched on. */
  answerJudge(judge: Extract<ControllerEffect, { type: 'runJudge' }> | undefined, drifting: boolean, reason = ''): ControllerEffect[] {
    if (!judge) throw new Error('no judge was launched');
    const { sessionId, launch, key, app, target } = judge;
    return this.send({ type: 'judgeSucceeded', at: this.now, sessionId, launch, key, app, backend: target.backend, drifting, reason });
  }

  tick() {
    return this.send({ type: 'ticked', at: this.now });
  }

  get session() {
    return sessionOf(this.state);
  }

  get sessionId(): number {
    return this.session?.id ?? -1;
  }

  get status() {
    return this.state.drift.status;
  }
}

export function ofType<T extends ControllerEffect['type']>(effects: ControllerEffect[], type: T) {
  return effects.filter((e): e is Extract<ControllerEffect, { type: T }> => e.type === type);
}
