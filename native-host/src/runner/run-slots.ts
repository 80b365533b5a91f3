// Limits concurrent backend runs (2 by default) with a bounded FIFO queue behind them.
export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
  timer: NodeJS.Timeout;
}

/** Backend runs at once; more wait in the queue (the eval harness runs no more than this in parallel). */
export const MAX_RUNNING = 2;

export class RunSlots {
  private running = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly maxRunning = MAX_RUNNING,
    readonly maxQueued = 16,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiters.length;
  }

  /**
   * A slot, 'busy' at once when the queue is full, or 'expired' if `deadline` passes while queued.
   */
  acquire(deadline: number): Promise<Release | 'expired'> | 'busy' {
    if (this.running < this.maxRunning) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.maxQueued) return 'busy';
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(waiter.timer);
          resolve(release);
        },
        timer: setTimeout(
          () => {
            const index = this.waiters.indexOf(waiter);
            if (index >= 0) this.waiters.splice(index, 1);
            resolve('expired');
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      this.waiters.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.running--;
    };
  }
}
