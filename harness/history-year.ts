// Generated history (seeded), a year by default: ~2 000 sessions, ~200 000 segments, with marks and reviews, as the recorder writes them.
import type { HistoryMark, HistorySegment, HistorySession, SessionReview } from '../shared/history/history-records';
import { prng } from './prng';

function seededRng(seed: number) {
  const next = prng(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const PLACES_ON = ['github.com', 'code', 'docs.python.org', 'localhost', 'stackoverflow.com', 'gnome-terminal', 'figma.com'];
const PLACES_OFF = ['youtube.com', 'news.ycombinator.com', 'reddit.com', 'slack', 'twitter.com', 'mail.google.com'];

export interface HistoryYear {
  sessions: HistorySession[];
  segments: HistorySegment[];
  marks: HistoryMark[];
  reviews: SessionReview[];
  sessionHours: number;
}

/** Sessions every day of the `days` before `now` (a year unless told); each ~100 segments long. */
export function generateYear(now: number, sessionsPerDay = 5.5, seed = 7, days = 365): HistoryYear {
  const rng = seededRng(seed);
  const out: HistoryYear = { sessions: [], segments: [], marks: [], reviews: [], sessionHours: 0 };
  const first = now - days * DAY;
  let id = 0;
  for (let day = 0; day < days; day++) {
    const dayStart = first + day * DAY;
    const count = Math.max(1, Math.round(sessionsPerDay + rng.between(-1.5, 1.5)));
    let t = dayStart + 8 * 60 * MIN + rng.int(0, 60) * MIN;
    for (let s = 0; s < count; s++) {
      const startedAt = t;
      const key = `${startedAt.toString(36)}-${++id}`;
      let at = startedAt;
      let episode = 0;
      const segments = rng.int(80, 120);
      for (let g = 0; g < segments; g++) {
        const roll = rng.next();
        const kind = roll < 0.7 ? 'ontask' : roll < 0.8 ? 'drifting' : roll < 0.88 ? 'unsure' : roll < 0.96 ? 'away' : 'paused';
        const length = Math.round(rng.between(5, 60) * 1000);
        const drifting = kind === 'drifting';
        const place = kind === 'away' || kind === 'paused' ? '' : rng.pick(drifting ? PLACES_OFF : PLACES_ON);
        const cause = drifting ? (rng.chance(0.4) ? 'blocked' : 'judged') : null;
        out.segments.push({
          key: `${key}:${at.toString(36)}`,
          session: key,
          kind,
          start: at,
          end: at + length,
          source: place ? (place.includes('.') ? 'tab' : 'os') : null,
          place,
          title: place ? `${place} — a typical window title of moderate length #${g}` : '',
          cause,
          reason: drifting ? (cause === 'blocked' ? `${place} is on your blocked list` : `${place} is not part of the task`) : '',
        });
        if (drifting) {
          episode++;
          out.marks.push({ key: `${key}:d${episode}`, session: key, at, type: 'drift', episode, place, cause: cause!, reason: 'drift' });
          if (rng.chance(0.6))
            out.marks.push({ key: `${key}:a${episode}`, session: key, at: at + 2_000, type: 'answer', episode, choice: 'backToTask' });
          if (cause === 'judged')
            out.marks.push({ key: `${key}:j${episode}`, session: key, at, type: 'call', role: 'judge', backend: 'claude', ok: true });
        }
        at += length;
      }
      out.sessions.push({
        key,
        nextAction: 'Write the parser tests for the tokenizer module',
        involves: '',
        successCondition: 'all tests in parser.test.ts pass',
        allowed: ['github.com', 'code', 'docs.python.org'],
        strict: false,
        strictTally: null,
        blocked: ['youtube.com', 'reddit.com'],
        startedAt,
        timeboxMinutes: rng.chance(0.5) ? 50 : null,
        endedAt: at,
        endReason: 'ended',
        lastSeenAt: at,
      });
      if (rng.chance(0.6)) out.reviews.push({ key, answer: rng.pick(['yes', 'partly', 'no'] as const), note: '', at });
      out.sessionHours += (at - startedAt) / (60 * MIN);
      t = at + rng.int(10, 40) * MIN;
    }
  }
  return out;
}
