// Under the blocked list while Strict is on: what cannot be blocked, in words — list entries the blocking refuses, and private windows when they are left out.
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

/** Why private windows are not blocked, in words; null when they are (watched, and the browser lets antidrift run there). */
export function privateWindowsLine(watched: boolean, allowed: boolean): string | null {
  // One short line: the popup has no room to spare, and Options → Privacy says the rest (the setting, and how to allow it).
  if (!watched) return 'Private windows are not blocked (Options → Privacy).';
  if (!allowed) return 'Private windows are not blocked: antidrift may not run there (Options → Privacy).';
  return null;
}

export function StrictPrivateWindows({ line }: { line: string | null }) {
  if (line === null) return null;
  return (
    <p class="muted strict-private" data-testid="strict-private">
      {line}
    </p>
  );
}
