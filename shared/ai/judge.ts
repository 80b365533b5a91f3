// Drift judge role: the prompt that asks whether one observation is drift, and the strict parser of its verdict.
import * as z from 'zod';
import { InvalidVerdictError } from './errors';
import { parseRoleObject } from './parse-object';
import {
  INVOLVES_NOTE,
  MAX_APP_CHARS,
  MAX_TITLE_CHARS,
  REPLY_ONE_OBJECT,
  UNTRUSTED_TITLES_NOTE,
  commitmentData,
  dataBlock,
} from './prompt-data';
import { cleanAndCap } from './sanitize';
import type { ObservationSource, PromptCommitment, PromptLimits } from './vocabulary';
import { onFirstUse } from '../util/on-first-use';

/** Longest reason shown to the person, in code points (longer ones end with "…"). */
export const MAX_REASON_CHARS = 300;

/** The verdict object on the wire. A missing or null reason reads as "" (fine unless drifting). */
export const VerdictSchema = onFirstUse(() =>
  z.object({
    drifting: z.boolean(),
    reason: z.string().nullish(),
  }),
);
export type VerdictWire = z.infer<typeof VerdictSchema>;

export type { ObservationSource };

/** The judge's answer, as the core keeps it: drifting always comes with a reason. */
export interface Verdict {
  drifting: boolean;
  reason: string;
}

export interface Observation {
  title: string;
  app: string;
  /** Omitted when the caller does not know; the prompt then says so. */
  source?: ObservationSource | undefined;
}

const SOURCE_LABEL: Record<ObservationSource, string> = {
  tab: 'browser tab',
  os: 'desktop window',
};

/** Parses the drift judge's answer; see `AIResponseError` subclasses for every failure. */
export function parseVerdict(text: string): Verdict {
  const wire = parseRoleObject(text, VerdictSchema, 'judge');
  const reason = cleanAndCap(wire.reason ?? '', MAX_REASON_CHARS);
  // The drift banner interrupts the person, so it must be able to say why.
  if (wire.drifting && reason === '') throw new InvalidVerdictError({ output: text, role: 'judge' });
  return { drifting: wire.drifting, reason };
}

export function buildJudgePrompt(commitment: PromptCommitment, observation: Observation, limits: PromptLimits): string {
  const data = {
    ...commitmentData(commitment, limits),
    window: {
      title: cleanAndCap(observation.title, MAX_TITLE_CHARS),
      app: cleanAndCap(observation.app, MAX_APP_CHARS),
      kind: observation.source ? SOURCE_LABEL[observation.source] : 'unknown',
    },
  };
  return [
    'You check whether a person is still working on what they committed to, or has drifted away from it.',
    '',
    'The DATA block below holds, as JSON, their commitment (the next action, then its success condition) and ' +
      'the window they are looking at right now: its title, its app (a website domain for a browser tab, a ' +
      'program name or window class for a desktop window) and its kind.',
    ...(data.involves ? [INVOLVES_NOTE] : []),
    UNTRUSTED_TITLES_NOTE,
    '',
    'How to judge:',
    '- On task: the work named in the commitment, and anything plausibly needed for its next action: ' +
      'reference material, documentation, search, and the tools used to do it.',
    '- Drifting: entertainment, social media, shopping, news, chat or other work unrelated to the commitment.',
    '- Judge the title and the app together. When they say too little to tell (an empty title, a new tab, ' +
      'a file manager), answer not drifting.',
    ...(data.involves
      ? [
          '- Read the commitment together with what the work involves: a window that fits either is on task; a window ' +
            'that fits neither is drifting, even in an app or on a site the work also uses.',
        ]
      : []),
    '- When unsure, answer not drifting. Never invent drift: a false alarm interrupts someone who is working.',
    '',
    dataBlock(data),
    '',
    REPLY_ONE_OBJECT,
    '{"drifting": <true|false>, "reason": "<one short sentence>"}',
    'The reason is one short sentence addressed to the person, saying what the window is and how it relates ' +
      'to the commitment. It must not be empty when drifting is true.',
  ].join('\n');
}
