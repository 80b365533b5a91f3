// Why a strict session cannot start with these blocked entries, in words: the start form shows it, the background refuses with it.
import { normalizeList } from '../core/list-entry';
import { siteRuleProblem } from './site-entry';

/** Chrome's and Firefox's MAX_NUMBER_OF_SESSION_RULES: one rule per site entry, so a list this long cannot be blocked whole. */
export const SESSION_RULE_LIMIT = 5000;

/** One sentence per blocked entry no rule can say, then the limit; empty when the list can be blocked as it is. */
export function strictListProblems(blocked: readonly string[]): string[] {
  const entries = normalizeList(blocked);
  const problems = entries.map(siteRuleProblem).filter((p): p is string => p !== undefined);
  if (entries.length > SESSION_RULE_LIMIT)
    problems.push(`a strict session blocks at most ${SESSION_RULE_LIMIT} sites at once: shorten the blocked list`);
  return problems;
}
