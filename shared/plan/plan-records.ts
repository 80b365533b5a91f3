// The plan's records, one zod schema each: templates, scheduled blocks and the end-of-day summary (a template's rhythm is the session's, in core/).
import * as z from 'zod';
import { involvesProblem } from '../core/commitment';
import {
  BLOCK_MINUTES,
  MAX_BLOCKS,
  MAX_COMMITMENT_CHARS,
  MAX_TEMPLATE_NAME_CHARS,
  MAX_TEMPLATES,
  MAX_TIMEBOX_MINUTES,
} from '../core/core-limits';
import { EntryList } from '../core/match';
import { formatClockTime, parseClockTime } from '../util/clock-time';
import { Rhythm, wholeMinutes } from '../core/rhythm-record';
import { overlapDay, WEEKDAY_NAMES } from './week';
import { onFirstUse } from '../util/on-first-use';

/** Ids are made by the page that creates the record; they only have to be unique in their list. */
const RecordId = onFirstUse(() => z.string().min(1).max(64));

/** A commitment text in a template may be blank (a template can hold only lists); it is checked when the session starts. */
const TemplateText = onFirstUse(() => z.string().trim().max(MAX_COMMITMENT_CHARS, `keep it under ${MAX_COMMITMENT_CHARS} characters`));

/** What the work involves, optional as in the start form; refused in the start form's words. */
const TemplateInvolves = onFirstUse(() =>
  z
    .string()
    .trim()
    .superRefine((text, ctx) => {
      const problem = involvesProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
);

/** Everything the start form holds, kept under a name. */
export const Template = onFirstUse(() =>
  z.object({
    id: RecordId,
    name: z
      .string()
      .trim()
      .min(1, 'give the template a name')
      .max(MAX_TEMPLATE_NAME_CHARS, `keep the name under ${MAX_TEMPLATE_NAME_CHARS} characters`),
    nextAction: TemplateText.default(''),
    successCondition: TemplateText.default(''),
    /** Templates stored or synced before "Involves" read back with none. */
    involves: TemplateInvolves.default(''),
    allowed: EntryList.default([]),
    blocked: EntryList.default([]),
    timeboxMinutes: z.number().int().min(1).max(MAX_TIMEBOX_MINUTES).nullable().default(null),
    rhythm: Rhythm.nullable().default(null),
    /** A strict session: blocked sites are blocked, ending early waits (templates stored before strictness are not). */
    strict: z.boolean().default(false),
    /** Anything not on the allowed list is drift at once; no AI is asked. */
    allowlistOnly: z.boolean().default(false),
  }),
);
export type Template = z.infer<typeof Template>;

/** A template holds a full commitment: a block of it may start by itself. */
export function holdsCommitment(t: Pick<Template, 'nextAction' | 'successCondition'>): boolean {
  return t.nextAction.trim() !== '' && t.successCondition.trim() !== '';
}

const ClockTime = onFirstUse(() => z.string().refine((text) => parseClockTime(text) !== undefined, 'a time like 09:00'));

/** A recurring focus block: on these days, at this local time, for this long, from this template. */
export const ScheduledBlock = onFirstUse(() =>
  z.object({
    id: RecordId,
    /** 0 is Sunday (Date.getDay()). */
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'choose at least one day')
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'a day is chosen twice')
      .transform((days) => [...days].sort((a, b) => a - b)),
    /** "HH:MM", the person's local time. */
    start: ClockTime,
    lengthMinutes: wholeMinutes(BLOCK_MINUTES, 'length'),
    templateId: RecordId,
    /** Start the session at the block's time without asking (only with a template that holds a full commitment). */
    autoStart: z.boolean().default(false),
  }),
);
export type ScheduledBlock = z.infer<typeof ScheduledBlock>;

/** The optional notification with the day's totals. */
export const DaySummarySetting = onFirstUse(() =>
  z.object({
    enabled: z.boolean().default(false),
    at: ClockTime.default('18:00'),
  }),
);
export type DaySummarySetting = z.infer<typeof DaySummarySetting>;

/** A block's times in the week's nominal minutes. */
export function weeklyTimes(block: Pick<ScheduledBlock, 'days' | 'start' | 'lengthMinutes'>) {
  return { days: block.days, startMinute: parseClockTime(block.start) ?? 0, lengthMinutes: block.lengthMinutes };
}

/** "09:00 Deep work": how a block is named to a person. */
export function blockLabel(block: Pick<ScheduledBlock, 'start'>, templates: readonly Pick<Template, 'id' | 'name'>[], templateId: string) {
  const name = templates.find((t) => t.id === templateId)?.name ?? 'a deleted template';
  return `${formatClockTime(parseClockTime(block.start) ?? 0)} ${name}`;
}

export const TemplateList = onFirstUse(() =>
  z
    .array(Template)
    .max(MAX_TEMPLATES, `at most ${MAX_TEMPLATES} templates`)
    .superRefine((templates, ctx) => {
      const seen = new Map<string, number>();
      templates.forEach((t, i) => {
        const key = t.name.toLocaleLowerCase();
        const first = seen.get(key);
        if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `a template is already called "${t.name}"` });
        else seen.set(key, i);
      });
      const ids = new Set<string>();
      templates.forEach((t, i) => {
        if (ids.has(t.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'two templates share an id' });
        ids.add(t.id);
      });
    }),
);

export const BlockList = onFirstUse(() => z.array(ScheduledBlock).max(MAX_BLOCKS, `at most ${MAX_BLOCKS} blocks`));

/** Why a schedule cannot be kept, per block (overlaps name the other block; a block needs its template), checked against the templates. */
export function scheduleProblems(
  blocks: readonly ScheduledBlock[],
  templates: readonly Pick<Template, 'id' | 'name' | 'nextAction' | 'successCondition'>[],
): Array<{ index: number; field: 'days' | 'templateId' | 'autoStart'; message: string }> {
  const problems: Array<{ index: number; field: 'days' | 'templateId' | 'autoStart'; message: string }> = [];
  blocks.forEach((block, index) => {
    const template = templates.find((t) => t.id === block.templateId);
    if (!template) problems.push({ index, field: 'templateId', message: 'choose a template for this block' });
    else if (block.autoStart && !holdsCommitment(template))
      problems.push({
        index,
        field: 'autoStart',
        message: `"${template.name}" has no full commitment (next action and done when), so the block cannot start by itself`,
      });
    for (let other = 0; other < index; other++) {
      const day = overlapDay(weeklyTimes(blocks[other]!), weeklyTimes(block));
      if (day !== undefined) {
        problems.push({
          index,
          field: 'days',
          message: `overlaps ${blockLabel(blocks[other]!, templates, blocks[other]!.templateId)} on ${WEEKDAY_NAMES[day]}`,
        });
        break;
      }
    }
  });
  return problems;
}
