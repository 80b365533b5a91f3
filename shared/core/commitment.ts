// A commitment's rules and its one-line form, as plain functions (no zod: the popup loads them on open).
import type { PromptCommitment } from '../ai/vocabulary';
import { MAX_COMMITMENT_CHARS, MAX_INVOLVES_CHARS } from './core-limits';

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

/** Why this "Involves" cannot stand (it is optional: blank is fine), or undefined when it can. */
export function involvesProblem(text: string): string | undefined {
  if (text.trim().length > MAX_INVOLVES_CHARS) return `keep what it involves under ${MAX_INVOLVES_CHARS} characters`;
  return undefined;
}

/** The form every AI role sees the commitment in. */
export function commitmentText(c: CommitmentTexts): string {
  return formatCommitment(c.nextAction, c.successCondition);
}

/** The commitment as the judge and the heads-up read it: its one-line form and what the work involves ('' when not said). */
export function promptCommitment(c: CommitmentTexts & { involves?: string | undefined }): PromptCommitment {
  return { text: commitmentText(c), involves: c.involves?.trim() ?? '' };
}
