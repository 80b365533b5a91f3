// The rules of a commitment's two texts, as plain functions (no zod: the popup loads them on open).

export const MAX_COMMITMENT_CHARS = 500;

export const COMMITMENT_REQUIRED = {
  nextAction: 'say what you will do next',
  successCondition: 'say how you will know it is done',
} as const;

export type CommitmentField = keyof typeof COMMITMENT_REQUIRED;

/** Why this text cannot stand in the commitment, or undefined when it can. */
export function commitmentProblem(field: CommitmentField, text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return COMMITMENT_REQUIRED[field];
  if (trimmed.length > MAX_COMMITMENT_CHARS) return `keep it under ${MAX_COMMITMENT_CHARS} characters`;
  return undefined;
}
