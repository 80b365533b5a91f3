// The strict-session checkboxes' names, one wording for the popup's start form and Options' templates.

/** `short` is what shows; `rest` completes the accessible name (and the tooltip) where space is short. */
export interface CheckWords {
  readonly short: string;
  readonly rest: string;
}

export const STRICT_WORDS: CheckWords = { short: 'Strict', rest: ': block my blocked sites and slow down ending early' };
export const ALLOWLIST_ONLY_WORDS: CheckWords = {
  short: 'Allowlist only',
  rest: ': anything not on my allowed list is drift, no AI asked',
};

/** The whole name, as a screen reader says it. */
export function fullName(words: CheckWords): string {
  return `${words.short}${words.rest}`;
}
