// The schedule as form fields and back, and zod's issues at schedule.<i>.<field> as words next to that block.
import type { ScheduledBlock } from '../../shared/plan/plan-records';

/** One block as the form holds it: the length as typed. */
export interface BlockDraft {
  id: string;
  days: number[];
  start: string;
  lengthMinutes: string;
  templateId: string;
  autoStart: boolean;
}

/** Per block (by index): the messages to show next to it. */
export type ScheduleErrors = Record<number, string[]>;

export function toScheduleDraft(blocks: readonly ScheduledBlock[]): BlockDraft[] {
  return blocks.map((b) => ({ ...b, days: [...b.days], lengthMinutes: String(b.lengthMinutes) }));
}

/** What Settings parses; a blank length is NaN so the schema says "enter a number". */
export function fromScheduleDraft(drafts: readonly BlockDraft[]): unknown[] {
  return drafts.map((d) => ({
    ...d,
    lengthMinutes: d.lengthMinutes.trim() === '' ? Number.NaN : Number(d.lengthMinutes.trim()),
  }));
}

/** A new block: weekdays at 09:00 for an hour, from the first template. */
export function newBlock(id: string, templateId: string): BlockDraft {
  return { id, days: [1, 2, 3, 4, 5], start: '09:00', lengthMinutes: '60', templateId, autoStart: false };
}

/** Fields whose messages do not say which field they are about (the plan's own problems are whole sentences). */
const FIELD_WORDS: Partial<Record<string, string>> = { start: 'Start', lengthMinutes: 'Length' };

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The schedule's issues by block; a message that names its field already ("length: 5 to 720 minutes")
 * keeps its words, a bare one gets the field's ("Start: a time like 09:00").
 */
export function scheduleErrorsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const issue of issues) {
    const [top, index, field] = issue.path;
    if (top !== 'schedule') continue;
    const at = typeof index === 'number' ? index : -1;
    const words = FIELD_WORDS[String(field)];
    const named =
      words && !issue.message.toLowerCase().startsWith(words.toLowerCase()) ? `${words}: ${issue.message}` : capitalize(issue.message);
    const text = `${named.endsWith('.') ? named : `${named}.`}`;
    const list = (errors[at] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return errors;
}
