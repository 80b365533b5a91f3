// A commitment's rules and its one-line form, as plain functions (no zod: the popup loads them on open).
import { MAX_COMMITMENT_CHARS } from './limits';

export const COMMITMENT_REQUIRED = {
  nextAction: 'say what you will do next',
  successCondition: 'say how you will know it is done',
} as const;

export type CommitmentField = keyof typeof COMMITMENT_REQUIRED;

/** The two texts of a commitment. */
export type CommitmentTexts = Record<CommitmentField, string>;

/** Why this text cannot stand in the commitment, or undefined when it can. */
export function commitmentProblem(field: CommitmentField, text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return COMMITMENT_REQUIRED[field];
  if (trimmed.length > MAX_COMMITMENT_CHARS) return `keep it under ${MAX_COMMITMENT_CHARS} characters`;
  return undefined;
}

/** "nextAction — successCondition"; either part may be blank, and then the other stands alone. */
export function formatCommitment(nextAction: string, successCondition: string): string {
  const action = nextAction.trim();
  const success = successCondition.trim();
  if (action === '') return success;
  if (success === '') return action;
  return `${action} — ${success}`;
}

/** The form every AI role sees the commitment in. */
export function commitmentText(c: CommitmentTexts): string {
  return formatCommitment(c.nextAction, c.successCondition);
}
