// Runs work one piece at a time, in the order it was given: the queue every store and port of the worker shares.

export interface Serial {
  /**
   * Queues `work`: it starts once everything queued before it has settled, and the promise settles with it. A piece
   * that fails is reported to `onError` (when given) and rejects its own promise; the queue goes on.
   */
  run<T>(work: () => Promise<T> | T): Promise<T>;
  /** Resolves once everything queued so far, and anything queued while it waits, has settled. */
  idle(): Promise<void>;
}

/** A queue whose first piece waits for `after` (a load, a hydration) when given. */
export function serial(options: { after?: Promise<unknown>; onError?: (error: unknown) => void } = {}): Serial {
  let tail: Promise<unknown> = (options.after ?? Promise.resolve()).catch(() => {});
  return {
    run<T>(work: () => Promise<T> | T): Promise<T> {
      const result = tail.then(work);
      tail = result.catch((error: unknown) => options.onError?.(error));
      return result;
    },
    async idle(): Promise<void> {
      let seen: Promise<unknown>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
  };
}
