// Under the blocked list while Strict is on: what cannot be blocked, in words (empty until the blocking checks say more).
import { capitalize } from '../../ui/format';

/** `problems`: one sentence each, e.g. "foo bar.com cannot be blocked: …"; nothing shows while there are none. */
export function StrictProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul class="error strict-problems" data-testid="strict-problems" aria-label="What Strict cannot block">
      {problems.map((problem) => (
        <li key={problem}>{capitalize(problem)}</li>
      ))}
    </ul>
  );
}
