// Typed failures of the AI role parsers, each with a stable `kind` for diagnostics.

/** Which role's output failed to parse (shown in diagnostics next to the kind). */
export type AIRole = 'verdict' | 'nudge' | 'coach' | 'test';

/** Stable machine-readable failure categories; diagnostics and logs key on these, not on messages. */
export type AIResponseErrorKind = 'empty' | 'no_json' | 'parse' | 'invalid';

/** Longest slice of the model's raw output an error keeps, so diagnostics show it without flooding. */
export const ERROR_EXCERPT_CHARS = 200;

function excerptOf(text: string): string {
  // Code-point aware so a surrogate pair is never split; controls are shown escaped for logs.
  const points = Array.from(text);
  const head = points.slice(0, ERROR_EXCERPT_CHARS).join('');
  const visible = JSON.stringify(head).slice(1, -1);
  return points.length > ERROR_EXCERPT_CHARS ? `${visible}…` : visible;
}

interface AIResponseErrorOptions {
  role?: AIRole | undefined;
  /** The raw model output, kept as a short escaped excerpt. */
  output?: string | undefined;
  cause?: unknown;
}

/** Base of every role-parser failure. Catch this to treat all of them as "stay silent". */
export abstract class AIResponseError extends Error {
  abstract readonly kind: AIResponseErrorKind;
  readonly role: AIRole | undefined;
  readonly excerpt: string;

  constructor(message: string, options: AIResponseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.role = options.role;
    this.excerpt = options.output === undefined ? '' : excerptOf(options.output);
  }
}

/** The backend answered nothing but whitespace. */
export class EmptyResponseError extends AIResponseError {
  readonly kind = 'empty' as const;
  constructor(options: AIResponseErrorOptions = {}) {
    super('the model returned an empty response', options);
  }
}

/** The output holds no complete, brace-balanced `{…}` object. */
export class NoJSONError extends AIResponseError {
  readonly kind = 'no_json' as const;
  constructor(options: AIResponseErrorOptions = {}) {
    super('the model response contains no JSON object', options);
  }
}

/** An object was found but it is not valid JSON or does not have the role's shape; `cause` says why. */
export class ParseError extends AIResponseError {
  readonly kind = 'parse' as const;
  constructor(detail: string, options: AIResponseErrorOptions = {}) {
    super(`the model response could not be parsed: ${detail}`, options);
  }
}

/** A well-formed verdict that says "drifting" without a reason; the banner is interruptive, so it must say why. */
export class InvalidVerdictError extends AIResponseError {
  readonly kind = 'invalid' as const;
  constructor(options: AIResponseErrorOptions = {}) {
    super('the model said drifting but gave no reason', options);
  }
}

/** A well-formed coach answer whose next action or success condition is blank. */
export class InvalidCoachError extends AIResponseError {
  readonly kind = 'invalid' as const;
  constructor(detail: string, options: AIResponseErrorOptions = {}) {
    super(`the coach answer is unusable: ${detail}`, options);
  }
}
