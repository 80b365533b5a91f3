// Words and numbers of the History page: spans of time, clock times, dates, and what each segment kind is called.
import type { DriftCause, ReviewAnswer } from '../../shared/history/history-records';

export { KIND_ORDER, KIND_WORDS } from '../../ui/kind-words';

export const CAUSE_WORDS: Record<DriftCause, string> = { blocked: 'blocked list', judged: 'judged' };

export const ANSWER_WORDS: Record<ReviewAnswer, string> = { yes: 'met', partly: 'partly met', no: 'not met' };

export { formatClock as clock, formatSpan as span } from '../../ui/format';

export function minutes(ms: number): number {
  return Math.round(ms / 60_000);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric' });

/** "Mon, 13 Nov" (the browser's locale decides the order). */
export function day(ms: number): string {
  return dayFormat.format(ms);
}

/** "Mon 13": under a chart bar. */
export function shortDay(ms: number): string {
  return shortDayFormat.format(ms);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** 0.5, 3, 12.3: per-day and per-hour rates. */
export function rate(n: number): string {
  return n >= 10 ? n.toFixed(0) : n.toFixed(1).replace(/\.0$/, '');
}
