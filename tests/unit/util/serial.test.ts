// serial(): one piece at a time, in order; a failure rejects its own piece only; idle waits for what is queued meanwhile.
import { describe, expect, it } from 'vitest';
import { serial } from '../../../shared/util/serial';

/** Lets every promise callback that is ready run (a few turns of the microtask queue; no timer). */
const settled = async () => {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve();
};

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('serial', () => {
  it('starts each piece only after the one before has settled, in the order given', async () => {
    const queue = serial();
    const log: string[] = [];
    const gate = later();
    const first = queue.run(async () => {
      log.push('first starts');
      await gate.promise;
      log.push('first ends');
      return 1;
    });
    const second = queue.run(() => {
      log.push('second');
      return 2;
    });
    await settled();
    expect(log).toEqual(['first starts']);
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first starts', 'first ends', 'second']);
  });

  it('rejects a failed piece with its own error, reports it, and runs the next', async () => {
    const errors: unknown[] = [];
    const queue = serial({ onError: (error) => errors.push(error) });
    const failed = queue.run(() => Promise.reject(new Error('disk full')));
    const next = queue.run(() => 'ran');
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toBe('ran');
    expect(errors).toEqual([new Error('disk full')]);
  });

  it('holds every piece until `after` settles, even when it fails', async () => {
    const load = later();
    const queue = serial({ after: load.promise.then(() => Promise.reject(new Error('unreadable'))) });
    const log: string[] = [];
    const piece = queue.run(() => log.push('ran'));
    await settled();
    expect(log).toEqual([]);
    load.resolve();
    await piece;
    expect(log).toEqual(['ran']);
  });

  it('idle() waits for pieces queued while it waits', async () => {
    const queue = serial();
    const log: string[] = [];
    void queue.run(async () => {
      await Promise.resolve();
      void queue.run(() => log.push('queued meanwhile'));
      log.push('first');
    });
    await queue.idle();
    expect(log).toEqual(['first', 'queued meanwhile']);
  });
});
