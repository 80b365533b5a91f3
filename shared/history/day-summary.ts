// The end-of-day notification's text: today's totals and the biggest pull, from history only (never made up).
import type { BlockOutcome, TodaySummary } from './history-records';

function span(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** "2 sessions: 1 h 20 min focused, 12 min drift. Biggest pull: videos.test (12 min). Blocks: 1 started, 1 missed." */
export function daySummaryText(today: TodaySummary): string {
  const { blocks } = today;
  const sessions = `${today.sessions} ${today.sessions === 1 ? 'session' : 'sessions'}`;
  const parts = [`${sessions}: ${span(today.focusedMs)} focused, ${span(today.driftMs)} drift.`];
  if (today.biggestPull) parts.push(`Biggest pull: ${today.biggestPull.place} (${span(today.biggestPull.driftMs)}).`);
  if (today.reviews.length) {
    const met = today.reviews.filter((r) => r.answer === 'yes').length;
    parts.push(`Reviews: ${met} of ${today.reviews.length} met.`);
  }
  if (blocks.length) {
    const count = (outcome: BlockOutcome) => blocks.filter((b) => b === outcome).length;
    const skipped = count('skipped');
    parts.push(`Blocks: ${count('started')} started, ${count('missed')} missed${skipped ? `, ${skipped} skipped` : ''}.`);
  }
  return parts.join(' ');
}
