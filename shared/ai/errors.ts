// The one error class of every AI failure (a port that could not answer, an answer the parser refused), each with a stable `kind`.
import type { AIRole, ParseFailureKind } from './vocabulary';

export type { AIRole } from './vocabulary';

/** Stable machine-readable categories of an unusable answer; diagnostics and logs key on these, not on messages. */
export type AIResponseErrorKind = ParseFailureKind;

/** Longest slice of the model's raw output an error keeps, so diagnostics show it without flooding. */
export const ERROR_EXCERPT_CHARS = 200;

function excerptOf(text: string): string {
  // Code-point aware so a surrogate pair is never split; controls are shown escaped for logs.
  const points = Array.from(text);
  const head = points.slice(0, ERROR_EXCERPT_CHARS).join('');
  const visible = JSON.stringify(head).slice(1, -1);
  return points.length > ERROR_EXCERPT_CHARS ? `${visible}…` : visible;
}

/** A failure in words: what happened, and what the person can do about it. */
export interface FailureWords {
  /** In the caller's vocabulary (the core's FailureKind): the port says what it knows, e.g. `timeout`. */
  readonly kind: string;
  readonly message: string;
  readonly hint?: string | undefined;
}

/**
 * Every way an AI call fails, as one class: a port that could not answer throws it with the words
 * the person reads; the role parsers throw its AIResponseError subclasses. Catch this to stay silent.
 */
export class AIFailure extends Error implements FailureWords {
  readonly kind: string;
  readonly hint: string | undefined;
  constructor(words: FailureWords, cause?: unknown) {
    super(words.message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.kind = words.kind;
    this.hint = words.hint;
  }
}

interface AIResponseErrorOptions {
  role?: AIRole | undefined;
  /** The raw model output, kept as a short escaped excerpt. */
  output?: string | undefined;
  cause?: unknown;
}

/** Base of every role-parser failure: the backend answered, and the answer was unusable. */
export abstract class AIResponseError extends AIFailure {
  declare readonly kind: AIResponseErrorKind;
  readonly role: AIRole | undefined;
  readonly excerpt: string;

  constructor(kind: AIResponseErrorKind, message: string, options: AIResponseErrorOptions = {}) {
    super({ kind, message }, options.cause);
    this.role = options.role;
    this.excerpt = options.output === undefined ? '' : excerptOf(options.output);
  }
}

/** The backend answered nothing but whitespace. */
export class EmptyResponseError extends AIResponseError {
  declare readonly kind: 'empty';
  constructor(options: AIResponseErrorOptions = {}) {
    super('empty', 'the model returned an empty response', options);
  }
}

/** The output holds no complete, brace-balanced `{…}` object. */
export class NoJSONError extends AIResponseError {
  declare readonly kind: 'no_json';
  constructor(options: AIResponseErrorOptions = {}) {
    super('no_json', 'the model response contains no JSON object', options);
  }
}

/** An object was found but it is not valid JSON or does not have the role's shape; `cause` says why. */
export class ParseError extends AIResponseError {
  declare readonly kind: 'parse';
  constructor(detail: string, options: AIResponseErrorOptions = {}) {
    super('parse', `the model response could not be parsed: ${detail}`, options);
  }
}

/** A well-formed verdict that says "drifting" without a reason; the banner is interruptive, so it must say why. */
export class InvalidVerdictError extends AIResponseError {
  declare readonly kind: 'invalid';
  constructor(options: AIResponseErrorOptions = {}) {
    super('invalid', 'the model said drifting but gave no reason', options);
  }
}

/** A well-formed coach answer whose next action or success condition is blank. */
export class InvalidCoachError extends AIResponseError {
  declare readonly kind: 'invalid';
  constructor(detail: string, options: AIResponseErrorOptions = {}) {
    super('invalid', `the coach answer is unusable: ${detail}`, options);
  }
}
