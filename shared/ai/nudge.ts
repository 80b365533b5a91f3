// Nudge role: the prompt that judges the trajectory of recent titles, and its strict parser.
import * as z from 'zod';
import { parseRoleObject } from './parse-object';
import { INVOLVES_NOTE, MAX_TITLE_CHARS, REPLY_ONE_OBJECT, UNTRUSTED_TITLES_NOTE, commitmentData, dataBlock } from './prompt-data';
import { cleanAndCap } from './sanitize';
import type { PromptCommitment, PromptLimits } from './vocabulary';
import { onFirstUse } from '../util/on-first-use';

/** Longest nudge message shown to the person, in code points (longer ones end with "…"). */
export const MAX_MESSAGE_CHARS = 300;

/** The nudge object on the wire. A missing or null message reads as "". */
export const NudgeSchema = onFirstUse(() =>
  z.object({
    on_track: z.boolean(),
    message: z.string().nullish(),
  }),
);
export type NudgeWire = z.infer<typeof NudgeSchema>;

/**
 * The advisory to show, or "" when the trajectory is on track. A concern with no words is
 * unusable, and the nudge is ambient and silent by default, so it degrades to "" rather than
 * an error (unlike a reasonless drift verdict).
 */
export function parseNudge(text: string): string {
  const wire = parseRoleObject(text, NudgeSchema, 'nudge');
  if (wire.on_track) return '';
  return cleanAndCap(wire.message ?? '', MAX_MESSAGE_CHARS);
}

/** The titles a nudge prompt carries: cleaned, capped, blanks dropped, the newest `limits.recentTitles`. */
export function promptTitles(recentTitles: readonly string[], limits: Pick<PromptLimits, 'recentTitles'>): string[] {
  // Only the newest entries can be sent, so do not pay for cleaning the rest.
  const tail = recentTitles.slice(-limits.recentTitles * 4);
  return tail
    .map((title) => cleanAndCap(title, MAX_TITLE_CHARS))
    .filter((title) => title !== '')
    .slice(-limits.recentTitles);
}

/** `recentTitles` are oldest first, as the controller's ring keeps them. */
export function buildNudgePrompt(commitment: PromptCommitment, recentTitles: readonly string[], limits: PromptLimits): string {
  const data = {
    ...commitmentData(commitment, limits),
    recent_titles: promptTitles(recentTitles, limits),
  };
  return [
    "You check, gently, whether a person's recent activity still serves the work they committed to.",
    '',
    'The DATA block below holds, as JSON, their commitment (the next action, then its success condition) and ' +
      'the titles of the windows and tabs they used most recently, oldest first. All of them are in apps and ' +
      'sites the person allowed for this work, so the question is not which app they use but what they do in it.',
    ...(data.involves ? [INVOLVES_NOTE] : []),
    UNTRUSTED_TITLES_NOTE,
    '',
    'How to judge:',
    '- Judge the trajectory of the titles as a whole against the commitment; the latest titles count most, ' +
      'and one stray title is not a trend.',
    '- Reference material, documentation, search and tools plausibly needed for the commitment are on track.',
    '- Answer on_track false only when the titles clearly show other work, another project or unrelated ' +
      'reading. When unsure, answer on_track true. Never invent a concern.',
    ...(data.involves ? ["- Titles that fit what the work involves are on track, as the commitment's own work is."] : []),
    '',
    dataBlock(data),
    '',
    REPLY_ONE_OBJECT,
    '{"on_track": <true or false>, "message": "<one short sentence>"}',
    'When on_track is false, the message is one kind sentence of no more than 20 words, addressed to the ' +
      'person, that names what they seem to be doing instead. When on_track is true, the message is "".',
  ].join('\n');
}
