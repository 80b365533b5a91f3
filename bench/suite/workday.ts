// A seeded, synthetic 8-hour workday of window/tab observations, with the truth about each place the person went.
import { seededRng, type Rng } from './rng';

export interface DayObservation {
  at: number;
  source: 'tab' | 'os';
  app: string;
  title: string;
  /** A tab's whole address, when the day knows it: the replay observes it as the shell does (its path, its page). */
  url?: string;
}

/** A stretch of ≥ 30 s on a place that is not the work: the drift the product must flag. */
export interface RealDrift {
  start: number;
  end: number;
  app: string;
}

export interface Workday {
  start: number;
  end: number;
  allowed: string[];
  blocked: string[];
  observations: DayObservation[];
  drifts: RealDrift[];
  /** What an honest drift judge would answer per unmatched app (keyed by app). */
  truth: Record<string, boolean>;
  /** On mixed-use sites, what it would answer per page, by the page's title (what a judge reads): drift or not. */
  pageTruth?: Record<string, boolean>;
  /** Titles of pages only flicked past (a feed scrolled): a judge asked about one was asked too early. */
  flickTitles?: string[];
  counts: { flicks: number; blockedVisits: number; breaks: number };
}

const SEC = 1_000;
const MIN = 60 * SEC;
export const DAY_START = Date.UTC(2025, 2, 3, 9, 0, 0);

const FILES = ['parser.ts', 'parser.test.ts', 'lexer.ts', 'tokens.ts', 'README.md', 'errors.ts', 'ast.ts', 'index.ts'];
const COMMANDS = [
  'npm test',
  'git status',
  'git diff',
  'vim parser.ts',
  'npx vitest run parser',
  'ls',
  'git log --oneline',
  'npm run build',
];
const DOC_PAGES: [string, string][] = [
  ['developer.mozilla.org', 'String.prototype.codePointAt() - JavaScript | MDN'],
  ['developer.mozilla.org', 'Regular expressions - JavaScript | MDN'],
  ['github.com', 'Pull request #412 · acme/parser'],
  ['github.com', 'Issues · acme/parser'],
  ['docs.python.org', 're — Regular expression operations'],
];
/** Unmatched but on task: an honest judge says "not drifting". */
const ONTASK_UNMATCHED: [string, 'tab' | 'os', string][] = [
  ['stackoverflow.com', 'tab', 'How to write a recursive descent parser in TypeScript - Stack Overflow'],
  ['tc39.es', 'tab', 'ECMAScript® 2025 Language Specification'],
  ['meld', 'os', 'parser.ts : parser.ts.orig - Meld'],
];
/** Where the person actually drifts. */
const DRIFT_PLACES: [string, 'tab' | 'os', string[]][] = [
  ['news.ycombinator.com', 'tab', ['Hacker News', 'Show HN: A tiny database | Hacker News', 'Ask HN: Who is hiring? | Hacker News']],
  ['reddit.com', 'tab', ['r/programming', 'r/mechanicalkeyboards', 'Best budget keyboard? : r/mechanicalkeyboards']],
  ['x.com', 'tab', ['Home / X', 'Notifications / X']],
  ['steam', 'os', ['Steam', 'Store - Steam']],
  ['amazon.com', 'tab', ['Amazon.com: desk lamp', 'Amazon.com: Shopping Cart']],
];
/** Quick alt-tab glances (< 1 s) that are nobody's drift. */
const FLICK_PLACES: [string, 'tab' | 'os', string][] = [
  ['slack', 'os', 'general | acme - Slack'],
  ['mail.google.com', 'tab', 'Inbox (3) - mail@acme.dev - Gmail'],
  ['thunderbird', 'os', 'Inbox - Mozilla Thunderbird'],
];
const BLOCKED_PLACES: [string, string][] = [
  ['youtube.com', 'Lo-fi beats to code to - YouTube'],
  ['youtube.com', 'How parsers work (in 10 minutes) - YouTube'],
  ['netflix.com', 'Netflix'],
];

class Recorder {
  readonly observations: DayObservation[] = [];
  constructor(public now: number) {}
  see(source: 'tab' | 'os', app: string, title: string): void {
    this.observations.push({ at: this.now, source, app, title });
  }
  wait(ms: number): void {
    this.now += Math.max(1, Math.round(ms));
  }
}

