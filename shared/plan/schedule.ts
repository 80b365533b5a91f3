// When the scheduled blocks happen, in real instants for a time zone: occurrences in a range, the next one, today's (zod-free, pure).
import { formatClockTime, parseClockTime } from '../util/clock-time';
import type { ScheduledBlock, Template } from './plan-records';
import { addDays, dateKey, instantOf, localDateOf, weekdayOf, type LocalDate } from './zoned-time';

const MINUTE_MS = 60_000;

export type BlockShape = Pick<ScheduledBlock, 'id' | 'days' | 'start' | 'lengthMinutes' | 'templateId'>;
export type TemplateName = Pick<Template, 'id' | 'name'>;

/** One block on one day: the key names both, so the same occurrence is never offered twice. */
export interface Occurrence {
  /** "<blockId>@<local date YYYY-MM-DD>": the date the block starts on (one crossing midnight belongs to that day). */
  readonly key: string;
  readonly blockId: string;
  readonly templateId: string;
  readonly start: number;
  /** start + the block's length in real minutes (a DST change inside it does not stretch it). */
  readonly end: number;
  /** "09:00 Deep work" */
  readonly label: string;
}

/** "09:00 Deep work": the block's local start and its template's name (zod-free twin of records.blockLabel). */
export function labelOf(block: Pick<BlockShape, 'start' | 'templateId'>, templates: readonly TemplateName[]): string {
  const name = templates.find((t) => t.id === block.templateId)?.name ?? 'a deleted template';
  return `${formatClockTime(parseClockTime(block.start) ?? 0)} ${name}`;
}

/** The block's occurrence on a date, or null when it does not run that weekday. */
export function occurrenceOn(block: BlockShape, date: LocalDate, zone: string, templates: readonly TemplateName[]): Occurrence | null {
  if (!block.days.includes(weekdayOf(date))) return null;
  const minute = parseClockTime(block.start);
  if (minute === undefined) return null;
  const start = instantOf(date, minute, zone);
  return {
    key: `${block.id}@${dateKey(date)}`,
    blockId: block.id,
    templateId: block.templateId,
    start,
    end: start + block.lengthMinutes * MINUTE_MS,
    label: labelOf(block, templates),
  };
}

/** Occurrences whose start is in [from, to), oldest first. */
export function occurrencesBetween(
  blocks: readonly BlockShape[],
  templates: readonly TemplateName[],
  zone: string,
  from: number,
  to: number,
): Occurrence[] {
  if (to <= from) return [];
  const out: Occurrence[] = [];
  // A day either side: a zone far from UTC and a DST day both shift a date's instants by hours.
  const first = addDays(localDateOf(from, zone), -1);
  const last = dateKey(addDays(localDateOf(to, zone), 1));
  for (let date = first; dateKey(date) <= last; date = addDays(date, 1)) {
    for (const block of blocks) {
      const o = occurrenceOn(block, date, zone, templates);
      if (o && o.start >= from && o.start < to) out.push(o);
    }
  }
  return out.sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
}

/** The first occurrence starting after `after` (within eight days: every weekly block has one), or null without blocks. */
export function nextOccurrence(
  blocks: readonly BlockShape[],
  templates: readonly TemplateName[],
  zone: string,
  after: number,
): Occurrence | null {
  return occurrencesBetween(blocks, templates, zone, after + 1, after + 8 * 24 * 60 * MINUTE_MS)[0] ?? null;
}

/** The occurrences that start on the local date `at` falls on (a block crossing midnight into today is yesterday's). */
export function occurrencesOfDay(
  blocks: readonly BlockShape[],
  templates: readonly TemplateName[],
  zone: string,
  at: number,
): Occurrence[] {
  const date = localDateOf(at, zone);
  return blocks
    .map((b) => occurrenceOn(b, date, zone, templates))
    .filter((o): o is Occurrence => o !== null)
    .sort((a, b) => a.start - b.start);
}
