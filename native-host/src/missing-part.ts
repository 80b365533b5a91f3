// Why a part of the helper loaded later (chunks/) did not load, in words that say how to mend an incomplete copy.

/** The error's words, plus what to do when the part's file is missing (a copy without its chunks/ folder). */
export function partLoadFailure(err: unknown): string {
  const words = err instanceof Error ? err.message : String(err);
  const missing = (err as { code?: unknown } | null)?.code === 'ERR_MODULE_NOT_FOUND';
  return missing ? `${words} (the helper's files are incomplete: install the helper again with the command Options → Helper shows)` : words;
}
