// A seeded 8-hour workday on mixed-use sites: lectures and cat videos on YouTube, work threads and r/funny on Reddit,
// searches for the work and for shopping: each page with the truth about it, and feeds scrolled past faster than a dwell.
import { placeOf } from '../../shared/core/site-parts';
import { seededRng, type Rng } from './rng';
import { DAY_START, type DayObservation, type RealDrift, type Workday } from './workday';

const SEC = 1_000;
const MIN = 60 * SEC;

/** A page: its address, its title, and whether an honest judge calls it drift. */
type Page = readonly [url: string, title: string, drift: boolean];

/** The work's pages on the sites that also hold the drift. */
const WORK_PAGES: readonly Page[] = [
  ['https://www.youtube.com/watch?v=pratt01', 'Pratt parsing explained, lecture 3 - YouTube', false],
  ['https://www.youtube.com/watch?v=lexer02', 'Writing a lexer by hand, lecture 2 - YouTube', false],
  ['https://www.youtube.com/watch?v=vitest3', 'Vitest in 20 minutes: testing TypeScript - YouTube', false],
  [
    'https://www.reddit.com/r/typescript/comments/1a2b3c/writing_a_recursive_descent_parser/',
    'Writing a recursive descent parser : r/typescript',
    false,
  ],
  [
    'https://www.reddit.com/r/ProgrammingLanguages/comments/9z8y7x/error_recovery/',
    'Error recovery in hand-written parsers : r/ProgrammingLanguages',
    false,
  ],
  ['https://stackoverflow.com/questions/2245962/writing-a-parser-in-typescript', 'Writing a parser in TypeScript - Stack Overflow', false],
  ['https://stackoverflow.com/questions/4785491/vitest-test-each-table', 'How to use test.each tables in Vitest - Stack Overflow', false],
  ['https://www.google.com/search?q=pratt+parser+typescript', 'pratt parser typescript - Google Search', false],
  ['https://www.google.com/search?q=vitest+snapshot+parser+errors', 'vitest snapshot parser errors - Google Search', false],
  ['https://github.com/acme/parser/pull/412', 'Pull request #412 · acme/parser', false],
  ['https://en.wikipedia.org/wiki/Operator-precedence_parser', 'Operator-precedence parser - Wikipedia', false],
];

/** Where the person drifts on those same sites. */
const DRIFT_PAGES: readonly Page[] = [
  ['https://www.youtube.com/watch?v=cats001', 'Funniest cats of 2026 - YouTube', true],
  ['https://www.youtube.com/watch?v=lofi777', 'Lo-fi beats to relax to - YouTube', true],
  ['https://www.youtube.com/watch?v=f1recap', 'F1 race highlights - YouTube', true],
  ['https://www.reddit.com/r/funny/', 'r/funny', true],
  ['https://www.reddit.com/r/funny/comments/5q6w7e/my_cat_discovered_the_printer/', 'My cat discovered the printer : r/funny', true],
  ['https://www.reddit.com/r/mechanicalkeyboards/comments/3e4r5t/best_budget_board/', 'Best budget board? : r/mechanicalkeyboards', true],
  ['https://www.google.com/search?q=desk+lamp+warm+light', 'desk lamp warm light - Google Search', true],
  ['https://x.com/home', 'Home / X', true],
  ['https://en.wikipedia.org/wiki/List_of_largest_cruise_ships', 'List of largest cruise ships - Wikipedia', true],
];

/** Suggested videos hopped through (a mis-click and back, an autoplay skipped): each left within the judge's dwell. */
const FEED_PAGES: readonly Page[] = Array.from({ length: 12 }, (_, i) => [
  `https://www.youtube.com/watch?v=feed${String(i).padStart(3, '0')}`,
  `Suggested video ${i + 1} - YouTube`,
  true,
]);

const EDITOR_TITLES = [
  'parser.ts — parser — Visual Studio Code',
  'parser.test.ts — parser — Visual Studio Code',
  'lexer.ts — parser — Visual Studio Code',
];

