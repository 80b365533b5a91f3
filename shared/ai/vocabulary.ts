// The closed word lists of the AI roles, each written once (zod-free): the core and the schemas build on them.

/** The roles, one name each: the drift judge (its answer is a verdict), the heads-up nudge, the coach, Options' connection test. */
export const AI_ROLES = ['judge', 'nudge', 'coach', 'test'] as const;
export type AIRole = (typeof AI_ROLES)[number];

/** Where an observation came from: a browser tab (app = site host) or the active OS window (app = class). */
export const OBSERVATION_SOURCES = ['tab', 'os'] as const;
export type ObservationSource = (typeof OBSERVATION_SOURCES)[number];

/** The browser's built-in model (Prompt API), as LanguageModel.availability() says it. */
export const MODEL_AVAILABILITIES = ['unavailable', 'downloadable', 'downloading', 'available'] as const;
export type ModelAvailability = (typeof MODEL_AVAILABILITIES)[number];

/**
 * Why an answer was unusable. `empty` is the same word the helper uses for a backend that printed
 * nothing: one vocabulary from the CLI to the surfaces, no translation between them.
 */
export const PARSE_FAILURE_KINDS = ['empty', 'no_json', 'parse', 'invalid'] as const;
export type ParseFailureKind = (typeof PARSE_FAILURE_KINDS)[number];

/**
 * A commitment as the judge and the heads-up read it: "next action — success condition", and what the work involves in the
 * person's own words ('' when they said nothing: the prompt is then exactly the one without it).
 */
export interface PromptCommitment {
  readonly text: string;
  readonly involves: string;
}

/** The limits the core sets for what a prompt carries: passed in, so the roles depend on nothing. */
export interface PromptLimits {
  /** Longest next action or success condition the core accepts, in code points. */
  readonly maxCommitmentChars: number;
  /** How many recent titles a nudge prompt carries, newest kept. */
  readonly recentTitles: number;
}