/** Editor / terminal / docs work with changing titles for about `ms`. */
function work(r: Recorder, rng: Rng, until: number): number {
  let flicks = 0;
  while (r.now < until) {
    const roll = rng.next();
    if (roll < 0.5) {
      // The editor: a file, then dirty/save marker toggles and file switches.
      let file = rng.pick(FILES);
      const stretch = r.now + rng.between(1, 6) * MIN;
      while (r.now < Math.min(stretch, until)) {
        const dirty = rng.chance(0.5) ? '● ' : '';
        r.see('os', 'Code', `${dirty}${file} — parser — Visual Studio Code`);
        r.wait(rng.between(3, 30) * SEC);
        if (rng.chance(0.3)) file = rng.pick(FILES);
      }
    } else if (roll < 0.72) {
      const stretch = r.now + rng.between(0.5, 3) * MIN;
      while (r.now < Math.min(stretch, until)) {
        r.see('os', 'XTerm', `dev@box: ~/parser — ${rng.pick(COMMANDS)}`);
        r.wait(rng.between(4, 40) * SEC);
      }
    } else if (roll < 0.92) {
      const [app, title] = rng.pick(DOC_PAGES);
      r.see('tab', app, title);
      r.wait(rng.between(10, 150) * SEC);
    } else {
      const [app, source, title] = rng.pick(ONTASK_UNMATCHED);
      r.see(source, app, title);
      r.wait(rng.between(20, 180) * SEC);
    }
    // Alt-tab flicks: a glance at chat or mail and straight back.
    if (rng.chance(0.18)) {
      const back = r.observations[r.observations.length - 1]!;
      const [app, source, title] = rng.pick(FLICK_PLACES);
      r.see(source, app, title);
      r.wait(rng.between(250, 900));
      r.see(back.source, back.app, back.title);
      r.wait(rng.between(3, 20) * SEC);
      flicks++;
    }
  }
  return flicks;
}

export function generateWorkday(seed = 20250303): Workday {
  const rng = seededRng(seed);
  const r = new Recorder(DAY_START);
  const end = DAY_START + 8 * 60 * MIN;
  const drifts: RealDrift[] = [];
  let flicks = 0;
  let blockedVisits = 0;
  let breaks = 0;
  // The day's interruptions, in a seeded order: real drifts, blocked-site visits, short breaks; lunch near the middle.
  const plan: ('drift' | 'blocked' | 'break')[] = [...Array(7).fill('drift'), ...Array(4).fill('blocked'), ...Array(3).fill('break')];
  for (let i = plan.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  const lunchAt = DAY_START + rng.between(3.3, 3.7) * 60 * MIN;
  let lunched = false;
  while (r.now < end) {
    flicks += work(r, rng, Math.min(end, r.now + rng.between(12, 35) * MIN));
    if (r.now >= end) break;
    if (!lunched && r.now >= lunchAt) {
      // Lunch: away from the keyboard; the last window stays in front, nothing changes.
      r.wait(rng.between(35, 55) * MIN);
      lunched = true;
      breaks++;
      continue;
    }
    const next = plan.shift() ?? 'break';
    if (next === 'drift') {
      const [app, source, titles] = rng.pick(DRIFT_PLACES);
      const start = r.now;
      const stop = start + rng.between(0.5, 8) * MIN;
      while (r.now < stop) {
        r.see(source, app, rng.pick(titles));
        r.wait(Math.min(stop - r.now, rng.between(10, 90) * SEC));
      }
      drifts.push({ start, end: r.now, app });
    } else if (next === 'blocked') {
      const [app, title] = rng.pick(BLOCKED_PLACES);
      r.see('tab', app, title);
      r.wait(rng.between(20, 180) * SEC);
      blockedVisits++;
    } else {
      // A break with no input (coffee, a colleague): nothing happens.
      r.wait(rng.between(5, 15) * MIN);
      breaks++;
    }
  }
  const truth: Record<string, boolean> = {};
  for (const [app] of ONTASK_UNMATCHED) truth[app] = false;
  for (const [app] of DRIFT_PLACES) truth[app] = true;
  // Chat and mail are not the task; if a judge ever sees them, it says so.
  for (const [app] of FLICK_PLACES) truth[app] = true;
  return {
    start: DAY_START,
    end,
    allowed: ['code', 'xterm', 'github.com', 'developer.mozilla.org', 'docs.python.org'],
    blocked: ['youtube.com', 'netflix.com'],
    observations: r.observations.filter((o) => o.at < end),
    drifts: drifts.filter((d) => d.start < end && d.end - d.start >= 30 * SEC),
    truth,
    counts: { flicks, blockedVisits, breaks },
  };
}
