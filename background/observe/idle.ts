// Away detection: chrome.idle's idle/locked states become awayStarted/awayEnded events, with the person's threshold.
import { browser } from 'wxt/browser';
import type { ControllerEvent } from '../../shared/core/controller';

/** What chrome.idle reports (not the controller's idle phase). */
export type IdleReading = 'active' | 'idle' | 'locked';

/** The idle API as the background uses it (a port: tests drive their own). */
export interface IdlePort {
  setThreshold(seconds: number): void;
  query(seconds: number): Promise<IdleReading>;
  onChange(listener: (state: IdleReading) => void): void;
}

export function browserIdle(): IdlePort | null {
  // Without the idle API (a stripped-down browser) nobody is ever away: say so rather than fail.
  const idle = (browser as { idle?: typeof browser.idle }).idle;
  if (!idle) return null;
  return {
    setThreshold: (seconds) => idle.setDetectionInterval(seconds),
    query: (seconds) => idle.queryState(seconds) as Promise<IdleReading>,
    onChange: (listener) => idle.onStateChanged.addListener((state) => listener(state as IdleReading)),
  };
}

export class AwayWatcher {
  #threshold = 0;

  constructor(
    private readonly send: (event: ControllerEvent) => void,
    private readonly idle: IdlePort,
    private readonly now: () => number,
  ) {
    // Registered at once (the caller runs this synchronously at startup): an idle event must not be missed.
    idle.onChange((state) => this.#changed(state));
  }

  /** Idle is reported once the threshold has passed: the person left that long ago. Locked is now. */
  #changed(state: IdleReading): void {
    const at = this.now();
    if (state === 'active') this.send({ type: 'awayEnded', at });
    else this.send({ type: 'awayStarted', at: state === 'idle' ? at - this.#threshold * 1000 : at, why: state });
  }

  /** Applies the threshold (the controller's watchAway: on start and whenever the setting changes); on start also asks where the person is now. */
  sync(seconds: number, checkNow = false): void {
    if (seconds !== this.#threshold) {
      this.#threshold = seconds;
      this.idle.setThreshold(seconds);
    }
    if (checkNow)
      void this.idle.query(seconds).then(
        (state) => state !== 'active' && this.#changed(state),
        () => {},
      );
  }
}
