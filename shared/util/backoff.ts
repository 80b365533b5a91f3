// Exponential backoff between reconnect attempts (first, 2×first, 4×first … capped), with no timers of its own.

export interface BackoffBounds {
  /** Delay before the first retry. */
  firstMs: number;
  /** No delay is ever longer than this. */
  maxMs: number;
}

/**
 * Counts failed attempts and says how long to wait before the next one. The caller owns the
 * timer, so this works the same in a service worker, a page, a content script and the host.
 */
export class Backoff {
  private attempt = 0;

  constructor(readonly bounds: BackoffBounds) {}

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const delay = Math.min(this.bounds.maxMs, this.bounds.firstMs * 2 ** Math.min(this.attempt, 30));
    this.attempt += 1;
    return delay;
  }

  /** A success (or a healthy stretch): the next failure waits the first delay again. */
  reset(): void {
    this.attempt = 0;
  }

  /** Failures counted since the last reset. */
  get failures(): number {
    return this.attempt;
  }
}
