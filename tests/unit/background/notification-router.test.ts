// The notification router: a click goes to the one owner of its id's prefix, nowhere else; two owners of one prefix, or overlapping ones, throw.
import { describe, expect, it } from 'vitest';
import { NotificationRouter } from '../../../background/notification-router';

/** An owner that writes down what it was told, under its own name, in the log they share. */
function recorder(name: string, log: string[], buttons = true) {
  return {
    clicked: (id: string) => void log.push(`${name} clicked ${id}`),
    ...(buttons ? { button: (id: string, index: number) => void log.push(`${name} button ${index} ${id}`) } : {}),
  };
}

describe('NotificationRouter', () => {
  it('routes a click and a button to the owner of the prefix, with the whole id', () => {
    const log: string[] = [];
    const router = new NotificationRouter();
    router.own('antidrift-drift-', recorder('drift', log));
    router.own('antidrift-review-', recorder('review', log));
    router.routeClick('antidrift-drift-7');
    router.routeButton('antidrift-review-s1', 1);
    router.routeButton('antidrift-drift-7', 0);
    router.routeClick('antidrift-review-s1');
    expect(log).toEqual([
      'drift clicked antidrift-drift-7',
      'review button 1 antidrift-review-s1',
      'drift button 0 antidrift-drift-7',
      'review clicked antidrift-review-s1',
    ]);
  });

  it('sends each click to its own owner only, whichever was registered first', () => {
    const log: string[] = [];
    const router = new NotificationRouter();
    router.own('antidrift-summary-', recorder('summary', log));
    router.own('antidrift-block-', recorder('block', log));
    router.routeClick('antidrift-block-2024-05-01');
    expect(log).toEqual(['block clicked antidrift-block-2024-05-01']);
    log.length = 0;
    router.routeButton('antidrift-summary-2024-05-01', 0);
    expect(log).toEqual(['summary button 0 antidrift-summary-2024-05-01']);
  });

  it('leaves alone a notification nobody owns, and a button on an owner without buttons', () => {
    const log: string[] = [];
    const router = new NotificationRouter();
    router.own('antidrift-drift-', recorder('drift', log));
    router.own('antidrift-summary-', recorder('summary', log, false));
    router.routeClick('other-1');
    router.routeButton('other-1', 0);
    // A prefix of a prefix is not the prefix: the id must start with the whole of it.
    router.routeClick('antidrift-');
    router.routeClick('antidrift-drift');
    router.routeButton('antidrift-summary-2024-05-01', 0);
    expect(log).toEqual([]);
  });

  it('throws on a second owner of one prefix, and keeps the first', () => {
    const log: string[] = [];
    const router = new NotificationRouter();
    router.own('antidrift-drift-', recorder('first', log));
    expect(() => router.own('antidrift-drift-', recorder('second', log))).toThrow(/antidrift-drift- has an owner already/);
    router.routeClick('antidrift-drift-1');
    expect(log).toEqual(['first clicked antidrift-drift-1']);
  });

  it('throws on a prefix that starts another owner’s, or that another owner’s starts, and takes neither', () => {
    const log: string[] = [];
    const router = new NotificationRouter();
    router.own('antidrift-block-', recorder('block', log));
    expect(() => router.own('antidrift-', recorder('wide', log))).toThrow(/antidrift- overlaps antidrift-block-/);
    expect(() => router.own('antidrift-block-x', recorder('narrow', log))).toThrow(/antidrift-block-x overlaps antidrift-block-/);
    router.routeClick('antidrift-other');
    router.routeClick('antidrift-block-x1');
    expect(log).toEqual(['block clicked antidrift-block-x1']);
  });
});
