// The single-line form of a commitment that the drift judge and the nudge are given.

/** "nextAction — successCondition"; either part may be blank, and then the other stands alone. */
export function formatCommitment(nextAction: string, successCondition: string): string {
  const action = nextAction.trim();
  const success = successCondition.trim();
  if (action === '') return success;
  if (success === '') return action;
  return `${action} — ${success}`;
}