class Day {
  readonly observations: DayObservation[] = [];
  constructor(public now: number) {}
  app(app: string, title: string): void {
    this.observations.push({ at: this.now, source: 'os', app, title });
  }
  page([url, title]: Page): void {
    const site = placeOf(url)!.site;
    this.observations.push({ at: this.now, source: 'tab', app: site, title, url });
  }
  wait(ms: number): void {
    this.now += Math.max(1, Math.round(ms));
  }
}

/** Work: the editor (a title at each save and file switch, as an editor's title changes), and the work's pages on mixed-use sites. */
function work(d: Day, rng: Rng, until: number): void {
  while (d.now < until) {
    if (rng.chance(0.6)) {
      const stretch = d.now + rng.between(1, 6) * MIN;
      let title = rng.pick(EDITOR_TITLES);
      while (d.now < Math.min(stretch, until)) {
        d.app('Code', `${rng.chance(0.5) ? '● ' : ''}${title}`);
        d.wait(rng.between(3, 30) * SEC);
        if (rng.chance(0.3)) title = rng.pick(EDITOR_TITLES);
      }
    } else {
      d.page(rng.pick(WORK_PAGES));
      d.wait(rng.between(40, 300) * SEC);
    }
  }
}

/**
 * The day: work, then an interruption, again: a drift on a mixed-use site (one page or a few, ≥ 30 s), suggested videos
 * hopped through (each left within the judge's dwell), or a break. Truth is by page, as an honest judge reads pages.
 */
export function generateMixedWorkday(seed = 20261207): Workday {
  const rng = seededRng(seed);
  const d = new Day(DAY_START);
  const end = DAY_START + 8 * 60 * MIN;
  const drifts: RealDrift[] = [];
  let flicks = 0;
  let breaks = 0;
  while (d.now < end) {
    work(d, rng, Math.min(end, d.now + rng.between(10, 30) * MIN));
    if (d.now >= end) break;
    const roll = rng.next();
    if (roll < 0.5) {
      const start = d.now;
      const pages = rng.int(1, 3);
      for (let i = 0; i < pages; i++) {
        d.page(rng.pick(DRIFT_PAGES));
        d.wait(rng.between(30, 240) * SEC);
      }
      drifts.push({ start, end: d.now, app: '' });
    } else if (roll < 0.8) {
      const pages = rng.int(4, 10);
      let last: Page | undefined;
      for (let i = 0; i < pages; i++) {
        // Another video each hop: the same page twice in a row would be one longer look at it.
        let next = rng.pick(FEED_PAGES);
        while (next === last) next = rng.pick(FEED_PAGES);
        last = next;
        d.page(next);
        // Under the default dwell (1.5 s): a page left before it is never judged.
        d.wait(rng.between(0.3, 1.4) * SEC);
        flicks++;
      }
    } else {
      d.wait(rng.between(5, 15) * MIN);
      breaks++;
    }
  }
  const pageTruth: Record<string, boolean> = {};
  for (const [, title, drift] of [...WORK_PAGES, ...DRIFT_PAGES, ...FEED_PAGES]) pageTruth[title] = drift;
  const observations = d.observations.filter((o) => o.at < end);
  // A drift's site, from its first page: the replay checks the flag was raised there.
  for (const drift of drifts) drift.app = observations.find((o) => o.at >= drift.start)?.app ?? '';
  return {
    start: DAY_START,
    end,
    allowed: ['code', 'docs.test'],
    blocked: [],
    observations,
    drifts: drifts.filter((x) => x.start < end && x.end - x.start >= 30 * SEC),
    // The editor is allowed; anything an honest judge meets off the pages above is not the work.
    truth: {},
    pageTruth,
    flickTitles: FEED_PAGES.map(([, title]) => title),
    counts: { flicks, blockedVisits: 0, breaks },
  };
}
